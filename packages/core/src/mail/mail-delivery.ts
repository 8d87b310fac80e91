import type { TSendMailResult } from '@tradebot/api-contract';
import { findMail, markMailFailed, markMailSent } from '@tradebot/db';
import { UnrecoverableError } from 'bullmq';
import nodemailer from 'nodemailer';
import type { ServiceDeps } from '../deps.js';

/**
 * Delivers one outbox message (the mail queue's processor calls this). A transport failure
 * throws so BullMQ retries with backoff (mailQueue's options); the attempt and error are
 * recorded on the outbox row. Without an SMTP URL the message stays in the dev outbox.
 */
export function mailDeliveryService(deps: Pick<ServiceDeps, 'db' | 'smtp'>) {
  const { db, smtp } = deps;
  const transport = smtp.url ? nodemailer.createTransport(smtp.url) : null;

  async function deliver(mailId: number): Promise<TSendMailResult> {
    const mail = await findMail(db, mailId);
    if (!mail) throw new UnrecoverableError(`Mail ${mailId} is not in the outbox`);
    if (mail.status === 'sent') return { delivered: true, transport: 'smtp' };
    if (!transport) return { delivered: false, transport: 'outbox' };
    try {
      await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    } catch (error) {
      await markMailFailed(db, mailId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await markMailSent(db, mailId);
    return { delivered: true, transport: 'smtp' };
  }

  return { deliver };
}
