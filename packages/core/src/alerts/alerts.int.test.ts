import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TAlertJob } from '@tradebot/api-contract';
import { createNotification, findAlertSettings, type Db } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { alertEventJobId, alertQueue, startWorker, createRedis } from '@tradebot/jobs';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coreEnvShape, parseEnv } from '../env.js';
import { createCoreRuntime } from '../runtime.js';
import type { SessionInfo } from '../types.js';
import { alertDeliveries } from '../observability/metrics.js';
import { ALERTS_PER_MINUTE, foldText } from './alert-delivery.js';
import { dispatchAlerts } from './alert-dispatch.js';
import { summaryText } from './daily-summary.js';
import { testUser } from '../../test/test-user.js';

/**
 * Alerts end to end on real PostgreSQL and Redis: a notification of an alert kind goes through
 * the alerts queue and the worker's processor to a real HTTP receiver on 127.0.0.1
 * (ALERT_WEBHOOK_ALLOW_PRIVATE=1), once, however often it is handed over, and past 30 a minute
 * the rest arrive as one "and N more".
 */
let now = Date.parse('2026-11-27T15:00:10Z');
const runtime = await createCoreRuntime(
  {
    ...parseEnv(
      coreEnvShape,
      {
        DATABASE_URL: process.env.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL,
        ALERT_WEBHOOK_ALLOW_PRIVATE: '1',
        DEMO_TRADING_DAYS_PER_MINUTE: '0',
        DEMO_CLOCK_START: '2026-11-23T14:00:00Z',
      },
      'test',
    ),
    ENCRYPTION_KEY: 'c'.repeat(64),
  },
  { now: () => new Date(now) },
);
const db: Db = runtime.db;
const services = runtime.services;
const connection = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
const hits: { body: Record<string, unknown> }[] = [];
let receiver: Server;
let url = '';
let worker: Worker | null = null;

function startAlertWorker(): Worker {
  return startWorker(
    alertQueue,
    (job: TAlertJob) => services.alerts.handle(job),
    connection,
    runtime.queueNamespace,
    4,
  );
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out; ${hits.length} received`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** tradebot_alert_deliveries_total of one channel and outcome in this process. */
async function delivered(channel: string, outcome: string): Promise<number> {
  const { values } = await alertDeliveries.get();
  const found = values.find((v) => v.labels.channel === channel && v.labels.outcome === outcome);
  return found?.value ?? 0;
}

async function user(name: string): Promise<SessionInfo> {
  const userId = await testUser(db, name);
  return {
    userId,
    username: name,
    id: 'x',
    kind: 'full',
    purpose: null,
    isAdmin: false,
    isOnboarded: true,
  } as SessionInfo;
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      hits.push({ body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook/secret`;
  await resetDatabase(db);
  await runtime.deps.alertQueue.obliterate({ force: true });
});
beforeEach(() => {
  hits.length = 0;
});
afterAll(async () => {
  await worker?.close();
  receiver.close();
  connection.disconnect();
  await runtime.close();
});

