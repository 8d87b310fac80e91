import { resetDatabase } from '@tradebot/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadEnv } from '../src/env.js';
import { totpCode, TOTP_PERIOD_SECONDS } from '@tradebot/core';
import { readinessCheck } from '../src/readiness.js';
import { createRuntime, type Runtime } from '../src/runtime.js';

export const TEST_KEY = 'a'.repeat(64);

/** A clock tests can move (session expiry, TOTP steps). */
export function testClock(start = Date.UTC(2026, 0, 5, 15, 0, 0)) {
  const clock = {
    ms: start,
    now: () => new Date(clock.ms),
    advance: (ms: number) => {
      clock.ms += ms;
    },
  };
  return clock;
}

export interface TestApi {
  app: FastifyInstance;
  runtime: Runtime;
  clock: ReturnType<typeof testClock>;
  /** Every login slow-down the services asked for, in ms (tests do not sit through them). */
  pauses: number[];
  http: ReturnType<typeof httpClient>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The real app on the real test database and Redis (set up by the integration globalSetup). */
export async function startTestApi(
  options: {
    webDist?: string;
    webSourceMaps?: boolean;
    env?: Record<string, string>;
    websocket?: { heartbeatMs?: number; appUrl?: string };
    onRoute?: AppOptions['onRoute'];
  } = {},
): Promise<TestApi> {
  const { env: overrides = {}, ...appOptions } = options;
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    ENCRYPTION_KEY: TEST_KEY,
    RESERVED_USERNAMES: 'admin,support',
    // The demo clock stands still (tests move it: runtime.demo.clock), and no test reaches
    // the real Alpaca: port 9 (discard) refuses at once, so an Alpaca call fails fast.
    DEMO_TRADING_DAYS_PER_MINUTE: '0',
    ALPACA_TRADING_URL: 'http://127.0.0.1:9',
    ALPACA_DATA_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
  const clock = testClock();
  const pauses: number[] = [];
  const pause = async (ms: number) => void pauses.push(ms);
  const runtime = await createRuntime(env, { now: clock.now, pause });
  await runtime.ready();
  const app = await buildApp({
    services: runtime.services,
    sessions: runtime.sessions,
    subscriber: runtime.subscriber,
    namespace: runtime.namespace,
    readiness: readinessCheck(runtime),
    ...appOptions,
    websocket: { appUrl: env.APP_URL, ...appOptions.websocket },
  });
  await app.ready();
  return {
    app,
    runtime,
    clock,
    pauses,
    http: httpClient(app, runtime.deps.background),
    async reset() {
      await resetDatabase(runtime.db);
      pauses.length = 0;
      await runtime.redis.flushdb();
    },
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are JSON the tests assert on, not typed data
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export function httpClient(app: FastifyInstance, background?: { idle(): Promise<void> }) {
  async function send(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    options: { token?: string; json?: unknown; form?: Record<string, string>; ip?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const response = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      remoteAddress: options.ip ?? '127.0.0.1',
    });
    // What a request started after its answer (a reset mail) is done before the test reads on.
    await background?.idle();
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // not JSON
    }
    return { status: response.statusCode, body, headers: response.headers };
  }
  return {
    send,
    get: (url: string, token?: string) => send('GET', url, token ? { token } : {}),
    post: (url: string, json?: unknown, token?: string) =>
      send('POST', url, { json: json ?? {}, ...(token ? { token } : {}) }),
    del: (url: string, token?: string) => send('DELETE', url, token ? { token } : {}),
  };
}

export const secretFromUri = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

/** The code an authenticator app shows now (optionally a step ahead). */
export function codeAt(secret: string, nowMs: number, stepOffset = 0) {
  return totpCode(secret, Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + stepOffset);
}

export const signupBody = (username: string, overrides: Record<string, unknown> = {}) => ({
  username,
  email: `${username}@example.com`,
  password: 'correct horse battery',
  country: 'US',
  phone_number: '+1 555 010 1234',
  tos_accepted: true,
  ...overrides,
});

/** Logs in with password and the current TOTP code; returns a full token. */
export async function logIn(api: TestApi, username: string, secret: string, ip = '10.0.0.1') {
  const login = await api.http.send('POST', '/api/token', {
    form: { username, password: 'correct horse battery' },
    ip,
  });
  const verify = await api.http.send('POST', '/api/verify-2fa', {
    token: login.body.access_token,
    json: { totp_code: codeAt(secret, api.clock.ms) },
    ip,
  });
  if (verify.status !== 200) throw new Error(`2FA failed: ${JSON.stringify(verify.body)}`);
  // The next login must use a later step: each step is accepted once.
  api.clock.advance(TOTP_PERIOD_SECONDS * 1000);
  return verify.body.access_token as string;
}

/** Signs up, logs in with 2FA and returns a full token plus the TOTP secret. */
export async function signUpAndLogIn(api: TestApi, username: string, ip = '10.0.0.1') {
  const signup = await api.http.send('POST', '/api/signup', { json: signupBody(username), ip });
  if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const secret = secretFromUri(signup.body.totp_uri);
  const token = await logIn(api, username, secret, ip);
  const status = await api.http.get('/api/status', token);
  return { token, secret, userId: status.body.user.id as number };
}

/** Signs up and logs in like `signUpAndLogIn`, then makes the user an admin. */
export async function signUpAdmin(api: TestApi, username: string, ip = '10.0.0.1') {
  const admin = await signUpAndLogIn(api, username, ip);
  await api.runtime.db.user.update({ where: { id: admin.userId }, data: { isAdmin: true } });
  return admin;
}
