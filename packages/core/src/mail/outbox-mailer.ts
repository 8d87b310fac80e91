import { enqueueMail, type Db } from '@tradebot/db';
import { enqueue, mailQueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<number>;
}

/**
 * Mail is written to the outbox table first (PostgreSQL is the source of truth), then a job
 * delivers it by id: through SMTP when configured, otherwise it stays readable in the outbox.
 */
export function outboxMailer(db: Db, queue: Queue): Mailer {
  return {
    async send(message) {
      const id = await enqueueMail(db, { ...message, html: message.html ?? null });
      await enqueue(queue, mailQueue, { mailId: id }, { jobId: `mail-${id}` });
      return id;
    },
  };
}
