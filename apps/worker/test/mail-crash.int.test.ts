import { createCipher, outboxMailer, secretSlot } from '@tradebot/core';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, mailQueue, openQueue } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { startWorkerProcess, TEST_KEY, TEST_NAMESPACE, waitFor } from './worker-process.js';

/**
 * `kill -9` of a real worker process in the middle of a batch, at the worst moment: the SMTP
 * server has accepted a message and its sender has not heard back. Before the claim and
 * Message-ID work, this produced 2–3 duplicates out of 40, each under a new Message-ID, and
 * the backlog took 62–64 s to clear after the restart.
 */
const N = 40;
const db = createDb(process.env.DATABASE_URL ?? '');
const redis = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
const queue = openQueue(mailQueue, redis, TEST_NAMESPACE);
let sink: SmtpSink;

beforeAll(async () => {
  await resetDatabase(db);
  await redis.flushdb();
  sink = await startSmtpSink({ delayMs: 40 });
});
afterAll(async () => {
  await sink.close();
  await queue.close();
  redis.disconnect();
  await db.$disconnect();
});

describe('mail delivery after kill -9', () => {
  it('loses nothing, resends only under the same Message-ID, and recovers in seconds', async () => {
    const env = { SMTP_URL: sink.url, MAIL_CONCURRENCY: '4' };
    const first = await startWorkerProcess(env);
    const mailer = outboxMailer(db, queue, createCipher(TEST_KEY), 'example.test');
    for (let i = 0; i < N; i += 1) {
      await mailer.send({
        to: `user${i}@example.com`,
        subject: `Crash test ${i}`,
        text: `Body ${i}: http://localhost/reset?token=${secretSlot('token')}`,
        secrets: { token: `tok${i}x` },
      });
    }
    sink.state.onAccept = (count) => {
      if (count === 12) first.child.kill('SIGKILL');
    };
    expect(await first.exited).toBe('SIGKILL');
    sink.state.onAccept = () => {};
    const restartAt = Date.now();
    const second = await startWorkerProcess(env);
    const readyAt = Date.now();
    const allSent = async () => (await db.mailOutbox.count({ where: { status: 'sent' } })) === N;
    await waitFor(allSent, 30_000, 'every outbox row sent');
    const clearedAt = Date.now();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const rows = await db.mailOutbox.findMany({ select: { messageId: true, secrets: true } });
    expect(rows).toHaveLength(N);
    expect(rows.every((row) => row.secrets === null)).toBe(true);
    const byId = new Map<string, Set<string>>();
    for (const mail of sink.received) {
      const contents = byId.get(mail.messageId) ?? new Set<string>();
      byId.set(mail.messageId, contents.add(`${mail.to}|${mail.subject}|${mail.body}`));
    }
    // Every row arrived, under its own Message-ID, and a Message-ID never meant two mails.
    expect(new Set(byId.keys())).toEqual(new Set(rows.map((row) => row.messageId)));
    expect([...byId.values()].every((contents) => contents.size === 1)).toBe(true);
    expect(new Set(sink.received.map((mail) => mail.subject)).size).toBe(N);
    const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'failed');
    expect(counts).toEqual({ active: 0, waiting: 0, delayed: 0, failed: 0 });

    const duplicates = sink.received.length - N;
    console.log(
      `[mail-crash] ${N} mails, ${sink.received.length} received, ${duplicates} duplicates (all under the same Message-ID); ` +
        `restarted worker ready in ${readyAt - restartAt} ms, backlog cleared ${clearedAt - readyAt} ms after it was ready (${clearedAt - restartAt} ms after restart)`,
    );
    expect(clearedAt - readyAt).toBeLessThan(10_000);
  });
});
