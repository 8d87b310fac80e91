import { existsSync } from 'node:fs';
import {
  AppError,
  server,
  ZMarketImportReport,
  type TMarketImportJob,
  type TMarketImportStatus,
} from '@tradebot/api-contract';
import {
  activeMarketImport,
  claimMarketImport,
  latestMarketImport,
  updateMarketImport,
} from '@tradebot/db';
import { enqueue, marketImportJobId, marketImportQueue } from '@tradebot/jobs';
import type { ServiceDeps } from '../deps.js';
import type { SessionInfo } from '../types.js';
import { importMarketData, listImportFiles, type ImportReport } from './market-data-import.js';

/** The websocket task name of the import's progress events. */
export const MARKET_IMPORT_TASK = 'market-import';

/** BullMQ states in which a job will never run (again): its row is stale if still active. */
const OVER = new Set(['completed', 'failed', 'unknown']);

/** Short summary shown beside the report. */
function summary(report: ImportReport): string {
  const loaded = report.filesTotal - report.filesRefused.length;
  const n = (value: number) => value.toLocaleString('en-US');
  return `Imported ${loaded} of ${report.filesTotal} files: ${n(report.companies.inserted)} new companies, ${n(report.bars.inserted)} new daily bars, ${n(report.rejected.length)} rejected rows.`;
}

/**
 * The admin dashboard's "Import market data": the server's configured folder (MARKET_DATA_DIR)
 * loaded by the worker as a BullMQ job, with progress to the admin's websocket and the report
 * kept in `market_data_imports`. At most one import is queued or running: a second request
 * (a double click, another admin) is told the running one's job.
 */
export function marketImportJobService(
  deps: Pick<ServiceDeps, 'db' | 'events' | 'universe' | 'now'>,
) {
  const { db, universe } = deps;
  const folder = universe.marketDataDir;
  const available = () => folder !== undefined && existsSync(folder);

  /** A row left queued or running by a job that will never finish (its worker was lost). */
  async function clearStale() {
    const active = await activeMarketImport(db);
    if (!active) return;
    const state = await universe.importQueue.getJobState(marketImportJobId(active.id));
    if (!OVER.has(state)) return;
    await updateMarketImport(db, active.id, {
      status: 'failed',
      error: 'The import stopped before it finished (its worker was stopped). Start it again.',
      finishedAt: deps.now(),
    });
  }

  return {
    /** POST /api/admin/import-market-data */
    async start(session: SessionInfo) {
      if (!available()) throw new AppError('BAD_REQUEST', server.marketImportNoFolder);
      await clearStale();
      const claim = await claimMarketImport(db, session.userId);
      const jobId = marketImportJobId(claim.id);
      if (!claim.created) return { message: server.marketImportAlreadyRunning, job_id: jobId };
      await enqueue(
        universe.importQueue,
        marketImportQueue,
        { importId: claim.id, requestedBy: session.userId },
        { jobId },
      );
      return { message: server.marketImportQueued, job_id: jobId };
    },

    /** GET /api/admin/import-market-data: the latest import with its progress or report. */
    async status(): Promise<TMarketImportStatus> {
      const row = await latestMarketImport(db);
      if (!row) return { available: available(), last: null };
      const report = ZMarketImportReport.safeParse(row.report);
      return {
        available: available(),
        last: {
          job_id: marketImportJobId(row.id),
          status: row.status as 'queued' | 'running' | 'completed' | 'failed',
          files_done: row.filesDone,
          files_total: row.filesTotal,
          message: row.message,
          created_at: row.createdAt.toISOString(),
          finished_at: row.finishedAt?.toISOString() ?? null,
          report: report.success ? report.data : null,
          error: row.error,
        },
      };
    },

    /** The worker's side: runs one import, recording progress and the report on its row. */
    async run(job: TMarketImportJob): Promise<'completed' | 'failed'> {
      const { importId, requestedBy } = job;
      const publish = (completed: number, total: number, message: string) =>
        requestedBy === null
          ? Promise.resolve()
          : deps.events.publish(requestedBy, {
              type: 'progress',
              task: MARKET_IMPORT_TASK,
              completed,
              total,
              message,
            });
      try {
        if (!folder) throw new AppError('BAD_REQUEST', server.marketImportNoFolder);
        const total = (await listImportFiles(folder)).length;
        await updateMarketImport(db, importId, {
          status: 'running',
          filesDone: 0,
          filesTotal: total,
          message: null,
        });
        await publish(0, total, 'Starting');
        let writes = Promise.resolve();
        const report = await importMarketData(db, folder, {
          onProgress: (progress) => {
            // Progress is recorded in order, one write at a time, while the import goes on.
            writes = writes.then(async () => {
              await updateMarketImport(db, importId, {
                filesDone: progress.filesDone,
                message: progress.file,
              });
              await publish(progress.filesDone, progress.filesTotal, progress.file);
            });
          },
        });
        await writes;
        await updateMarketImport(db, importId, {
          status: 'completed',
          filesDone: report.filesTotal,
          message: summary(report),
          report,
          finishedAt: deps.now(),
        });
        await publish(report.filesTotal, report.filesTotal, summary(report));
        return 'completed';
      } catch (error) {
        // The folder's own problems (nothing to import) are the admin's to read; anything else
        // (a database fault) is logged by the worker and shown as a plain failure.
        const known =
          error instanceof AppError ||
          (error instanceof Error && error.message.startsWith('No market data'));
        if (!known) console.error('[market-import] failed:', error);
        await updateMarketImport(db, importId, {
          status: 'failed',
          error: known
            ? (error as Error).message
            : 'The import failed on the server; see the worker log.',
          finishedAt: deps.now(),
        });
        await publish(0, 0, 'Import failed');
        return 'failed';
      }
    },
  };
}

export type MarketImportJobService = ReturnType<typeof marketImportJobService>;
