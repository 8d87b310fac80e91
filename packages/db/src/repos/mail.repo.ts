import type { Db } from '../client.js';

/** The mail outbox: every mail is written here first, then delivered by a job (packages/jobs). */

const mailFields = {
  id: true,
  to: true,
  subject: true,
  text: true,
  html: true,
  messageId: true,
  status: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
} as const;

export async function enqueueMail(db: Db, mail: Omit<ClaimedMail, 'id'>) {
  const row = await db.mailOutbox.create({ data: mail, select: { id: true } });
  return row.id;
}

export function findMail(db: Db, id: number) {
  return db.mailOutbox.findUnique({ where: { id }, select: mailFields });
}

/** An outbox row as a delivery attempt (and the mailer writing it) sees it. */
export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  secrets: string | null;
}

/**
 * Takes the row for one delivery attempt in a single conditional UPDATE, so two attempts never
 * send it at once: a queued or failed row, or a 'sending' row whose claim is older than
 * `leaseMs` (its attempt crashed). Returns null when the row is missing, done, or held by a
 * live attempt. Times are UTC, as Prisma writes them.
 */
export async function claimMail(db: Db, id: number, leaseMs: number): Promise<ClaimedMail | null> {
  const rows = await db.$queryRaw<ClaimedMail[]>`
    UPDATE "mail_outbox"
    SET "status" = 'sending', "claimed_at" = timezone('UTC', now()), "attempts" = "attempts" + 1
    WHERE "id" = ${id}
      AND ("status" IN ('queued', 'failed')
        OR ("status" = 'sending'
          AND "claimed_at" < timezone('UTC', now()) - make_interval(secs => ${leaseMs / 1000})))
    RETURNING "id", "to", "subject", "text", "html", "message_id" AS "messageId", "secrets"`;
  return rows[0] ?? null;
}

/** Recorded the moment SMTP accepts the mail; the secrets have served their purpose. */
export async function markMailSent(db: Db, id: number) {
  await db.mailOutbox.update({
    where: { id },
    data: { status: 'sent', sentAt: new Date(), secrets: null },
    select: { id: true },
  });
}

/** Development without SMTP: the mail stays readable in the outbox, its secrets dropped. */
export async function markMailKept(db: Db, id: number) {
  await db.mailOutbox.update({
    where: { id },
    data: { status: 'kept', secrets: null },
    select: { id: true },
  });
}

/**
 * A failed attempt releases the claim for the next retry; on the last attempt the secrets are
 * dropped too. Only our own claim is released: a row another attempt marked sent stays sent.
 */
export async function markMailFailed(db: Db, id: number, error: string, final: boolean) {
  await db.mailOutbox.updateMany({
    where: { id, status: 'sending' },
    data: {
      status: 'failed',
      lastError: error.slice(0, 2000),
      ...(final ? { secrets: null } : {}),
    },
  });
}

/** The dev outbox: newest first. */
export function listRecentMail(db: Db, limit: number, to?: string) {
  return db.mailOutbox.findMany({
    where: to ? { to } : {},
    orderBy: { id: 'desc' },
    take: limit,
    select: mailFields,
  });
}
