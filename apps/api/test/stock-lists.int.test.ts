import { server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The lists the screener and the explorer fill: the backtesting list (POST /api/backtest/stocks,
 * POST /api/select-stocks-for-backtest) and Optimized Parameters with the defaults
 * (POST /api/save-to-optimized-parameters, read by GET /api/get-backtester-output).
 */
let api: TestApi;
let demoUser: { token: string; userId: number };
let realUser: { token: string; userId: number };

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  demoUser = await signUpAndLogIn(api, 'demouser', '10.0.5.1');
  realUser = await signUpAndLogIn(api, 'realuser', '10.0.5.2');
  await api.http.post('/api/use-demo-market', undefined, demoUser.token);
  const listing = (source: 'demo' | 'csv' | 'alpaca', symbol: string) => ({
    source,
    symbol,
    companyName: `${symbol} Inc.`,
  });
  await api.runtime.db.company.createMany({
    data: [
      listing('demo', 'DEMA'),
      listing('demo', 'DEMB'),
      listing('demo', 'BRK.B'),
      listing('alpaca', 'AAPL'),
      // The CSV snapshot is not an Alpaca user's market.
      listing('csv', 'MSFT'),
    ],
  });
});
afterAll(async () => api.close());

describe('the backtesting list', () => {
  it('queues one symbol from the explorer: upper-cased, trimmed, added once', async () => {
    const first = await api.http.post(
      '/api/backtest/stocks',
      { symbols: ['  dema ', ''] },
      demoUser.token,
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: ui.addedToBacktestQueue('DEMA'), added: ['DEMA'] });
    // Its news is asked for now (one job a minute), not at the next scheduled refresh.
    const soon = await api.runtime.deps.newsQueue.getJobs(['waiting', 'delayed', 'active']);
    expect(soon.map((job) => job.id)).toEqual([
      `news-soon-${Math.floor(api.runtime.deps.now().getTime() / 60_000)}`,
    ]);
    const again = await api.http.post(
      '/api/backtest/stocks',
      { symbols: ['DEMA'] },
      demoUser.token,
    );
    expect(again.body).toEqual({ message: ui.alreadyInBacktestQueue('DEMA'), added: [] });
    const list = await api.http.get('/api/backtest/stocks', demoUser.token);
    expect(list.body).toEqual({ symbols: ['DEMA'] });
  });

  it('saves the screener selection with the spec message and keeps the order of adding', async () => {
    const reply = await api.http.post(
      '/api/select-stocks-for-backtest',
      { symbols: ['brk.b', 'DEMB', 'DEMA', 'DEMB'] },
      demoUser.token,
    );
    expect(reply.body).toEqual({
      message: ui.savedForBacktesting(3),
      added: ['BRK.B', 'DEMB'],
    });
    const list = await api.http.get('/api/backtest/stocks', demoUser.token);
    expect(list.body.symbols).toEqual(['DEMA', 'BRK.B', 'DEMB']);
  });

  it('refuses an empty selection, a non-ticker and a symbol of another market, writing nothing', async () => {
    const empty = await api.http.post(
      '/api/select-stocks-for-backtest',
      { symbols: [' '] },
      demoUser.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe(ui.noStocksSelectedForBacktesting);
    const bad = await api.http.post(
      '/api/backtest/stocks',
      { symbols: ['DEMA', 'DROP TABLE'] },
      demoUser.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('DROP TABLE is not a ticker symbol');
    // AAPL is a listing of the real universe, not of the demo market.
    const other = await api.http.post(
      '/api/backtest/stocks',
      { symbols: ['AAPL'] },
      demoUser.token,
    );
    expect(other.status).toBe(400);
    expect(other.body.detail).toBe(server.unknownSymbols(['AAPL']));
    const list = await api.http.get('/api/backtest/stocks', demoUser.token);
    expect(list.body.symbols).toEqual(['DEMA', 'BRK.B', 'DEMB']);
    // The real market's user can queue it.
    const real = await api.http.post('/api/backtest/stocks', { symbols: ['aapl'] }, realUser.token);
    expect(real.body.added).toEqual(['AAPL']);
  });
});

describe('Optimized Parameters from the screener', () => {
  it('adds the stocks with the per-stock defaults and no profit', async () => {
    const reply = await api.http.post(
      '/api/save-to-optimized-parameters',
      { symbols: ['DEMA', 'DEMB'] },
      demoUser.token,
    );
    expect(reply.body.message).toBe(ui.savedToOptimized(2));
    const output = await api.http.get('/api/get-backtester-output', demoUser.token);
    expect(Object.keys(output.body.best_parameters)).toEqual(['DEMA', 'DEMB']);
    expect(output.body.best_parameters.DEMA).toMatchObject({
      rsi_buy_threshold: 30,
      rsi_sell_threshold: 70,
      sma_period: 50,
      macd_crossover: true,
      profit: null,
    });
  });

  it('keeps a stock that is already there as it is', async () => {
    await api.runtime.db.optimizedParameter.update({
      where: { userId_symbol: { userId: demoUser.userId, symbol: 'DEMA' } },
      data: { profit: 123.5 },
    });
    const reply = await api.http.post(
      '/api/save-to-optimized-parameters',
      { symbols: ['DEMA'] },
      demoUser.token,
    );
    expect(reply.body.added).toEqual([]);
    const output = await api.http.get('/api/get-backtester-output', demoUser.token);
    expect(output.body.best_parameters.DEMA.profit).toBe(123.5);
  });

  it('refuses an empty selection with the spec message', async () => {
    const reply = await api.http.post(
      '/api/save-to-optimized-parameters',
      { symbols: [] },
      demoUser.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(ui.noStocksSelectedForOptimization);
  });

  it('watches the backtesting list for news and prices', async () => {
    expect(await api.runtime.services.stockLists.monitoredSymbols(demoUser.userId)).toEqual([
      'BRK.B',
      'DEMA',
      'DEMB',
    ]);
  });
});
