/**
 * Authenticated read path benchmark (not a test). Run: npx tsx bench/auth-path.ts [--duration=10]
 * [--connections=50] [--port=3310] [--cpu-prof] [--only=healthz|status|settings|extra]
 * [--extra=/api/account-settings,…]
 *
 * Starts the real API (NODE_ENV=production) as a child process on database `tradebot_bench` and
 * Redis db 8, makes a signed-in user through the API, then loads each route with autocannon from
 * this process: /healthz (the server's floor, no database), GET /api/status and tRPC
 * GET /trpc/account.settings with a bearer token. The API is restarted for each route so that
 * PostgreSQL's statistics (flushed when its connections close) give exact per-route counts:
 * UPDATEs on `sessions` (must not grow with requests) and transactions per request.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { ApiProcess, flushRedis, recreateDatabase } from './lib/api-process.js';
import { signedInUser } from './lib/bench-user.js';
import { cpuMs, selfCpuMs, totalCpuMs } from './lib/cpu.js';
import { fmt, summary, target } from './lib/report.js';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const PORT = Number(arg('port', '3310'));
const ONLY = arg('only', '');
/** More authenticated GET paths to load (comma-separated), e.g. the REST twin of a tRPC route. */
const EXTRA = arg('extra', '').split(',').filter(Boolean);
const CPU_PROF = process.argv.includes('--cpu-prof');
const TARGET = { rps: 2000, p99: 50 };

const DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/tradebot_bench';
const REDIS_URL = 'redis://127.0.0.1:6379/8';
const api = new ApiProcess({ port: PORT, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL });

interface Counters {
  sessionUpdates: number;
  transactions: number;
}

async function counters(): Promise<Counters> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const updates = await client.query<{ n: string }>(
    `SELECT n_tup_upd AS n FROM pg_stat_user_tables WHERE relname = 'sessions'`,
  );
  const xacts = await client.query<{ n: string }>(
    `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`,
  );
  await client.end();
  return {
    sessionUpdates: Number(updates.rows[0]?.n ?? 0),
    transactions: Number(xacts.rows[0]?.n ?? 0),
  };
}

/** PostgreSQL server processes serving the bench database (the API's pool). */
async function backendPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  await client.end();
  return rows.map((row) => row.pid);
}

/** CPU milliseconds per request over the measured run, by process. */
interface CpuPerRequest {
  api: number;
  postgres: number;
  loadGenerator: number;
}

interface Run {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  sessionUpdates: number;
  transactions: number;
  cpu: CpuPerRequest;
}

function load(path: string, token: string | null, seconds: number) {
  return autocannon({
    url: `${api.base}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function measure(name: string, path: string, token: string | null): Promise<Run> {
  const before = await counters();
  await api.start(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=bench/.profiles'] : []);
  const warm = await load(path, token, 3);
  const pids = await backendPids();
  const cpuBefore = { api: cpuMs(api.pid), postgres: totalCpuMs(pids), self: selfCpuMs() };
  const result = await load(path, token, DURATION);
  const n = result.requests.total;
  const cpu = {
    api: (cpuMs(api.pid) - cpuBefore.api) / n,
    postgres: (totalCpuMs(pids) - cpuBefore.postgres) / n,
    loadGenerator: (selfCpuMs() - cpuBefore.self) / n,
  };
  // Let requests the load generator abandoned at its deadline finish before shutting down.
  await new Promise((done) => setTimeout(done, 1000));
  await api.stop();
  const after = await counters();
  const run: Run = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: warm.requests.total + result.requests.total,
    non2xx: warm.non2xx + result.non2xx + result.errors + result.timeouts,
    sessionUpdates: after.sessionUpdates - before.sessionUpdates,
    transactions: after.transactions - before.transactions,
    cpu,
  };
  console.log(
    `${name.padEnd(28)} ${fmt(run.rps, 5).padStart(8)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms` +
      `  (${run.requests} requests, ${run.non2xx} not 2xx, sessions UPDATEs ${run.sessionUpdates},` +
      ` transactions ${run.transactions})`,
  );
  if (run.non2xx > 0) throw new Error(`${name}: ${run.non2xx} responses were not 2xx`);
  return run;
}

async function main() {
  console.log(
    `auth-path: ${CONNECTIONS} connections, ${DURATION} s per route after a 3 s warm-up, API on :${PORT}`,
  );
  await recreateDatabase(DATABASE_URL);
  await flushRedis(REDIS_URL);
  await api.start();
  const token = await signedInUser(api);
  await api.stop();

  const routes: [string, string, string | null][] = [
    ['healthz', '/healthz', null],
    ['status', '/api/status', token],
    ['settings', '/trpc/account.settings', token],
    ...EXTRA.map((path): [string, string, string] => ['extra', path, token]),
  ];
  const runs: Run[] = [];
  for (const [key, path, auth] of routes) {
    if (ONLY && ONLY !== key) continue;
    runs.push(await measure(`GET ${path}`, path, auth));
  }

  const floor = runs.find((run) => run.name === 'GET /healthz');
  // Startup (migration check, pool warm-up) costs the same few transactions in every run.
  const startup = floor?.transactions ?? 0;
  console.log('\nPer request');
  for (const run of runs) {
    const ratio = floor ? ` ${fmt((run.rps / floor.rps) * 100, 3)} % of /healthz;` : '';
    const perRequest = (run.transactions - startup) / run.requests;
    const { api: apiMs, postgres, loadGenerator } = run.cpu;
    console.log(
      `  ${run.name}:${ratio} ${fmt(perRequest, 3)} SQL transactions/request;` +
        ` sessions UPDATEs ${run.sessionUpdates} for ${run.requests} requests;` +
        ` CPU µs/request: API ${fmt(apiMs * 1000, 3)}, PostgreSQL ${fmt(postgres * 1000, 3)},` +
        ` autocannon ${fmt(loadGenerator * 1000, 3)} (2 cores at this cost:` +
        ` ${fmt(2000 / (apiMs + postgres + loadGenerator), 4)} req/s)`,
    );
  }
  console.log('\nTargets');
  for (const run of runs.filter((r) => r !== floor)) {
    target(
      `${run.name} ≥ ${TARGET.rps} req/s and p99 < ${TARGET.p99} ms`,
      run.rps >= TARGET.rps && run.p99 < TARGET.p99,
      `${fmt(run.rps, 5)} req/s, p99 ${run.p99} ms`,
    );
    // Idle expiry touches lastUsedAt at most once a minute per session, never per request.
    target(
      `${run.name} no write per request`,
      run.sessionUpdates <= Math.ceil((DURATION + 10) / 60),
      `${run.sessionUpdates} sessions UPDATEs for ${run.requests} requests`,
    );
  }
  summary();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => api.stop());
