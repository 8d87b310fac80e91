/**
 * One user's burst of bot actions against another user's reads (not a test). Run:
 * npx tsx bench/bot-control-burst.ts [--calls=40] [--rounds=3] [--port=3311]
 *
 * Starts the real API (NODE_ENV=production, default pool of 10) on database `tradebot_bench`
 * and Redis db 8. User A sends `calls` Start/Stop/Restart requests at once with the kill switch
 * among them, `rounds` times; meanwhile user B reads GET /api/config in a loop. Prints A's
 * statuses (no 5xx expected: 200, or 409 "Another bot action is in progress") and B's latency.
 */
import pg from 'pg';
import { ApiProcess, flushRedis, recreateDatabase } from './lib/api-process.js';
import { signedInUser } from './lib/bench-user.js';
import { fmt, summary, target } from './lib/report.js';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const CALLS = Number(arg('calls', '40'));
const ROUNDS = Number(arg('rounds', '3'));
const PORT = Number(arg('port', '3311'));
const DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/tradebot_bench';
const REDIS_URL = 'redis://127.0.0.1:6379/8';

const api = new ApiProcess({ port: PORT, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL });

async function send(path: string, token: string, method = 'POST'): Promise<number> {
  const response = await fetch(`${api.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

async function main() {
  await recreateDatabase(DATABASE_URL);
  await flushRedis(REDIS_URL);
  await api.start();
  try {
    const busy = await signedInUser(api, 'burstuser');
    const other = await signedInUser(api, 'readeruser');
    await api.json('POST', '/api/use-demo-market', undefined, busy);
    const { user } = await api.json<{ user: { id: number } }>(
      'GET',
      '/api/status',
      undefined,
      busy,
    );
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(
      `INSERT INTO final_trading_list_entries (user_id, symbol, parameters) VALUES ($1, 'DMA', '{}')`,
      [user.id],
    );
    await client.end();

    // Warm both paths first (the first request of each route compiles it).
    for (let i = 0; i < 20; i++) await send('/api/config', other, 'GET');
    for (const path of ['/api/start', '/api/stop', '/api/kill-switch']) await send(path, busy);

    const latencies: number[] = [];
    let done = false;
    const reader = async () => {
      while (!done) {
        const started = performance.now();
        await send('/api/config', other, 'GET');
        latencies.push(performance.now() - started);
      }
    };
    const readers = Promise.all([reader(), reader()]);
    const statuses: number[] = [];
    const paths = ['/api/start', '/api/stop', '/api/restart'];
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      const calls = Array.from({ length: CALLS }, (_, i) => send(paths[i % 3]!, busy));
      const kill = send('/api/kill-switch', busy);
      const all = [...calls.slice(0, CALLS / 2), kill, ...calls.slice(CALLS / 2)];
      statuses.push(...(await Promise.all(all)));
    }
    const elapsed = performance.now() - started;
    done = true;
    await readers;

    const count = (s: number) => statuses.filter((x) => x === s).length;
    const errors = statuses.filter((s) => s >= 500).length;
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
    console.log(
      `${statuses.length} control calls in ${fmt(elapsed / 1000)} s: 200 × ${count(200)}, 409 × ${count(409)}, 5xx × ${errors}`,
    );
    console.log(
      `other user's reads: ${latencies.length}, p50 ${fmt(p(0.5))} ms, p99 ${fmt(p(0.99))} ms, max ${fmt(latencies.at(-1) ?? 0)} ms`,
    );
    target('no 5xx in the burst', errors === 0, `${errors} × 5xx`);
    target("other user's reads p99 < 200 ms", p(0.99) < 200, `${fmt(p(0.99))} ms`);
  } finally {
    await api.stop();
  }
  summary();
}

await main();
