import { DEFAULT_STOCK_PARAMETERS } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { figure, parameterLines, parameterSummary } from './parameter-summary';

describe('parameter summary', () => {
  it('names the signal parameters in one line', () => {
    expect(parameterSummary({ ...DEFAULT_STOCK_PARAMETERS, rsi_period: 9 })).toBe(
      'RSI 9 (30/70) · SMA 50 · MACD 12/26 · ATR 14×2 · SL 2% TP 5%',
    );
  });

  it('lists every parameter by its schema label, flags as on/off', () => {
    const lines = parameterLines({ ...DEFAULT_STOCK_PARAMETERS, macd_crossover: false }, [
      { field: 'rsi_period', label: 'RSI period' },
      { field: 'macd_crossover', label: 'MACD crossover' },
      { field: 'risk_per_trade', label: 'Risk per trade (% of equity)' },
    ]);
    expect(lines).toEqual([
      'RSI period: 14',
      'MACD crossover: off',
      'Risk per trade (% of equity): 2',
    ]);
  });

  it('shows a missing figure as a dash and others to 2 decimals', () => {
    expect(figure(null)).toBe('—');
    expect(figure(3.14159)).toBe('3.14');
  });
});
