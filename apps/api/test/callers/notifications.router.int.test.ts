import { server } from '@tradebot/api-contract';
import { createNotification } from '@tradebot/db';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectUnauthenticated } from './caller.js';

const s = callerSuite('notes');

describe('notifications router', () => {
  it('lists the caller’s own notifications, newest first, and clears them', async () => {
    const db = s.api.runtime.db;
    await createNotification(db, s.user.userId, 'First', 'completed');
    await createNotification(db, s.user.userId, 'Second', 'failed');
    await createNotification(db, s.admin.userId, 'Not yours', 'completed');
    const list = await s.user.call.notifications.list();
    expect(list.map((n) => [n.message, n.status])).toEqual([
      ['Second', 'failed'],
      ['First', 'completed'],
    ]);
    expect(await s.user.call.notifications.clear()).toEqual({
      message: server.notificationsCleared,
    });
    expect(await s.user.call.notifications.list()).toEqual([]);
    expect(await s.admin.call.notifications.list()).toMatchObject([{ message: 'Not yours' }]);
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.notifications.list());
    await expectUnauthenticated(s.anonymous.notifications.clear());
  });
});
