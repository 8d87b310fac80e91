import type { TAccountSettingsOutput } from '@tradebot/api-contract';

export interface MarketView {
  label: string;
  color: string;
  tooltip: string;
}

/**
 * What the market badge says: the demo market, Alpaca once a key is saved, and "Not set up"
 * before either (an account without keys that has not chosen the demo market trades nowhere).
 */
export function marketView(
  settings: Pick<TAccountSettingsOutput, 'market' | 'paper_key_mask' | 'live_key_mask'>,
): MarketView {
  if (settings.market === 'demo')
    return {
      label: 'Demo market',
      color: 'grape',
      tooltip: 'Prices, news and orders come from the built-in demo market (simulated)',
    };
  if (settings.paper_key_mask || settings.live_key_mask)
    return {
      label: 'Alpaca',
      color: 'blue',
      tooltip: 'Prices and orders go through your Alpaca account',
    };
  return {
    label: 'Not set up',
    color: 'gray',
    tooltip: 'Save Alpaca keys or choose the demo market in account settings',
  };
}
