/** Tab 3 lives in ./trading/; the settings page imports it from here. */
export { TradingTab } from './trading/trading-tab';
