import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { server, userEventsChannel } from '@tradebot/api-contract';
import { MARKET_IMPORT_TASK } from '@tradebot/core';
import { createRedis, marketImportQueue, startWorker } from '@tradebot/jobs';
import { FUNDAMENTAL_COLUMNS, FUNDAMENTALS_FILE, PRICES_DIR } from '@tradebot/market';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The worker's own processor, so the job runs exactly as in production (tests may cross apps).
import { marketImportProcessor } from '../../worker/src/market-import.processor.js';
import { signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The admin dashboard's "Import market data": POST starts one import of the server's folder as
 * a job (a double click runs one), the worker reports progress to the admin's websocket
 * channel, and GET shows the report with the rejected rows.
 */
const PRICE_HEADER =
  'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient';
const scratch = mkdtempSync(join(tmpdir(), 'tradebot-admin-import-'));
const folder = join(scratch, 'data');
mkdirSync(join(folder, PRICES_DIR), { recursive: true });
mkdirSync(join(folder, 'fundamentals'), { recursive: true });
writeFileSync(
  join(folder, FUNDAMENTALS_FILE),
  `${FUNDAMENTAL_COLUMNS.join(',')}\nAAA,Alpha,Biotechnology,10,,,,,,,,,,\n,Nameless,Biotechnology,10,,,,,,,,,,\n`,
);
writeFileSync(
  join(folder, PRICES_DIR, 'AAA.csv'),
  `${PRICE_HEADER}\n2021-04-19,10,11,9,10,10,100,0,1\n2021-04-20,10,11,9,x,10,100,0,1\n`,
);
writeFileSync(
  join(folder, PRICES_DIR, 'BBB.csv'),
  `${PRICE_HEADER}\n2021-04-19,20,21,19,20,20,100,0,1\n`,
);

let api: TestApi;
let admin: { token: string; userId: number };
let user: { token: string; userId: number };

beforeAll(async () => {
  api = await startTestApi({ env: { MARKET_DATA_DIR: folder } });
  await api.reset();
  admin = await signUpAdmin(api, 'importer', '10.0.7.1');
  user = await signUpAndLogIn(api, 'plainuser', '10.0.7.2');
});
afterAll(async () => {
  await api.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Polls the status route until the import is over. */
async function finished() {
  for (let i = 0; i < 100; i++) {
    const status = await api.http.get('/api/admin/import-market-data', admin.token);
    if (['completed', 'failed'].includes(status.body.last?.status)) return status.body;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the import did not finish');
}

describe('the admin market-data import', () => {
  it('is for admins only', async () => {
    expect((await api.http.post('/api/admin/import-market-data', {}, user.token)).status).toBe(403);
    expect((await api.http.get('/api/admin/import-market-data', user.token)).status).toBe(403);
    expect((await api.http.post('/api/admin/import-market-data', {})).status).toBe(401);
  });

  it('shows nothing imported yet, and that the folder is there', async () => {
    const status = await api.http.get('/api/admin/import-market-data', admin.token);
    expect(status.body).toEqual({ available: true, last: null });
  });

  it('runs one import for a double click, with progress and the report', async () => {
    const first = await api.http.post('/api/admin/import-market-data', {}, admin.token);
    const second = await api.http.post('/api/admin/import-market-data', {}, admin.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: server.marketImportQueued, job_id: expect.any(String) });
    expect(second.body).toEqual({
      message: server.marketImportAlreadyRunning,
      job_id: first.body.job_id,
    });
    const queued = await api.http.get('/api/admin/import-market-data', admin.token);
    expect(queued.body.last).toMatchObject({ job_id: first.body.job_id, status: 'queued' });

    // The admin's websocket channel receives the progress events.
    const subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
    const events: { task: string; completed: number; total: number }[] = [];
    subscriber.on('message', (_channel, text: string) => events.push(JSON.parse(text)));
    await subscriber.subscribe(userEventsChannel(api.runtime.namespace, admin.userId));

    const worker: Worker = startWorker(
      marketImportQueue,
      marketImportProcessor(api.runtime.services),
      createRedis(process.env.REDIS_URL ?? '', { forWorker: true }),
      api.runtime.queueNamespace,
      1,
    );
    try {
      const done = await finished();
      expect(done.last).toMatchObject({
        job_id: first.body.job_id,
        status: 'completed',
        files_done: 3,
        files_total: 3,
        error: null,
      });
      expect(done.last.report.companies.inserted).toBe(2);
      expect(done.last.report.bars.inserted).toBe(2);
      expect(done.last.report.rejected).toEqual([
        { file: FUNDAMENTALS_FILE, row: 3, column: 'Symbol', reason: 'empty symbol' },
        { file: `${PRICES_DIR}/AAA.csv`, row: 3, column: 'close', reason: 'not a number: "x"' },
      ]);
      expect(done.last.message).toContain('Imported 3 of 3 files');
      expect(await api.runtime.db.company.count({ where: { source: 'csv' } })).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const progress = events.filter((event) => event.task === MARKET_IMPORT_TASK);
      expect(progress.map((event) => [event.completed, event.total])).toEqual([
        [0, 3],
        [1, 3],
        [2, 3],
        [3, 3],
        [3, 3],
      ]);

      // Once done, another click runs a new import (a re-run writes nothing new).
      const again = await api.http.post('/api/admin/import-market-data', {}, admin.token);
      expect(again.body.message).toBe(server.marketImportQueued);
      expect(again.body.job_id).not.toBe(first.body.job_id);
      const rerun = await finished();
      expect(rerun.last.job_id).toBe(again.body.job_id);
      // AAA from the snapshot is unchanged; BBB (bars only) already has its bare listing.
      expect(rerun.last.report.companies).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
      expect(await api.runtime.db.dailyBar.count()).toBe(2);
    } finally {
      await worker.close();
      subscriber.disconnect();
    }
  });

  it('recovers from an import whose job was lost (its worker died before it ran)', async () => {
    // A queued row whose job no longer exists in Redis (e.g. Redis was wiped).
    await api.runtime.db.marketDataImport.create({ data: { status: 'running' } });
    const reply = await api.http.post('/api/admin/import-market-data', {}, admin.token);
    expect(reply.body.message).toBe(server.marketImportQueued);
    const rows = await api.runtime.db.marketDataImport.findMany({ orderBy: { id: 'asc' } });
    expect(rows.at(-2)).toMatchObject({ status: 'failed' });
    expect(rows.at(-1)).toMatchObject({ status: 'queued' });
  });
});
