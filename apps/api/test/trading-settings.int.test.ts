import { DEFAULT_STOCK_PARAMETERS, server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.js';
import { startListsApi, type ListsUser } from './list-setup.js';

/** GET /api/config and POST /api/update-config: the general trading settings, their validation, defaults and bounds. */
let api: TestApi;
let user: ListsUser;

const DEFAULTS = {
  risk_percentage: 0.02,
  atr_multiplier: 2,
  max_drawdown: 0.2,
  sleep_interval: 60,
  max_order_retries: 3,
  order_timeout: 10,
  partial_fill_handling: 'cancel',
  retry_delay: 1,
  rsi_buy_threshold_long: 30,
  rsi_sell_threshold_long: 70,
  macd_crossover_long: true,
  macd_crossunder_long: true,
  stop_loss_percentage_long: 2,
  take_profit_percentage_long: 5,
  rsi_short_sell_threshold: 70,
  rsi_short_buy_threshold: 30,
  short_stop_loss_percentage: 2,
  short_take_profit_percentage: 5,
  short_atr_threshold: 1.5,
};

beforeAll(async () => {
  ({ api, user } = await startListsApi('settler', '10.0.9.1'));
});
afterAll(async () => api.close());

const read = async () => (await api.http.get('/api/config', user.token)).body;
const update = (trading: unknown) => api.http.post('/api/update-config', { trading }, user.token);

describe('general trading settings', () => {
  it('are the defaults until saved, with the backtest trailing stop', async () => {
    expect(await read()).toEqual({
      trading: { ...DEFAULTS, per_stock_settings: {} },
      backtesting: { trailing_stop_pct: 0.02 },
    });
    await api.http.post('/api/backtest/settings', { trailing_stop_pct: 0.05 }, user.token);
    expect((await read()).backtesting).toEqual({ trailing_stop_pct: 0.05 });
  });

  it('save the fields sent, keep those left out, and turn null or empty into the default', async () => {
    const first = await update({
      risk_percentage: 0.05,
      sleep_interval: 300,
      partial_fill_handling: 'accept',
      macd_crossover_long: false,
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('General trading settings saved successfully.');
    const saved = {
      ...DEFAULTS,
      risk_percentage: 0.05,
      sleep_interval: 300,
      partial_fill_handling: 'accept',
      macd_crossover_long: false,
    };
    expect(first.body.config.trading).toEqual({ ...saved, per_stock_settings: {} });
    const second = await update({ risk_percentage: null, sleep_interval: '', order_timeout: 30 });
    expect(second.body.message).toBe(ui.tradingSettingsSaved);
    const expected = { ...saved, risk_percentage: 0.02, sleep_interval: 60, order_timeout: 30 };
    expect((await read()).trading).toEqual({ ...expected, per_stock_settings: {} });
    await update({ partial_fill_handling: null, macd_crossover_long: '' });
    expect((await read()).trading).toMatchObject({
      partial_fill_handling: 'cancel',
      macd_crossover_long: true,
    });
  });

  it('refuse a value out of bounds naming the field, an unknown field and a bad choice', async () => {
    const before = await read();
    const high = await update({ risk_percentage: 1.5, sleep_interval: 10 });
    expect(high.status).toBe(400);
    expect(high.body.detail).toBe(
      server.parameterBounds('Risk per trade (% of equity)', 0, 1, true),
    );
    const fraction = await update({ sleep_interval: 1.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.detail).toContain('Check interval (seconds)');
    const unknown = await update({ leverage: 10 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('leverage');
    const choice = await update({ partial_fill_handling: 'maybe' });
    expect(choice.status).toBe(400);
    expect(choice.body.detail).toBe(server.partialFillHandling);
    const outside = await api.http.post(
      '/api/update-config',
      { trading: {}, backtesting: {} },
      user.token,
    );
    expect(outside.status).toBe(400);
    expect(await read()).toEqual(before);
  });

  it('fall back field by field when a stored value no longer fits', async () => {
    await api.runtime.db.userTradingSettings.update({
      where: { userId: user.userId },
      data: { settings: { ...DEFAULTS, max_order_retries: 99, atr_multiplier: 3 } },
    });
    expect((await read()).trading).toMatchObject({ max_order_retries: 3, atr_multiplier: 3 });
  });
});

describe('per_stock_settings', () => {
  it('are the Final Trading List’s parameters, updated with the settings in one save', async () => {
    await api.http.post(
      '/api/save-to-optimized-parameters',
      { symbols: ['DMA', 'DMB'] },
      user.token,
    );
    await api.http.post('/api/select-for-trading', { symbols: ['DMA'] }, user.token);
    expect((await read()).trading.per_stock_settings).toEqual({ DMA: DEFAULT_STOCK_PARAMETERS });
    const edited = { ...DEFAULT_STOCK_PARAMETERS, take_profit_percentage: 8 };
    const reply = await update({ per_stock_settings: { DMA: edited }, max_drawdown: 0.3 });
    expect(reply.status).toBe(200);
    expect(reply.body.config.trading).toMatchObject({
      max_drawdown: 0.3,
      per_stock_settings: { DMA: edited },
    });
    const final = (await api.http.get('/api/get-final-trading-config', user.token)).body;
    expect(final[0]).toMatchObject({ symbol: 'DMA', take_profit_percentage: 8 });
  });

  it('refuse a stock not on the list or a parameter out of bounds, saving nothing', async () => {
    const before = await read();
    const stranger = await update({
      max_drawdown: 0.5,
      per_stock_settings: { DMB: DEFAULT_STOCK_PARAMETERS },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.detail).toBe(server.notOnFinalTradingList(['DMB']));
    const bounds = await update({
      max_drawdown: 0.5,
      per_stock_settings: { DMA: { ...DEFAULT_STOCK_PARAMETERS, rsi_period: 4 } },
    });
    expect(bounds.status).toBe(400);
    expect(bounds.body.detail).toBe(server.parameterBounds('RSI period (days)', 5, 50));
    const twice = await update({
      max_drawdown: 0.5,
      per_stock_settings: { DMA: DEFAULT_STOCK_PARAMETERS, ' dma': DEFAULT_STOCK_PARAMETERS },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toBe(server.duplicateFinalListSymbols(['DMA']));
    expect(await read()).toEqual(before);
  });
});
