import { ui } from '@tradebot/api-contract';
import { getToken } from './session';

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The file name of a `content-disposition: attachment; filename="…"` header, else null. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match ? (match[1] as string) : null;
}

/** The `{ detail }` of a refused request, else the generic download failure. */
async function failure(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  const detail =
    body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
      ? body.detail
      : null;
  return new Error(detail ?? ui.csvDownloadFailed);
}

/**
 * Fetches a CSV export with the session's bearer token (never in the URL, which reaches the
 * logs) and saves it under the server's file name through an object URL.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
  });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
