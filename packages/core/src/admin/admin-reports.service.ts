import { listClientErrorReports, listRecentMail } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { redactSecrets } from '../mail/mail-secrets.js';

/** What admins read besides users: browser error reports and the mail outbox (tokens redacted). */
export function adminReportsService(deps: Pick<ServiceDeps, 'db'>) {
  const { db } = deps;

  async function listClientErrors() {
    const rows = await listClientErrorReports(db, 200);
    return rows.map((row) => ({
      id: row.id,
      error_id: row.errorId,
      message: row.message,
      stack: row.stack,
      url: row.url,
      user_agent: row.userAgent,
      user_ref: row.userRef,
      user_id: row.userId,
      error_count: row.errorCount,
      created_at: row.createdAt.toISOString(),
    }));
  }

  async function listMail() {
    const rows = await listRecentMail(db, 100);
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      // Stored texts hold placeholders, never tokens; they are shown as "[redacted]".
      text: redactSecrets(row.text),
      status: row.status,
      created_at: row.createdAt.toISOString(),
    }));
  }

  return { listClientErrors, listMail };
}
