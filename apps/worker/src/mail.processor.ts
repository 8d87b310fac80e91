import type { TSendMailJob, TSendMailResult } from '@tradebot/api-contract';
import { findMail, markMailFailed, markMailSent, type Db } from '@tradebot/db';
import { UnrecoverableError } from 'bullmq';
import nodemailer from 'nodemailer';

export interface MailDelivery {
  db: Db;
  /** Unset: the message stays in the outbox table for the developer to read. */
  smtpUrl?: string;
  from: string;
}

/**
 * Delivers one outbox message. A transport failure throws so BullMQ retries with backoff
 * (mailQueue's options); the attempt and error are recorded on the outbox row.
 */
export function mailProcessor(delivery: MailDelivery) {
  const transport = delivery.smtpUrl ? nodemailer.createTransport(delivery.smtpUrl) : null;
  return async ({ mailId }: TSendMailJob): Promise<TSendMailResult> => {
    const mail = await findMail(delivery.db, mailId);
    if (!mail) throw new UnrecoverableError(`Mail ${mailId} is not in the outbox`);
    if (mail.status === 'sent') return { delivered: true, transport: 'smtp' };
    if (!transport) return { delivered: false, transport: 'outbox' };
    try {
      await transport.sendMail({
        from: delivery.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    } catch (error) {
      await markMailFailed(delivery.db, mailId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await markMailSent(delivery.db, mailId);
    return { delivered: true, transport: 'smtp' };
  };
}
