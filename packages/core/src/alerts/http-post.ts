import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostAnswer {
  status: number;
  /** The start of the receiver's answer (for error messages; sanitised by the caller). */
  body: string;
}

const TIMEOUT_MS = 10_000;
const MAX_BODY = 2_048;

/**
 * POSTs JSON and reads the start of the answer. With `address`, the connection goes to that
 * already-checked address whatever DNS says now (the Host header and TLS name stay the URL's).
 * Redirects are not followed: a receiver cannot bounce the request into the private network.
 */
export function postJson(
  url: URL,
  body: unknown,
  options: { address?: string; family?: 4 | 6 } = {},
): Promise<PostAnswer> {
  const payload = Buffer.from(JSON.stringify(body));
  const pinned: LookupFunction | undefined =
    options.address === undefined
      ? undefined
      : (_host, opts, done) => {
          const family = options.family ?? 4;
          if (typeof opts === 'object' && opts !== null && 'all' in opts && opts.all)
            (done as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: options.address!, family },
            ]);
          else done(null, options.address!, family);
        };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': 'Tradebot-Alerts/1',
        },
        timeout: TIMEOUT_MS,
        ...(pinned ? { lookup: pinned } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_BODY) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_BODY),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The receiver did not answer in time.')));
    request.on('error', reject);
    request.end(payload);
  });
}

/** A short, single-line excerpt of an answer with every secret replaced. */
export function sanitiseExcerpt(text: string, secrets: readonly string[], max = 160): string {
  // Control characters (line breaks, escapes) would let a receiver shape the message.
  let clean = [...text]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  for (const secret of secrets) if (secret) clean = clean.split(secret).join('[redacted]');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
