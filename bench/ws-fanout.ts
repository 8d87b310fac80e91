/**
 * Websocket fan-out benchmark (not a test). Run: npx tsx bench/ws-fanout.ts [--clients=1000]
 * [--rounds=5] [--port=3330]
 *
 * Starts the real API (NODE_ENV=production) as a child process on database `tradebot_bench_ws`
 * and Redis db 9, stores users and full sessions in the database (1,000 sign-ups would hit the
 * per-IP limit and cost minutes of password hashing), and connects `--clients` websocket
 * clients from this process to /ws?token=…. Then, per round, it publishes events on the users'
 * Redis channels exactly as the worker does (`{namespace}:events:user:{id}`, JSON of a
 * `progress` message) and times each client's delivery, publish to `message` event:
 *
 * - one user, all sockets (one event: one Redis message, the hub's loop over that user's sockets)
 * - one socket per user (one event per user, published back to back in one pipeline).
 *
 * The clock starts just before the event's PUBLISH leaves this process and stops when its
 * client's `message` handler runs in this process, so the figure includes Redis, the API's
 * session re-check and send, and the client side's parsing of 1,000 frames on one event loop.
 * Reference, same run: raw Redis pub/sub, PUBLISH to a subscriber in this process.
 * Target (issue 12): p99 < 100 ms for one event to 1,000 connected clients.
 */
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocket } from 'ws';
import { ApiProcess, flushRedis, recreateDatabase } from './lib/api-process.js';
import { fmt, summary, target } from './lib/report.js';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const CLIENTS = Number(arg('clients', '1000'));
const ROUNDS = Number(arg('rounds', '5'));
const PORT = Number(arg('port', '3330'));
const TARGET_P99_MS = 100;

const DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/tradebot_bench_ws';
const REDIS_URL = 'redis://127.0.0.1:6379/9';
const NAMESPACE = 'bench-ws';
/** Same as the contract's `userEventsChannel` (bench imports no app package). */
const channel = (userId: number) => `${NAMESPACE}:events:user:${userId}`;

interface Client {
  userId: number;
  socket: WebSocket;
  /** performance.now() when this client's current event arrived. */
  gotAt: number | null;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? NaN,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
}

const line = (name: string, s: ReturnType<typeof stats>, n: number) =>
  console.log(
    `  ${name.padEnd(34)} n=${String(n).padStart(5)}  first ${fmt(s.min)} ms  p50 ${fmt(s.p50)} ms  p99 ${fmt(s.p99)} ms  max ${fmt(s.max)} ms`,
  );

/** `count` users, each with one full session; returns their ids and tokens. */
async function storeUsers(count: number): Promise<{ userId: number; token: string }[]> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const users: { userId: number; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, country, tos_accepted_at, updated_at)
       VALUES ($1, $2, 'not-a-hash', 'US', now(), now()) RETURNING id`,
      [`wsbench${i}`, `wsbench${i}@example.com`],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sessions (id, user_id, kind, expires_at) VALUES ($1, $2, 'full', now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), rows[0]!.id],
    );
    users.push({ userId: rows[0]!.id, token });
  }
  await db.end();
  return users;
}

/** Opens the sockets, 50 handshakes at a time (a browser crowd does not arrive in one tick). */
async function connect(tokens: { userId: number; token: string }[]): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < tokens.length; i += 50) {
    const batch = tokens.slice(i, i + 50).map(
      ({ userId, token }) =>
        new Promise<Client>((done, fail) => {
          const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws?token=${token}`);
          const client: Client = { userId, socket, gotAt: null };
          socket.on('message', (data) => {
            const message = JSON.parse((data as Buffer).toString()) as { type: string };
            if (message.type === 'progress') client.gotAt = performance.now();
          });
          socket.once('open', () => done(client));
          socket.once('error', fail);
          socket.once('close', (code, reason) =>
            fail(new Error(`closed ${code} ${String(reason)}`)),
          );
        }),
    );
    clients.push(...(await Promise.all(batch)));
  }
  // The hub subscribes to a user's channel after the session check: let that settle.
  await new Promise((done) => setTimeout(done, 500));
  return clients;
}

