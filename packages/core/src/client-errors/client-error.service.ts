import { server, type TClientErrorReport } from '@tradebot/api-contract';
import { createClientErrorReport } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import type { RequestMeta } from '../types.js';

/** Client error reports: no auth, rate-limited per IP; only the token's first 8 characters are kept. */
export function clientErrorService(deps: Pick<ServiceDeps, 'db' | 'limiter'>) {
  return {
    async report(input: TClientErrorReport, meta: RequestMeta) {
      await deps.limiter.consume('clientErrorIp', meta.ip);
      await createClientErrorReport(deps.db, {
        errorId: input.errorId,
        message: input.message,
        stack: input.stack ?? null,
        url: input.url ?? null,
        userAgent: input.userAgent ?? meta.userAgent,
        userRef: input.userToken ? input.userToken.slice(0, 8) : null,
        userId: null,
        errorCount: input.errorCount,
        reportedAt: input.timestamp ? new Date(input.timestamp) : null,
        ip: meta.ip,
      });
      return { message: server.reportStored };
    },
  };
}
