import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  chromium,
  type Browser,
  type Locator,
  type Page,
  type PageScreenshotOptions,
} from 'playwright-core';
import pg from 'pg';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
// The TOTP module alone: all of core takes each browser test file about a second to load.
import { totpCode, TOTP_PERIOD_SECONDS } from '@tradebot/core/totp';
import { deployment } from './deployment.js';

/**
 * Debian's headless shell of Chromium (the same engine without the browser's own interface).
 * Without the background-networking flags, Chromium keeps calling Google's hosts, and a closed
 * network refuses those connections many at a time.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromium'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const baseUrl = () => deployment().baseUrl;

/**
 * "Use the demo market" on the account page, until the header's badge says so. The page's cards
 * load one by one and move the button as they do, so a click can land on the card above: it is
 * tried again. An answer the card shows as a failure fails the test with its text.
 */
export async function chooseDemoMarket(page: Page): Promise<void> {
  const badge = page.getByTestId('market-badge').first().filter({ hasText: 'Demo market' });
  const result = page.getByTestId('demo-market-result');
  for (let attempt = 0; attempt < 4 && !(await badge.isVisible()); attempt++) {
    await page
      .getByTestId('use-demo-market')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await badge.waitFor({ timeout: 5_000 }).catch(() => undefined);
    const said = (await result.isVisible()) ? await result.textContent() : null;
    if (said !== null && !said.includes('You are now on the demo market'))
      throw new Error(`Use the demo market failed: ${said}`);
  }
  await badge.waitFor();
}

/**
 * Moves a page already showing the app to `path` as the app's own links do (the router follows
 * the history), without loading the page again: a full load costs the browser its scripts' start.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * The last link to `path` mailed to `to`, as a developer without SMTP finds it: in the worker's
 * log (the outbox row itself holds the link redacted). Waits for the worker to print it.
 */
export async function mailedLink(to: string, path: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Every mail the outbox holds for `to` printed first: a link a later mail replaced is stale.
    const [queued] = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = $1',
      [to],
    );
    const mails = readFileSync(deployment().workerLog, 'utf8').split('[mail] dev outbox #');
    const mine = mails.filter((mail) => mail.split('\n', 1)[0]?.includes(` to ${to}:`));
    const link = mine
      .map((mail) => mail.match(/\/[\w-]+\?token=[\w-]+/g)?.find((l) => l.startsWith(`${path}?`)))
      .filter(Boolean)
      .at(-1);
    if (link && mine.length >= (queued?.n ?? 0)) return link;
    if (Date.now() > deadline) throw new Error(`No ${path} link mailed to ${to} in the worker log`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function sql<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: deployment().databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The current code for a secret, waiting for a fresh time step when `after` is the step last
 * used (the server accepts each step once per user).
 */
export async function freshCode(
  secret: string,
  after?: number,
): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  while (after !== undefined && step <= after) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  }
  return { code: totpCode(secret, step), step };
}

export const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

export async function logInThroughUi(page: Page, username: string, password: string, code: string) {
  await page.goto(`${baseUrl()}/login`);
  await fillLogin(page, username, password, code);
}

/** Both login steps on the login page already shown (keeping whatever route it remembers). */
export async function fillLogin(page: Page, username: string, password: string, code: string) {
  await allowMoreLogins();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('2FA Code').fill(code);
  await page.getByRole('button', { name: 'Verify 2FA' }).click();
}

/**
 * Screenshots are for a person to look over and cost the run time, so they are taken only with
 * E2E_SHOTS=1, into E2E_SHOTS_DIR (e2e/screenshots by default).
 */
const SHOTS = process.env.E2E_SHOTS === '1';
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? 'e2e/screenshots';

type ShotOptions = Pick<PageScreenshotOptions, 'fullPage' | 'clip' | 'style'> & {
  /** Milliseconds to wait first, for charts to draw and transitions to end. */
  settleMs?: number;
};

const isPage = (on: Page | Locator): on is Page => 'goto' in on;

/**
 * `name`.png of the whole page (of the viewport with `fullPage: false`) or of one element, with
 * E2E_SHOTS=1. Without it an element is still waited for, as taking its picture would.
 */
