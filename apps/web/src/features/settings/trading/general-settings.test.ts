import { ZTradingSettingsInput } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { tradingInput } from './general-settings';

describe('tradingInput', () => {
  it('sends emptied inputs as null and only the fields that changed', () => {
    const input = tradingInput({
      risk_percentage: '',
      sleep_interval: 30,
      macd_crossover_long: false,
    });
    expect(input).toEqual({
      risk_percentage: null,
      sleep_interval: 30,
      macd_crossover_long: false,
    });
    expect(ZTradingSettingsInput.parse(input)).toEqual(input);
  });

  it('sends the partial-fill choice as is', () => {
    expect(tradingInput({ partial_fill_handling: 'accept' })).toEqual({
      partial_fill_handling: 'accept',
    });
  });
});
