import { createDb, createScreenerRun, findScreenerRun } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { ALL_CRITERIA } from '@tradebot/strategy/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenerService } from './screener.service.js';

/**
 * The screener job's whole path (read the universe with its metrics, screen, store the result
 * and the notification) over Alpaca listings with every one of the 25 criteria active, a tenth
 * of them without fundamentals (as Alpaca listings without a CSV or FMP row): every listing is
 * counted, and the criteria they lack are reported. The time of 10,000 listings is measured by
 * `npx tsx bench/metrics-refresh.ts --symbols 10000` (the same read and filter).
 */
const db = createDb(process.env.DATABASE_URL ?? '');
const N = 2_000;

let userId: number;
beforeAll(async () => {
  await resetDatabase(db);
  const user = await db.user.create({
    data: {
      username: 'bench10k',
      email: 'bench10k@example.com',
      passwordHash: 'x',
      country: 'US',
      tosAcceptedAt: new Date(),
    },
    select: { id: true },
  });
  userId = user.id;
  // Deterministic pseudo-random values from the row number (no Math.random in the data).
  const v = (k: number, lo: number, hi: number) =>
    `(${lo}::float8 + (${hi}::float8 - ${lo}::float8) * ((i * ${k}) % 1000) / 1000.0)`;
  await db.pool.query(`
    INSERT INTO companies (source, symbol, company_name, exchange, security_type, price,
      market_cap, average_volume, beta, pe_ratio, pb_ratio, ps_ratio, peg_ratio, ev_ebitda,
      price_to_free_cash_flow, dividend_yield, free_cash_flow, roe, roa, gross_margin,
      operating_margin, current_ratio, debt_to_equity, revenue_growth, earnings_growth,
      bars_through)
    SELECT 'alpaca', 'S' || i, 'Listing ' || i, 'NASDAQ', 'stock', ${v(37, 5, 300)},
      ${v(41, 1e8, 5e11)}, ${v(43, 1e4, 1e7)}, ${v(47, 0, 3)},
      ${v(53, 3, 120)}, ${v(59, 0.5, 30)}, ${v(61, 0.5, 35)}, ${v(67, 0.2, 7)}, ${v(71, 2, 70)},
      ${v(73, 5, 140)}, ${v(79, 0, 6)}, ${v(83, -2e8, 5e9)}, ${v(89, -30, 60)}, ${v(97, -15, 30)},
      ${v(101, 5, 90)}, ${v(103, -20, 50)}, ${v(107, 0.3, 4)}, ${v(109, 0, 5)}, ${v(113, -15, 40)},
      ${v(127, -25, 60)}, DATE '2026-11-24'
    FROM generate_series(1, ${N}) AS i`);
  // A tenth without fundamentals: no CSV row and no FMP for them.
  await db.pool.query(
    `UPDATE companies SET pe_ratio = NULL, roe = NULL, market_cap = NULL
     WHERE source = 'alpaca' AND substr(symbol, 2)::int % 10 = 0`,
  );
  await db.pool.query(`
    INSERT INTO stock_metrics (company_id, as_of, last_price, rsi, atr, atr_percent, macd,
      macd_signal, macd_histogram, average_volume, beta, refreshed_at)
    SELECT id, TIMESTAMPTZ '2026-11-24 21:00Z', price, 20 + (id * 31 % 70), price * 0.02,
      1 + (id * 7 % 5), 0.1, 0.05, 0.05, average_volume, beta, now()
    FROM companies WHERE source = 'alpaca'`);
  await db.pool.query('ANALYZE companies; ANALYZE stock_metrics');
}, 120_000);
afterAll(() => db.$disconnect());

describe('the screener job on Alpaca listings × all 25 criteria', () => {
  it('reads, screens and stores every listing, reporting the criteria without data', async () => {
    const service = screenerService(
      {
        db,
        events: { publish: async () => undefined },
        now: () => new Date(),
        limiter: {} as never,
      },
      { universeFor: () => 'alpaca' },
      {} as never,
      { enqueue: async () => undefined },
    );
    for (let i = 0; i < 2; i++) {
      const { run } = await createScreenerRun(db, {
        userId,
        universe: 'alpaca',
        criteria: ALL_CRITERIA,
        templateName: null,
      });
      const result = await service.process(run.id);
      expect(result.status).toBe('completed');
      const stored = await findScreenerRun(db, run.id);
      expect(stored).toMatchObject({ status: 'completed', total: N });
      expect(stored!.excludedForMissingData).toBeGreaterThanOrEqual(N / 10);
    }
    const output = await service.output({ userId } as never);
    expect(output.symbols.length + output.excluded_for_missing_data).toBeLessThanOrEqual(N);
    expect(output.missing_criteria).toContainEqual(
      expect.objectContaining({ criterion: 'max_pe_ratio', missing: N / 10, unavailable: false }),
    );
  }, 60_000);
});
