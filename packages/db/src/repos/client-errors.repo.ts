import type { Db } from '../client.js';

/** Error reports the browser sends (POST /api/client-error). */

export async function createClientErrorReport(
  db: Db,
  report: {
    errorId: string;
    message: string;
    stack: string | null;
    url: string | null;
    userAgent: string | null;
    userRef: string | null;
    userId: number | null;
    errorCount: number;
    reportedAt: Date | null;
    ip: string | null;
  },
) {
  await db.clientErrorReport.create({ data: report, select: { id: true } });
}

export function listClientErrorReports(db: Db, limit: number) {
  return db.clientErrorReport.findMany({
    orderBy: { id: 'desc' },
    take: limit,
    select: {
      id: true,
      errorId: true,
      message: true,
      stack: true,
      url: true,
      userAgent: true,
      userRef: true,
      userId: true,
      errorCount: true,
      createdAt: true,
    },
  });
}
