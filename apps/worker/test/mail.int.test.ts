import { createDb, enqueueMail, findMail } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, enqueue, mailQueue, openQueue, startWorker } from '@tradebot/jobs';
import { QueueEvents } from 'bullmq';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDeliveryService, type ServiceDeps } from '@tradebot/core';
import { mailProcessor } from '../src/mail.processor.js';

/** Real SMTP: a local smtp-server receives what the worker sends through nodemailer. */
const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let rejectNext = 0;
const db = createDb(process.env.DATABASE_URL ?? '');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';

/** The worker's processor over core's mail service; delivery only needs the database and SMTP. */
const processorWith = (smtp: ServiceDeps['smtp']) =>
  mailProcessor({ mail: mailDeliveryService({ db, smtp }) });

beforeAll(async () => {
  await resetDatabase(db);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (rejectNext > 0) {
          rejectNext -= 1;
          return callback(new Error('451 try again later'));
        }
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await db.$disconnect();
});

describe('mail queue', () => {
  it('delivers an outbox message over SMTP, retrying a temporary failure', async () => {
    const connection = createRedis(redisUrl, { forWorker: true });
    await connection.flushdb();
    const queue = openQueue(mailQueue, connection);
    const events = new QueueEvents(mailQueue.name, {
      connection: createRedis(redisUrl, { forWorker: true }),
    });
    const worker = startWorker(
      mailQueue,
      processorWith({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'Tradebot <bot@localhost>' }),
      createRedis(redisUrl, { forWorker: true }),
    );
    rejectNext = 1;
    const id = await enqueueMail(db, {
      to: 'pat@example.com',
      subject: 'Hello',
      text: 'Body text',
      html: null,
    });
    const job = await queue.add(
      mailQueue.name,
      { mailId: id },
      { jobId: `mail-${id}`, backoff: { type: 'fixed', delay: 50 } },
    );
    const result = await job.waitUntilFinished(events, 15_000);
    expect(result).toEqual({ delivered: true, transport: 'smtp' });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe('pat@example.com');
    expect(received[0]?.raw).toContain('Subject: Hello');
    const row = await findMail(db, id);
    // One refused attempt, then delivery: both are counted on the outbox row.
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: expect.stringContaining('try again later'),
    });
    await worker.close();
    await events.close();
    await queue.close();
    connection.disconnect();
  });

  it('fails a malformed payload without retrying', async () => {
    const connection = createRedis(redisUrl, { forWorker: true });
    const queue = openQueue(mailQueue, connection);
    const events = new QueueEvents(mailQueue.name, {
      connection: createRedis(redisUrl, { forWorker: true }),
    });
    const worker = startWorker(
      mailQueue,
      processorWith({ from: 'x@localhost' }),
      createRedis(redisUrl, { forWorker: true }),
    );
    const job = await queue.add(mailQueue.name, { mailId: 'nope' } as never, { attempts: 3 });
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/Bad mail payload/);
    const failed = await queue.getJob(job.id ?? '');
    expect(failed?.attemptsMade).toBe(1);
    await expect(enqueue(queue, mailQueue, { mailId: -1 })).rejects.toThrow();
    await worker.close();
    await events.close();
    await queue.close();
    connection.disconnect();
  });
});
