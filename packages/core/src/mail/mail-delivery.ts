import type { TSendMailResult } from '@tradebot/api-contract';
import {
  claimMail,
  findMail,
  markMailFailed,
  markMailKept,
  markMailSent,
  type ClaimedMail,
} from '@tradebot/db';
import { mailQueue } from '@tradebot/jobs';
import { UnrecoverableError } from 'bullmq';
import nodemailer from 'nodemailer';
import type { ServiceDeps } from '../deps.js';
import { fillSecrets, openSecrets } from './mail-secrets.js';

/**
 * How long a 'sending' claim protects a row. BullMQ hands a job to another worker only after
 * its lock (lockDuration, renewed while the job runs) has expired, so by then the crashed
 * attempt's claim is at least this old and the retry may take it over at once.
 */
const CLAIM_LEASE_MS = mailQueue.workerOptions?.lockDuration ?? 30_000;

/** A mail that another live attempt is sending: retried later, the row left alone. */
class MailBusyError extends Error {}

/**
 * Delivers one outbox message (the mail queue's processor calls this).
 *
 * Over SMTP the best there is is at-least-once: a worker can die after the server accepted a
 * mail and before the row says so, and the retry sends it again. What this makes sure of:
 * the row is claimed in one conditional UPDATE before sending (two attempts never send it at
 * once), it is marked sent as the very next step after the server's acknowledgement, and
 * every attempt carries the row's own Message-ID, so a resend is a recognisable duplicate
 * that receivers and mail clients drop.
 *
 * Without an SMTP URL the message is kept in the dev outbox; outside production its text,
 * links included, is printed to the worker's log (smtp.devLog), the only place a token of an
 * undelivered mail is ever shown in clear.
 */
export function mailDeliveryService(deps: Pick<ServiceDeps, 'db' | 'smtp' | 'cipher'>) {
  const { db, smtp, cipher } = deps;
  const transport = smtp.url
    ? nodemailer.createTransport({
        url: smtp.url,
        // nodemailer waits up to 10 minutes on a silent socket by default.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  /**
   * The texts as the recipient gets them: placeholders filled from the decrypted secrets. A
   * placeholder without its secret (dropped after a final failure) throws: a mail is never
   * sent with a hole where its link should be.
   */
  function render(mail: ClaimedMail) {
    const secrets = mail.secrets === null ? {} : openSecrets(cipher, mail.messageId, mail.secrets);
    return {
      text: fillSecrets(mail.text, secrets),
      html: mail.html === null ? null : fillSecrets(mail.html, secrets),
    };
  }

  /** Why the claim was refused: done already, missing, or held by a live attempt. */
  async function unclaimed(mailId: number): Promise<TSendMailResult> {
    const mail = await findMail(db, mailId);
    if (!mail) throw new UnrecoverableError(`Mail ${mailId} is not in the outbox`);
    if (mail.status === 'sent') return { delivered: true, transport: 'smtp' };
    if (mail.status === 'kept') return { delivered: false, transport: 'outbox' };
    throw new MailBusyError(`Mail ${mailId} is being sent by another attempt`);
  }

  async function deliver(mailId: number, attempt = { final: false }): Promise<TSendMailResult> {
    const mail = await claimMail(db, mailId, CLAIM_LEASE_MS);
    if (!mail) return unclaimed(mailId);
    let content: ReturnType<typeof render>;
    try {
      content = render(mail);
    } catch (error) {
      // A changed key, a damaged row or a dropped secret: no retry can fix it.
      const reason = `Cannot fill in the mail's secrets: ${String(error)}`;
      await markMailFailed(db, mailId, reason, true);
      throw new UnrecoverableError(`Mail ${mailId}: ${reason}`);
    }
    if (!transport) {
      smtp.devLog?.(
        `[mail] dev outbox #${mail.id} to ${mail.to}: ${mail.subject}\n${content.text}`,
      );
      await markMailKept(db, mailId);
      return { delivered: false, transport: 'outbox' };
    }
    try {
      await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        messageId: mail.messageId,
        text: content.text,
        ...(content.html ? { html: content.html } : {}),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markMailFailed(db, mailId, message, attempt.final);
      throw error;
    }
    await markMailSent(db, mailId);
    return { delivered: true, transport: 'smtp' };
  }

  return { deliver };
}