export async function screenshot(on: Page | Locator, name: string, options: ShotOptions = {}) {
  const { settleMs = 0, ...picture } = options;
  if (!SHOTS) {
    if (!isPage(on)) await on.waitFor();
    return;
  }
  const path = `${SHOTS_DIR}/${name}.png`;
  const page = isPage(on) ? on : on.page();
  // Lazily loaded parts (charts) show a spinner first: the picture waits, up to 10 s, for them.
  await page
    .waitForFunction(() => !document.querySelector('.mantine-Loader-root'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  if (isPage(on)) await on.screenshot({ fullPage: true, ...picture, path });
  else await on.screenshot({ style: picture.style, path });
}

/**
 * Runs the create-admin command line as an operator would (its compiled output, which the test
 * run built); returns the otpauth URI it prints.
 */
export async function createAdminFromCli(
  username: string,
  email: string,
  password: string,
): Promise<string> {
  const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/api');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--enable-source-maps',
      'dist/create-admin.cli.js',
      '--username',
      username,
      '--email',
      email,
      '--password',
      password,
    ],
    { cwd: apiDir, env: { ...process.env, ...deployment().apiEnv } },
  );
  const uri = /otpauth:\/\/\S+/.exec(stdout)?.[0];
  if (!uri) throw new Error(`create-admin printed no otpauth URI:\n${stdout}`);
  return uri;
}

/** A POST to the REST shims, JSON or form-encoded, as a script would send it. */
export async function postApi(
  path: string,
  init: { json?: unknown; form?: Record<string, string>; token?: string },
) {
  const body = init.form ? new URLSearchParams(init.form).toString() : JSON.stringify(init.json);
  const headers: Record<string, string> = {
    'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json',
  };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Signs a user up through POST /api/signup and returns the TOTP secret from the otpauth URI.
 * Sign-ups are limited per IP (5 an hour) and every browser test runs from 127.0.0.1, so the
 * counter is cleared first (the limit itself is tested in apps/api/test/security.int.test.ts).
 */
export async function signUpByApi(username: string, password: string): Promise<string> {
  await allowAnotherSignUp();
  const reply = await postApi('/api/signup', {
    json: {
      username,
      email: `${username}@example.com`,
      password,
      country: 'GB',
      phone_number: '+44 20 7946 0000',
      tos_accepted: true,
    },
  });
  if (reply.status !== 200)
    throw new Error(`sign-up of ${username} failed: ${JSON.stringify(reply.body)}`);
  return secretOf(String(reply.body.totp_uri));
}

/**
 * Clears the per-IP sign-up counter (5 an hour; every browser test signs up from 127.0.0.1), as
 * an operator would after a burst of legitimate sign-ups from one office.
 */
async function allowAnotherSignUp(): Promise<void> {
  await clearAddressCounters(['signupIp']);
}

/**
 * Clears the per-IP login and 2FA counters (30 in 15 and 5 minutes): every browser test logs in
 * from 127.0.0.1, and the whole suite logs in more often than that. The limits themselves are
 * tested in apps/api/test/security.int.test.ts.
 */
export async function allowMoreLogins(): Promise<void> {
  await clearAddressCounters(['loginIp', 'twoFaIp']);
}

async function clearAddressCounters(buckets: string[]): Promise<void> {
  const redis = new Redis(deployment().apiEnv.REDIS_URL ?? '');
  try {
    for (const bucket of buckets) {
      const keys = await redis.keys(`*:rl:${bucket}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/** Logs in through the REST calls (password, then the 2FA code): the user's bearer token. */
export async function logInByApi(
  username: string,
  password: string,
  secret: string,
): Promise<string> {
  await allowMoreLogins();
  const first = await postApi('/api/token', { form: { username, password } });
  if (first.status !== 200)
    throw new Error(`login of ${username} failed: ${JSON.stringify(first.body)}`);
  const temp = String(first.body.access_token);
  const { code } = await freshCode(secret);
  const second = await postApi('/api/verify-2fa', { json: { totp_code: code }, token: temp });
  if (second.status !== 200)
    throw new Error(`2FA of ${username} failed: ${JSON.stringify(second.body)}`);
  return String(second.body.access_token);
}

/** The CSV a click downloads: the saved file's name and its rows (RFC 4180, quotes unwrapped). */
export async function downloadedCsv(
  page: Page,
  click: () => Promise<void>,
): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { filename: download.suggestedFilename(), rows: parseCsv(readFileSync(path, 'utf8')) };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
