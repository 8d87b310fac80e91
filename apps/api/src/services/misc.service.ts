import { server, type RequestMeta, type TClientErrorReport } from '@tradebot/api-contract';
import { clearNotifications, createClientErrorReport, listNotifications } from '@tradebot/db';
import type { ServiceDeps } from './deps.js';

/** Client error reports: no auth, rate-limited per IP; only the token's first 8 characters are kept. */
export function clientErrorService(deps: ServiceDeps) {
  return {
    async report(input: TClientErrorReport, meta: RequestMeta) {
      await deps.limiter.consume('clientErrorIp', meta.ip);
      const reportedAt = input.timestamp ? new Date(input.timestamp) : null;
      await createClientErrorReport(deps.db, {
        errorId: input.errorId,
        message: input.message,
        stack: input.stack ?? null,
        url: input.url ?? null,
        userAgent: input.userAgent ?? meta.userAgent,
        userRef: input.userToken ? input.userToken.slice(0, 8) : null,
        userId: null,
        errorCount: input.errorCount,
        reportedAt: reportedAt && !Number.isNaN(reportedAt.getTime()) ? reportedAt : null,
        ip: meta.ip,
      });
      return { message: server.reportStored };
    },
  };
}

export function notificationService(deps: ServiceDeps) {
  return {
    async list(userId: number) {
      const rows = await listNotifications(deps.db, userId, 100);
      return rows.map((row) => ({
        id: row.id,
        message: row.message,
        status: row.status,
        timestamp: row.createdAt.toISOString(),
      }));
    },
    async clear(userId: number) {
      await clearNotifications(deps.db, userId);
      return { message: 'Old notifications cleared.' };
    },
  };
}