describe('alerts through the queue and the worker', () => {
  it('saves secrets encrypted, reads them back only as configured, and delivers a fill once', async () => {
    const ann = await user('ann');
    const saved = await services.alerts.save(ann, {
      webhook: { enabled: true, url, format: 'json' },
      telegram: { bot_token: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw', chat_id: '12345634' },
    });
    expect(saved.settings.webhook).toMatchObject({ enabled: true, configured: true });
    expect(saved.settings.telegram.summary).toBe('telegram: configured, chat id 12…34');
    expect(JSON.stringify(saved)).not.toContain('secret');
    expect(JSON.stringify(saved)).not.toContain('AAHdq');
    const row = await findAlertSettings(db, ann.userId);
    expect(row?.webhookUrlEnc).toMatch(/^v2\./);
    expect(row?.webhookUrlEnc).not.toContain('hook');

    worker = startAlertWorker();
    const countedBefore = await delivered('webhook', 'delivered');
    const id = await createNotification(db, ann.userId, 'Bought 10 AAPL at 150.00', 'info', 'fill');
    await createNotification(db, ann.userId, 'An info line', 'info');
    expect(await dispatchAlerts(db, runtime.deps.alertQueue, ann.userId)).toBe(1);
    await until(() => hits.length === 1);
    // The worker records the delivery once the webhook has answered.
    await until(async () =>
      (await db.alertDelivery.findMany({ where: { notificationId: id } })).every(
        (d) => d.status === 'delivered',
      ),
    );
    expect(hits[0]?.body).toMatchObject({
      event: 'fill',
      user: 'ann',
      text: 'Bought 10 AAPL at 150.00',
    });

    // Handed over again (a crash before the pending flag was cleared), and the delivery job run
    // again directly (a worker killed after sending, before BullMQ recorded the job as done).
    await runtime.deps.alertQueue.add(
      'alerts',
      { type: 'event', eventId: id },
      { jobId: alertEventJobId(id) },
    );
    const deliveries = await db.alertDelivery.findMany({ where: { notificationId: id } });
    expect(deliveries.map((d) => d.status)).toEqual(['delivered']);
    await services.alerts.handle({ type: 'event', eventId: id });
    expect(
      await services.alerts.handle({ type: 'deliver', deliveryId: deliveries[0]!.id }),
    ).toEqual({
      sent: 0,
      skipped: 1,
    });
    await new Promise((done) => setTimeout(done, 500));
    expect(hits).toHaveLength(1);
    // Counted once: the repeated hand-overs found it delivered and claimed nothing.
    expect((await delivered('webhook', 'delivered')) - countedBefore).toBe(1);
  });

  it('one delivery across a killed worker: the same job ids run again on a new worker', async () => {
    const bob = await user('bob');
    await services.alerts.save(bob, { webhook: { enabled: true, url, format: 'slack' } });
    await worker?.close(true); // killed: takes nothing more
    worker = null;
    const id = await createNotification(db, bob.userId, 'Trading halted', 'warning', 'halt');
    await dispatchAlerts(db, runtime.deps.alertQueue, bob.userId);
    // The same event enqueued again while no worker runs: one job (its id is the event's).
    await dispatchAlerts(db, runtime.deps.alertQueue, bob.userId);
    await runtime.deps.alertQueue.add(
      'alerts',
      { type: 'event', eventId: id },
      { jobId: alertEventJobId(id) },
    );
    worker = startAlertWorker();
    await until(() => hits.length >= 1);
    await new Promise((done) => setTimeout(done, 800));
    expect(hits).toEqual([{ body: { text: 'Tradebot · Drawdown halt: Trading halted' } }]);
  });

  it('35 events in a minute: 30 sent and one "and 5 more"', async () => {
    const cy = await user('cy');
    await services.alerts.save(cy, { webhook: { enabled: true, url, format: 'json' } });
    // Near the end of a minute window: the fold goes out when it closes, half a second later.
    now = Date.parse('2026-11-27T15:01:59.500Z');
    for (let i = 0; i < 35; i += 1)
      await createNotification(db, cy.userId, `refused ${i}`, 'failed', 'rejection');
    await dispatchAlerts(db, runtime.deps.alertQueue, cy.userId);
    await until(() => hits.length === ALERTS_PER_MINUTE + 1);
    await new Promise((done) => setTimeout(done, 800));
    expect(hits).toHaveLength(31);
    const folds = hits.filter((h) => h.body.event === 'fold');
    expect(folds).toEqual([
      { body: { event: 'fold', user: 'cy', text: foldText(5), data: { count: 5 } } },
    ]);
  });

  it('switched-off events and channels send nothing', async () => {
    const dee = await user('dee');
    await services.alerts.save(dee, {
      webhook: { enabled: true, url, format: 'json' },
      events: { fills: false },
    });
    await createNotification(db, dee.userId, 'Bought 1 X at 1.00', 'info', 'fill');
    await createNotification(db, dee.userId, 'Kill switch done', 'info', 'kill_switch');
    await dispatchAlerts(db, runtime.deps.alertQueue, dee.userId);
    await until(() => hits.length === 1);
    await new Promise((done) => setTimeout(done, 500));
    expect(hits.map((h) => h.body.event)).toEqual(['kill_switch']);
  });

  it('"Send test alert" answers with the receiver\'s status, the address never echoed', async () => {
    const eve = await user('eve');
    await services.alerts.save(eve, {
      webhook: { enabled: true, url: `${url}?fail=1`, format: 'json' },
    });
    const ok = await services.alerts.test(eve, 'webhook');
    expect(ok).toEqual({ ok: true, message: 'Test alert sent: the webhook accepted it.' });
    expect(hits.at(-1)?.body.event).toBe('test');
    const refused = createServer((_q, r) => r.writeHead(403).end(`no access to ${url}`));
    await new Promise<void>((done) => refused.listen(0, '127.0.0.1', done));
    const bad = `http://127.0.0.1:${(refused.address() as AddressInfo).port}/x/secret-path`;
    await services.alerts.save(eve, { webhook: { url: bad } });
    const answer = await services.alerts.test(eve, 'webhook');
    refused.close();
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/^The receiver answered 403: no access to/);
    expect(answer.message).not.toContain('secret-path');
  });

  it('the daily summary: once per session, after the close on the demo clock', async () => {
    const fay = await user('fay');
    await services.alerts.save(fay, { events: { daily_summary: true } });
    await db.botState.create({
      data: { userId: fay.userId, market: 'demo', mode: 'demo', equity: 1000 },
    });
    const summaries = () =>
      db.notification.findMany({ where: { userId: fay.userId, kind: 'daily_summary' } });
    runtime.demo.clock.advanceTo(Date.parse('2026-11-23T20:30:00Z')); // 15:30 New York
    await services.alerts.writeDailySummaries();
    expect(await summaries()).toHaveLength(0);
    runtime.demo.clock.advanceTo(Date.parse('2026-11-23T21:05:00Z')); // after the 16:00 close
    await services.alerts.writeDailySummaries();
    await services.alerts.writeDailySummaries();
    const written = await summaries();
    expect(written.map((n) => [n.message, n.alertPending])).toEqual([
      [summaryText('2026-11-23', { trades: 0, pnl: 0, equity: 1000, openPositions: 0 }), true],
    ]);
    expect(written[0]?.message).toBe(
      'Session 2026-11-23 closed: 0 trades, P&L +0.00, equity 1000.00, 0 open positions.',
    );
  });
});
