import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/**
 * A Redis server of the test run's own: every test slot gets its own database on it, so test
 * files run side by side without flushing each other's queues, and a second checkout's run on
 * the same machine never meets this one. Falls back to the machine's shared server (REDIS_URL's
 * host and port, default 127.0.0.1:6379) when `redis-server` is not installed locally, e.g. when
 * Redis runs under docker compose.
 */
export interface TestRedis {
  /** `redis://host:port` without a database number. */
  base: string;
  /** The first database number this run may use (on the shared server, 0 stays `npm start`'s). */
  firstDb: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {}); // a refused probe is the answer, not an error to print
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** `sharedFirstDb`: where this kind of test starts on the shared server (integration 1, browser 9). */
export async function startTestRedis(sharedUrl: string, sharedFirstDb: number): Promise<TestRedis> {
  const installed = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!installed) {
    const shared = new URL(sharedUrl);
    return { base: `redis://${shared.host}`, firstDb: sharedFirstDb, stop: async () => {} };
  }
  const port = await freePort();
  // A watchdog shell stops the server when the run ends, even when the run is killed.
  const child = spawn(
    'bash',
    [
      '-c',
      `redis-server --port ${port} --bind 127.0.0.1 --save '' --appendonly no & server=$!
      trap 'kill $server 2>/dev/null; exit 0' TERM INT EXIT
      while kill -0 ${process.pid} 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 1; done`,
    ],
    { stdio: 'ignore' },
  );
  const base = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null)
      throw new Error(`redis-server stopped with code ${child.exitCode}`);
    if (await answers(base)) {
      return {
        base,
        firstDb: 0,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer on port ${port}`);
}
