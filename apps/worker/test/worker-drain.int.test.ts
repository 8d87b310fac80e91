import { createCipher, outboxMailer } from '@tradebot/core';
import { createDb, findMail } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, mailQueue, openQueue } from '@tradebot/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logLinesOf } from './captured-log.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { startWorkerProcess, TEST_KEY, TEST_NAMESPACE, waitFor } from './worker-process.js';

/** SIGTERM drains the worker: no new jobs, the running one finishes, then exit 0. */
const db = createDb(process.env.DATABASE_URL ?? '');
const redis = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
const queue = openQueue(mailQueue, redis, TEST_NAMESPACE);
const mailer = outboxMailer(db, queue, createCipher(TEST_KEY), 'example.test');
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink({ delayMs: 1_500 });
});
beforeEach(async () => {
  await resetDatabase(db);
  await redis.flushdb();
  sink.received.length = 0;
});
afterAll(async () => {
  await sink.close();
  await queue.close();
  redis.disconnect();
  await db.$disconnect();
});

async function twoMailsOneInFlight(env: Record<string, string>) {
  const worker = await startWorkerProcess({ SMTP_URL: sink.url, MAIL_CONCURRENCY: '1', ...env });
  const first = await mailer.send({ to: 'a@example.com', subject: 'First', text: 'One' });
  const second = await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'Two' });
  const sending = async () => (await findMail(db, first))?.status === 'sending';
  await waitFor(sending, 10_000, 'the first mail in flight');
  return { worker, first, second };
}

describe('worker shutdown', () => {
  it('finishes the job in hand on SIGTERM, takes no new one, and exits 0', async () => {
    const { worker, first, second } = await twoMailsOneInFlight({});
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(sink.received.map((mail) => mail.subject)).toEqual(['First']);
    expect((await findMail(db, first))?.status).toBe('sent');
    expect(await (await queue.getJob(`mail-${first}`))?.getState()).toBe('completed');
    expect((await findMail(db, second))?.status).toBe('queued');
    expect(await (await queue.getJob(`mail-${second}`))?.getState()).toBe('waiting');
    const lines = logLinesOf(worker.output);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, signal: 'SIGTERM', msg: 'finishing current jobs' }),
    );
    expect(lines.at(-1)).toMatchObject({ level: 30, process: 'worker', msg: 'stopped' });
  });

  it('returns a job that outlasts the grace period instead of waiting for it', async () => {
    const { worker, first } = await twoMailsOneInFlight({ SHUTDOWN_GRACE_MS: '100' });
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(1_200);
    expect(logLinesOf(worker.output)).toContainEqual(
      expect.objectContaining({
        level: 40,
        graceMs: 100,
        msg: 'jobs still running after the grace period: returning them',
      }),
    );
    // Still claimed: once its lock expires, the next worker resends it (same Message-ID).
    expect((await findMail(db, first))?.status).toBe('sending');
  });
});
