import { randomUUID } from 'node:crypto';
import { enqueueMail, type Db } from '@tradebot/db';
import { enqueue, mailQueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';
import type { Cipher } from '../security/cipher.js';
import { sealSecrets, type MailSecrets } from './mail-secrets.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** May hold placeholders (`secretSlot(name)`) for the values in `secrets`. */
  text: string;
  html?: string;
  /** Tokens the text refers to: stored encrypted, never in the text itself. */
  secrets?: MailSecrets;
}

export interface Mailer {
  send(message: MailMessage): Promise<number>;
}

/** The domain part of the sender's address (`Name <a@b>` or `a@b`), else `fallback`. */
export function messageIdDomain(from: string, fallback: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? fallback;
}

/**
 * Mail is written to the outbox table first (PostgreSQL is the source of truth), then a job
 * delivers it by id: through SMTP when configured, otherwise it stays readable in the outbox.
 * The Message-ID is fixed here, once, so every delivery attempt of the row carries the same.
 */
export function outboxMailer(db: Db, queue: Queue, cipher: Cipher, domain: string): Mailer {
  return {
    async send(message) {
      const messageId = `<${randomUUID()}@${domain}>`;
      const { secrets, ...content } = message;
      const id = await enqueueMail(db, {
        ...content,
        html: content.html ?? null,
        messageId,
        secrets: secrets ? sealSecrets(cipher, messageId, secrets) : null,
      });
      await enqueue(queue, mailQueue, { mailId: id }, { jobId: `mail-${id}` });
      return id;
    },
  };
}
