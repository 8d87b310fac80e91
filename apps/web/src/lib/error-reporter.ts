import type { TClientErrorReport } from '@tradebot/api-contract';
import type { ApiClient } from './trpc';
import { getToken } from './session';
import {
  enqueueReport,
  makeErrorId,
  MAX_REPORTED_ERRORS,
  parseQueue,
  PENDING_REPORTS_KEY,
} from './error-report-queue';

export interface CapturedError {
  errorId: string;
  count: number;
  report: TClientErrorReport;
}

let errorCount = 0;

function loadQueue(): TClientErrorReport[] {
  try {
    return parseQueue(localStorage.getItem(PENDING_REPORTS_KEY));
  } catch {
    return [];
  }
}

function saveQueue(queue: TClientErrorReport[]): void {
  try {
    if (queue.length === 0) localStorage.removeItem(PENDING_REPORTS_KEY);
    else localStorage.setItem(PENDING_REPORTS_KEY, JSON.stringify(queue));
  } catch {
    // Nowhere left to keep it: the report is lost, the page still works.
  }
}

async function send(client: ApiClient, report: TClientErrorReport): Promise<void> {
  try {
    await client.clientError.report.mutate(report);
  } catch {
    saveQueue(enqueueReport(loadQueue(), report));
  }
}

/** Builds the report for an error caught by the boundary; only the first 5 are sent. */
export function captureError(
  client: ApiClient,
  error: Error,
  componentStack: string,
): CapturedError {
  errorCount += 1;
  const report: TClientErrorReport = {
    errorId: makeErrorId(),
    message: error.message.slice(0, 2000),
    stack: `${error.stack ?? ''}\n\nComponent stack:${componentStack}`.slice(0, 20_000),
    url: window.location.href,
    userAgent: navigator.userAgent.slice(0, 500),
    timestamp: new Date().toISOString(),
    userToken: getToken()?.slice(0, 8) ?? null,
    errorCount,
  };
  if (errorCount <= MAX_REPORTED_ERRORS) void send(client, report);
  return { errorId: report.errorId, count: errorCount, report };
}

/** Retries reports that could not be sent on an earlier visit. */
export async function flushPendingReports(client: ApiClient): Promise<void> {
  const queue = loadQueue();
  if (queue.length === 0) return;
  saveQueue([]);
  for (const report of queue) await send(client, report);
}
