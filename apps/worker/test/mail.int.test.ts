import { createCipher, mailDeliveryService, outboxMailer, secretSlot } from '@tradebot/core';
import { createDb, findMail } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, enqueue, mailQueue, openQueue, startWorker } from '@tradebot/jobs';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailProcessor } from '../src/mail.processor.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { TEST_KEY, TEST_NAMESPACE } from './worker-process.js';

/** Real SMTP: a local smtp-server receives what the worker sends through nodemailer. */
let sink: SmtpSink;
const db = createDb(process.env.DATABASE_URL ?? '');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const connection = createRedis(redisUrl, { forWorker: true });
const queue = openQueue(mailQueue, connection, TEST_NAMESPACE);
const cipher = createCipher(TEST_KEY);
const mailer = outboxMailer(db, queue, cipher, 'example.test');
const from = 'Tradebot <bot@localhost>';

/** Core's mail service as the worker builds it; delivery needs the database, cipher and SMTP. */
const delivery = (url?: string) =>
  mailDeliveryService({ db, cipher, smtp: { ...(url ? { url } : {}), from } });

beforeAll(async () => {
  sink = await startSmtpSink();
});
beforeEach(async () => {
  await resetDatabase(db);
  await connection.flushdb();
  sink.received.length = 0;
});
afterAll(async () => {
  await sink.close();
  await queue.close();
  connection.disconnect();
  await db.$disconnect();
});

describe('mail queue', () => {
  it('delivers an outbox message over SMTP, retrying a temporary failure', async () => {
    const events = new QueueEvents(mailQueue.name, {
      connection: createRedis(redisUrl, { forWorker: true }),
      prefix: `${TEST_NAMESPACE}:bull`,
    });
    // Listen before the job can finish: an event sent before the subscription is never seen.
    await events.waitUntilReady();
    sink.state.rejectNext = 1;
    const id = await mailer.send({
      to: 'pat@example.com',
      subject: 'Hello',
      text: `Open http://localhost/reset?token=${secretSlot('token')}`,
      secrets: { token: 'tok123secret' },
    });
    // The same job again with a short backoff, so the retry comes at once.
    await (await queue.getJob(`mail-${id}`))?.remove();
    const job = await queue.add(
      mailQueue.name,
      { mailId: id },
      { jobId: `mail-${id}`, backoff: { type: 'fixed', delay: 50 } },
    );
    const worker = startWorker(
      mailQueue,
      mailProcessor({ mail: delivery(sink.url) }),
      createRedis(redisUrl, { forWorker: true }),
      TEST_NAMESPACE,
    );
    const result = await job.waitUntilFinished(events, 15_000);
    expect(result).toEqual({ delivered: true, transport: 'smtp' });
    expect(sink.received).toHaveLength(1);
    const row = await db.mailOutbox.findUniqueOrThrow({ where: { id } });
    expect(sink.received[0]).toMatchObject({ to: 'pat@example.com', subject: 'Hello' });
    expect(sink.received[0]?.messageId).toBe(row.messageId);
    expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);
    // The recipient gets the token; the row never held it in clear and now holds nothing.
    expect(sink.received[0]?.body).toContain('token=tok123secret');
    expect(row).toMatchObject({ status: 'sent', secrets: null, attempts: 2 });
    expect(row.text).not.toContain('tok123secret');
    expect(row.lastError).toContain('try again later');
    await worker.close();
    await events.close();
  });

  it('resends a row left sending by a crashed attempt with the same Message-ID, never a live one', async () => {
    const mail = delivery(sink.url);
    const id = await mailer.send({ to: 'kim@example.com', subject: 'Once', text: 'Body' });
    // A live attempt's claim: the row is left alone and the job retried later.
    await db.mailOutbox.update({
      where: { id },
      data: { status: 'sending', claimedAt: new Date(Date.now() - 1_000) },
    });
    await expect(mail.deliver(id)).rejects.toThrow(/being sent by another attempt/);
    expect(sink.received).toHaveLength(0);
    // A claim older than the job lock: its worker is gone, so the retry takes it over.
    await db.mailOutbox.update({
      where: { id },
      data: { claimedAt: new Date(Date.now() - 60_000) },
    });
    expect(await mail.deliver(id)).toEqual({ delivered: true, transport: 'smtp' });
    expect(await mail.deliver(id)).toEqual({ delivered: true, transport: 'smtp' });
    const row = await findMail(db, id);
    expect(sink.received.map((m) => m.messageId)).toEqual([row?.messageId]);
    expect(row?.status).toBe('sent');
  });

  it('never sends a link whose token is gone', async () => {
    const id = await mailer.send({
      to: 'lee@example.com',
      subject: 'Reset',
      text: `Open http://localhost/reset?token=${secretSlot('token')}`,
      secrets: { token: 'tok' },
    });
    await db.mailOutbox.update({ where: { id }, data: { secrets: null } });
    await expect(delivery(sink.url).deliver(id)).rejects.toThrow(/secret "token" is missing/);
    expect(sink.received).toHaveLength(0);
    expect(await findMail(db, id)).toMatchObject({ status: 'failed' });
  });

  it('fails a malformed payload without retrying', async () => {
    const events = new QueueEvents(mailQueue.name, {
      connection: createRedis(redisUrl, { forWorker: true }),
      prefix: `${TEST_NAMESPACE}:bull`,
    });
    // Listen before the job can finish: an event sent before the subscription is never seen.
    await events.waitUntilReady();
    const worker = startWorker(
      mailQueue,
      mailProcessor({ mail: delivery() }),
      createRedis(redisUrl, { forWorker: true }),
      TEST_NAMESPACE,
    );
    const job = await queue.add(mailQueue.name, { mailId: 'nope' }, { attempts: 3 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/Bad mail payload/);
    const failed = await queue.getJob(job.id ?? '');
    expect(failed?.attemptsMade).toBe(1);
    await expect(enqueue(queue, mailQueue, { mailId: -1 })).rejects.toThrow();
    await worker.close();
    await events.close();
  });
});
