import { server } from '@tradebot/api-contract';
import {
  clearNotifications,
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
} from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';

/**
 * The user's notifications: the latest 100, newest first; clearing removes them all.
 * The bell counts the unread ones; opening it marks read what it showed.
 */
export function notificationService(deps: Pick<ServiceDeps, 'db' | 'now'>) {
  const unread = async (userId: number) => ({
    count: await countUnreadNotifications(deps.db, userId),
  });
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
    unread,
    async markRead(userId: number, upToId: number) {
      await markNotificationsRead(deps.db, userId, upToId, deps.now());
      return unread(userId);
    },
    async clear(userId: number) {
      await clearNotifications(deps.db, userId);
      return { message: server.notificationsCleared };
    },
  };
}
