import { server } from '@tradebot/api-contract';
import { clearNotifications, listNotifications } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';

/** The user's notifications: the latest 100, newest first; clearing removes them all. */
export function notificationService(deps: Pick<ServiceDeps, 'db'>) {
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
      return { message: server.notificationsCleared };
    },
  };
}
