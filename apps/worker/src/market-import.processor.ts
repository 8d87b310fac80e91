import type { Services } from '@tradebot/core';

type ImportJob = Parameters<Services['marketImport']['run']>[0];

/** The market-data import queue's processor: the import itself is core's (one service, three doors). */
export const marketImportProcessor =
  (services: Pick<Services, 'marketImport'>) => async (job: ImportJob) => ({
    importId: job.importId,
    status: await services.marketImport.run(job),
  });
