/**
 * Web first-load benchmark (not a test). Run: npm run build -w @tradebot/web, then
 * npx tsx bench/web-bundle.ts [--port=3340]
 *
 * Starts the real API (NODE_ENV=production, serving apps/web/dist as in production) on database
 * `tradebot_bench_web` and Redis db 10, signs a user up through the API (2FA and paper keys, an
 * administrator so /admin renders), then opens each route in headless Chromium (playwright-core,
 * /usr/bin/chromium-headless-shell), each in a fresh browser context so nothing is cached, and adds up the
 * JavaScript the page downloaded until it has rendered: every script response's body, gzipped
 * here (zlib level 9, as Vite's report does), whatever the server's own encoding.
 *
 * Targets (issue: a light web app): the landing page and login ≤ 150 KB gzip of JS, every
 * other route ≤ 300 KB.
 */
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import pg from 'pg';
import { ApiProcess, flushRedis, recreateDatabase } from './lib/api-process.js';
import { signedInUser } from './lib/bench-user.js';
import { summary, target } from './lib/report.js';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const PORT = Number(arg('port', '3340'));
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tradebot_bench_web';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/10';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const KB = 1000;
const LIGHT_KB = 150;
const HEAVY_KB = 300;

/** The routes of the web app's route table; `?tab=` rows open the other settings tabs. */
const ROUTES: { path: string; signedIn: boolean; limitKb: number }[] = [
  { path: '/', signedIn: false, limitKb: LIGHT_KB },
  { path: '/login', signedIn: false, limitKb: LIGHT_KB },
  ...['/signup', '/help', '/forgot-password', '/subscribe', '/terms', '/privacy'].map((path) => ({
    path,
    signedIn: false,
    limitKb: HEAVY_KB,
  })),
  ...[
    '/dashboard',
    '/settings',
    '/settings?tab=backtesting',
    '/settings?tab=trading',
    '/account-settings',
    '/stock-explorer',
    '/live-log',
    '/admin',
  ].map((path) => ({ path, signedIn: true, limitKb: HEAVY_KB })),
];

interface Load {
  files: number;
  raw: number;
  gzip: number;
}

/** Opens `path` in a fresh context and sums the scripts it loaded until the page settled. */
async function measure(browser: Browser, base: string, path: string, token: string | null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token !== null) {
    // Runs in the page: its localStorage (this package is compiled without the DOM types).
    type PageGlobal = { localStorage: { setItem(key: string, value: string): void } };
    await context.addInitScript((value) => {
      (globalThis as unknown as PageGlobal).localStorage.setItem('authToken', value);
    }, token);
  }
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().catch(() => null));
  });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  // Rendered: no page chunk or session check still pending, and the network quiet.
  await page.waitForSelector('[data-testid="page-loading"], [data-testid="session-pending"]', {
    state: 'detached',
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  const settled = page.url();
  const load: Load = { files: 0, raw: 0, gzip: 0 };
  for (const body of await Promise.all(bodies)) {
    if (body === null) continue;
    load.files += 1;
    load.raw += body.length;
    load.gzip += gzipSync(body, { level: 9 }).length;
  }
  await context.close();
  return { load, settled: new URL(settled).pathname };
}

async function main() {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (!existsSync(resolve(repoRoot, 'apps/web/dist/index.html'))) {
    console.error('apps/web/dist is missing: run `npm run build -w @tradebot/web` first.');
    process.exit(1);
  }
  await recreateDatabase(DATABASE_URL);
  await flushRedis(REDIS_URL);
  const api = new ApiProcess({ port: PORT, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL });
  await api.start();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const token = await signedInUser(api, 'webbench');
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    await db.query(`UPDATE users SET is_admin = true WHERE username = 'webbench'`);
    await db.end();

    console.log('Web first load: JS downloaded per route (fresh cache), gzip level 9\n');
    console.log(
      `  ${'route'.padEnd(26)} ${'files'.padStart(5)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}  target  ratio`,
    );
    const rows: { path: string; limitKb: number; gzipKb: number; settled: string }[] = [];
    for (const route of ROUTES) {
      const { load, settled } = await measure(
        browser,
        api.base,
        route.path,
        route.signedIn ? token : null,
      );
      const gzipKb = load.gzip / KB;
      rows.push({ path: route.path, limitKb: route.limitKb, gzipKb, settled });
      const moved = settled === route.path.split('?')[0] ? '' : `  (ended on ${settled})`;
      console.log(
        `  ${route.path.padEnd(26)} ${String(load.files).padStart(5)} ${(load.raw / KB).toFixed(1).padStart(8)} ${gzipKb.toFixed(1).padStart(8)}  ${String(route.limitKb).padStart(6)}  ${(gzipKb / route.limitKb).toFixed(2)}${moved}`,
      );
    }
    console.log('');
    for (const row of rows) {
      target(
        `${row.path} ≤ ${row.limitKb} KB gzip JS`,
        row.gzipKb <= row.limitKb && row.settled === row.path.split('?')[0],
        `${row.gzipKb.toFixed(1)} KB, ${(row.gzipKb / row.limitKb).toFixed(2)} of the target`,
      );
    }
    summary();
  } finally {
    await browser.close();
    await api.stop();
  }
}

await main();
