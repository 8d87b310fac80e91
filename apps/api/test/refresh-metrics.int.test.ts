import { server } from '@tradebot/api-contract';
import { TRACE_KEY } from '@tradebot/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let admin: { token: string; userId: number };
let user: { token: string; userId: number };
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.reset();
  admin = await signUpAdmin(api, 'root', '10.0.2.1');
  user = await signUpAndLogIn(api, 'uma', '10.0.2.2');
});

// The harness's paused demo clock stands at Monday 2026-01-05 9:00 New York: Friday is the
// last completed session.
const AS_OF = '2026-01-02';

describe('POST /api/admin/refresh-metrics', () => {
  it('refuses a non-admin with 403 and enqueues nothing', async () => {
    const reply = await api.http.post('/api/admin/refresh-metrics', {}, user.token);
    expect(reply.status).toBe(403);
    expect(await api.runtime.deps.metricsQueue.count()).toBe(0);
  });

  it('enqueues the refresh once per universe and date', async () => {
    const first = await api.http.post(
      '/api/admin/refresh-metrics',
      { universe: 'demo' },
      admin.token,
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: server.metricsRefreshQueued('demo', AS_OF) });
    const job = await api.runtime.deps.metricsQueue.getJob(`metrics-demo-${AS_OF}`);
    expect(job?.data).toEqual({
      universe: 'demo',
      as_of: AS_OF,
      [TRACE_KEY]: { requestId: first.headers['x-request-id'], userId: admin.userId },
    });

    // A second trigger for the same date adds no job.
    const again = await api.http.post(
      '/api/admin/refresh-metrics',
      { universe: 'demo' },
      admin.token,
    );
    expect(again.body).toEqual({ message: server.metricsRefreshExists('demo', AS_OF) });
    expect(await api.runtime.deps.metricsQueue.count()).toBe(1);

    // Every universe: the csv and alpaca ones have no bars in this database.
    const all = await api.http.post('/api/admin/refresh-metrics', undefined, admin.token);
    expect(all.body.message).toBe(
      `${server.metricsRefreshExists('demo', AS_OF)} ${server.metricsNoBars('csv')} ${server.metricsNoBars('alpaca')}`,
    );
  });

  it('names the field of a bad universe', async () => {
    const reply = await api.http.post(
      '/api/admin/refresh-metrics',
      { universe: 'nyse' },
      admin.token,
    );
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('universe');
  });
});
