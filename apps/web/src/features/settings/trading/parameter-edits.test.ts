import { DEFAULT_STOCK_PARAMETERS, type TFinalTradingEntry } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import {
  applyBatch,
  batchFields,
  finalListPayload,
  firstInvalid,
  isBatchEmpty,
  isEdited,
  outOfBounds,
  resolveParameters,
  shownValue,
} from './parameter-edits';

const base = { ...DEFAULT_STOCK_PARAMETERS, rsi_period: 9, atr_multiplier: 3 };

const entry = (symbol: string, rsi_period = 14): TFinalTradingEntry => ({
  ...DEFAULT_STOCK_PARAMETERS,
  rsi_period,
  symbol,
  close: 101.5,
  rsi: 40,
  atr: 2,
  macd: 0.1,
  qty: null,
  avg_price: null,
  unrealized_pl: null,
  domain: 'example.com',
  no_robust_edge: null,
});

describe('batch edit', () => {
  it('keeps only the fields that were filled in (0 and false count, "" and null do not)', () => {
    const batch = {
      rsi_period: 20,
      sma_period: '',
      macd_fast: null,
      stop_loss_percentage: 0,
      macd_crossover: false,
    } as const;
    expect(batchFields(batch)).toEqual({
      rsi_period: 20,
      stop_loss_percentage: 0,
      macd_crossover: false,
    });
  });

  it('is empty while nothing is entered, so Apply Batch Edit stays disabled', () => {
    expect(isBatchEmpty({})).toBe(true);
    expect(isBatchEmpty({ rsi_period: '', macd_crossover: null })).toBe(true);
    expect(isBatchEmpty({ rsi_period: 7 })).toBe(false);
  });

  it('applies to every stock on top of earlier edits, leaving other fields alone', () => {
    const edits = { AAPL: { sma_period: 60, rsi_period: 10 } };
    const next = applyBatch(['AAPL', 'MSFT'], edits, { rsi_period: 21, sma_period: '' });
    expect(next).toEqual({ AAPL: { sma_period: 60, rsi_period: 21 }, MSFT: { rsi_period: 21 } });
    expect(edits).toEqual({ AAPL: { sma_period: 60, rsi_period: 10 } });
  });
});

describe('row edits', () => {
  it('resolve onto the stored parameters; an emptied input means the default', () => {
    const resolved = resolveParameters(
      { ...base, profit: 12, no_robust_edge: false } as typeof base,
      { rsi_period: 25, atr_multiplier: '', macd_crossunder: false },
    );
    expect(resolved).toEqual({
      ...base,
      rsi_period: 25,
      atr_multiplier: DEFAULT_STOCK_PARAMETERS.atr_multiplier,
      macd_crossunder: false,
    });
    expect(resolved).not.toHaveProperty('profit');
  });

  it('count as an edit only when a value differs from the stored one', () => {
    expect(isEdited(base, undefined)).toBe(false);
    expect(isEdited(base, { rsi_period: 9 })).toBe(false);
    expect(isEdited(base, { rsi_period: 10 })).toBe(true);
    expect(isEdited(base, { atr_multiplier: '' })).toBe(true);
  });

  it('show the edit when there is one, else the stored value', () => {
    expect(shownValue(base, { rsi_period: '' }, 'rsi_period')).toBe('');
    expect(shownValue(base, {}, 'rsi_period')).toBe(9);
  });
});

describe('finalListPayload', () => {
  const list = [entry('AAPL'), entry('MSFT', 20), entry('NVDA')];

  it('sends the whole list in order with parameters only (no close, rsi, domain, ...)', () => {
    const payload = finalListPayload(list);
    expect(payload.map((e) => e.symbol)).toEqual(['AAPL', 'MSFT', 'NVDA']);
    expect(payload[1]).toEqual({ ...DEFAULT_STOCK_PARAMETERS, rsi_period: 20, symbol: 'MSFT' });
  });

  it('replaces the edited stock and leaves out the removed one', () => {
    const payload = finalListPayload(
      list,
      { NVDA: { ...DEFAULT_STOCK_PARAMETERS, sma_period: 77 } },
      ['MSFT'],
    );
    expect(payload.map((e) => e.symbol)).toEqual(['AAPL', 'NVDA']);
    expect(payload[1]?.sma_period).toBe(77);
    expect(payload[0]?.sma_period).toBe(DEFAULT_STOCK_PARAMETERS.sma_period);
  });
});

describe('outOfBounds', () => {
  const period = { min: 5, max: 50, integer: true };
  it('marks values outside min..max and fractions of whole-number parameters', () => {
    expect(outOfBounds(period, 5)).toBe(false);
    expect(outOfBounds(period, 50)).toBe(false);
    expect(outOfBounds(period, 4)).toBe(true);
    expect(outOfBounds(period, 51)).toBe(true);
    expect(outOfBounds(period, 14.5)).toBe(true);
    expect(outOfBounds({ min: 0, max: 1, integer: false }, 0.025)).toBe(false);
  });
});

describe('firstInvalid', () => {
  it('names the first stock whose edited parameters break a bound, with the contract message', () => {
    expect(firstInvalid({ AAPL: base })).toBeNull();
    const message = firstInvalid({ AAPL: base, MSFT: { ...base, rsi_period: 51 } });
    expect(message).toBe('MSFT: RSI period (days) must be a number from 5 to 50.');
  });

  it('names a field as the table labels it, never by its internal name', () => {
    const message = firstInvalid({ MUHI: { ...base, rsi_buy_threshold: 150 } });
    expect(message).toBe('MUHI: RSI buy threshold must be a number from 0 to 100.');
    const risk = firstInvalid({ MUHI: { ...base, risk_per_trade: 1.5 } }) ?? '';
    expect(risk).toMatch(/^MUHI: Risk per trade \(% of equity\) must be from 0 to 100 %/);
    expect(risk).not.toContain('risk_per_trade');
  });
});