const waitAll = async (clients: Client[], ms = 10_000) => {
  const end = Date.now() + ms;
  while (clients.some((c) => c.gotAt === null)) {
    if (Date.now() > end) throw new Error('some clients got no event within 10 s');
    await new Promise((done) => setImmediate(done));
  }
};

/** One round: an event for each of `userIds` at once; latency per client. */
async function round(publisher: Redis, clients: Client[], userIds: number[]): Promise<number[]> {
  for (const client of clients) client.gotAt = null;
  const sentAt = new Map<number, number>();
  const pipeline = publisher.pipeline();
  for (const userId of userIds) {
    const event = { type: 'progress', task: 'bench', completed: 1, total: 1 };
    pipeline.publish(channel(userId), JSON.stringify(event));
  }
  const start = performance.now();
  for (const userId of userIds) sentAt.set(userId, start);
  await pipeline.exec();
  await waitAll(clients);
  return clients.map((c) => c.gotAt! - sentAt.get(c.userId)!);
}

async function redisReference(samples: number): Promise<number[]> {
  const subscriber = new Redis(REDIS_URL);
  const publisher = new Redis(REDIS_URL);
  await subscriber.subscribe(`${NAMESPACE}:reference`);
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const got = new Promise<number>((done) =>
      subscriber.once('message', () => done(performance.now())),
    );
    const start = performance.now();
    await publisher.publish(`${NAMESPACE}:reference`, 'x');
    out.push((await got) - start);
  }
  subscriber.disconnect();
  publisher.disconnect();
  return out;
}

async function scenario(
  name: string,
  publisher: Redis,
  clients: Client[],
  userIds: number[],
): Promise<number[]> {
  await round(publisher, clients, userIds); // warm-up, not counted
  const all: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const latencies = await round(publisher, clients, userIds);
    line(`${name}, round ${r + 1}`, stats(latencies), latencies.length);
    all.push(...latencies);
    await new Promise((done) => setTimeout(done, 200));
  }
  line(`${name}, all rounds`, stats(all), all.length);
  return all;
}

async function main() {
  process.env.REDIS_PREFIX = NAMESPACE;
  await recreateDatabase(DATABASE_URL);
  await flushRedis(REDIS_URL);
  const api = new ApiProcess({ port: PORT, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL });
  await api.start();
  const publisher = new Redis(REDIS_URL);
  try {
    console.log(
      `ws fan-out: ${CLIENTS} clients, ${ROUNDS} rounds (+1 warm-up), API pid ${api.pid}`,
    );
    const reference = await redisReference(500);
    line('reference: raw Redis pub/sub', stats(reference), reference.length);

    const users = await storeUsers(CLIENTS);
    // A: one user, all sockets on that user's one session.
    const single = await connect(users.map(() => users[0]!));
    const a = await scenario('one user × all sockets', publisher, single, [users[0]!.userId]);
    for (const c of single) c.socket.close();
    await new Promise((done) => setTimeout(done, 500));
    // B: one socket per user, one event per user.
    const many = await connect(users);
    const b = await scenario(
      'one socket per user',
      publisher,
      many,
      users.map((u) => u.userId),
    );
    for (const c of many) c.socket.close();

    const ref = stats(reference);
    for (const [name, samples] of [
      ['one event to 1,000 sockets of one user', a],
      ['one event each to 1,000 users', b],
    ] as const) {
      const s = stats(samples);
      target(
        `${name}: p99 < ${TARGET_P99_MS} ms`,
        s.p99 < TARGET_P99_MS,
        `p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, max ${fmt(s.max)} ms; raw Redis p99 ${fmt(ref.p99)} ms (${fmt(s.p99 / ref.p99)}×)`,
      );
    }
    summary();
  } finally {
    publisher.disconnect();
    await api.stop();
  }
}

await main();
