import { stockCount } from './counts.js';
import type { TUniverseName } from './schemas/common.schema.js';

/**
 * The texts only the client shows, word for word (the server's own texts are `server`, in
 * messages.ts). One source, so tests can assert exact texts.
 */
export const ui = {
  loginUnauthorized: 'Incorrect username or password',
  loginFailed: 'Login failed: Server error',
  invalid2fa: 'Invalid 2FA code',
  verify2faFailed: '2FA verification failed: Server error',
  onboardingFailed: 'Failed to verify user status',
  sessionExpired: 'Session expired',
  signupFailed: 'Signup failed',
  passwordsDoNotMatch: 'Passwords do not match',
  enable2faFailed: 'Failed to enable 2FA',
  missingTempToken: 'Missing temporary token or username',
  twoFaSetupComplete: '2FA setup complete. Please log in using your 2FA code.',
  enter2fa: 'Please enter your 2FA code',
  signupQrNote: "Once set up, you'll use this code to log in securely.",
  settingsLoadFailed: (reason: string) => `Failed to load settings: ${reason}`,
  settingsSaveFailed: 'Failed to save settings. Please try again.',
  settingsSaved: 'Settings saved successfully. Onboarding completed!',
  testConnectionFailed: 'Could not test the connection. Please try again.',
  testConnectionNeedsPair:
    'Enter both the key and the secret, or leave both empty to test the saved pair.',
  liveModeConfirm:
    'Live mode trades real money: the bot will place real orders on your Alpaca live account with your funds. Paper trading is simulated. Switch to live mode?',
  twoFaNotEnabledWarning:
    'Two-factor authentication is not enabled yet. Complete the setup to secure your account.',
  subscriptionFailed: (reason: string) => `Subscription failed: ${reason}`,
  csvDownloadFailed: 'Could not download the CSV. Please try again.',
  usersLoadFailed: 'Failed to fetch users',
  userUpdateFailed: 'Failed to update user',
  userDeleteFailed: 'Failed to delete user',
  confirmDeleteUser:
    'Are you sure you want to delete this user? Their bot is stopped and the orders it has waiting at the broker are cancelled. Positions at Alpaca stay open, with their stop-loss and take-profit orders: nothing is sold.',
  confirmDemoClockSkip: (hours: number) =>
    `Skip the demo market ahead ${hours} market hours? Every demo user's market moves: running bots act at the new market time on their next tick. The clock cannot be moved back.`,
  demoClockSkipFailed: 'Could not skip the demo clock ahead.',
  systemLoadFailed: 'Failed to load the system status',
  deleteAccountIntro:
    'Deleting your account stops the trading bot, cancels the orders it has waiting at your broker and erases your data: keys, settings, stock lists, backtests, trades, logs and notifications. This cannot be undone.',
  deleteAccountAlpacaPositions:
    'Positions at Alpaca stay open: nothing is sold. Their stop-loss and take-profit orders stay at Alpaca too; manage them there from now on.',
  deleteAccountDemoPositions:
    'Your demo-market account, with its simulated positions and orders, is erased with the rest.',
  deleteAccountFailed: 'Could not delete your account. Please try again.',
  loadingUsers: 'Loading users...',
  noToken: 'No token found',
  pageNotFound: 'The page you are looking for does not exist.',
  errorTitle: 'Something went wrong',
  errorBody: "We've encountered an unexpected error. Our team has been notified.",
  errorRecurring: (n: number) => `(This has happened ${n} times)`,
  errorCopied: 'Error details copied to clipboard',
  loadingNotifications: 'Loading notifications...',
  noNotifications: 'No notifications',
  customTemplateNameRequired: 'Please enter a name for your custom template',
  templateApplied: (template: string) => `${template} template applied`,
  saveTemplateFailed: 'Failed to save custom template',
  deleteTemplateFailed: 'Failed to delete template',
  screenerTimedOut: 'Screener did not complete within the expected time',
  wsConnected: 'WebSocket connected',
  wsConnectionFailed: 'WebSocket connection failed.',
  wsInvalidMessage: 'Invalid WebSocket message received',
  noStocksSelectedForBacktesting: 'No stocks selected for backtesting',
  noStocksSelectedForOptimization: 'No stocks selected for optimization',
  savedForBacktesting: (n: number) => `Saved ${stockCount(n)} for backtesting`,
  savedToOptimized: (n: number) => `Saved ${stockCount(n)} to Optimized Parameters`,
  /**
   * The line over the screened stocks: how many passed, and (after saves to the Backtesting
   * List, which take stocks out of the results) how many of them were saved and how many are shown.
   */
  screenerPassed: (passed: number, total: number, template: string | null, saved: number) =>
    `${passed} of ${total} stocks passed${template ? ` (${template})` : ''}` +
    (saved > 0 ? `; ${saved} saved to the Backtesting List, ${passed - saved} shown.` : '.'),
  screenerAllSaved: (saved: number, total: number) =>
    `All ${stockCount(saved)} that passed (of ${total} looked at) ${saved === 1 ? 'is' : 'are'} saved to the Backtesting List. Run the screener again for new results.`,
  addedToBacktestQueue: (symbol: string) => `${symbol} added to backtest queue.`,
  removedFromOptimizedOne: (symbol: string) => `${symbol} removed from Optimized Parameters.`,
  removedFromFinalList: (symbol: string) => `${symbol} removed from Final Trading List.`,
  alreadyInBacktestQueue: (symbol: string) => `${symbol} is already in your backtest queue.`,
  addToQueueFailed: (symbol: string) => `Failed to add ${symbol} to queue. Please try again later.`,
  saveSelectionsFailed: 'Failed to save selections',
  saveOptimizedFailed: 'Failed to save optimized parameters',
  backtestSettingsSaved: 'Backtesting settings saved successfully',
  settingsLoadFailedRetry: 'Failed to load settings. Please try again.',
  saveBacktestSettingsFailed: 'Failed to save backtesting settings',
  newsLoadFailed: 'Failed to fetch news sentiment',
  newsEmpty:
    'No news yet. News is shown for the stocks in your backtesting list or Final Trading List; add stocks there and their headlines appear within a minute or so.',
  stockDataLoadFailed: 'Failed to load stock data. Please try again later.',
  noStocksFound: 'No stocks found for the given search.',
  noLogo: 'No Logo',
  loading: 'Loading...',
  sessionExpiredLogIn: 'Session expired. Please log in again.',
  // Strategy settings
  notificationsFetchFailed: (message: string) => `Failed to fetch notifications: ${message}`,
  saveTradingSettingsFailed: 'Failed to save trading settings',
  clearNotificationsFailed: 'Failed to clear notifications',
  queueBacktestsFailed: 'Failed to queue backtests',
  removeSelectionsFailed: 'Failed to remove selections',
  undoFailed: 'Failed to undo',
  updateFinalListFailed: 'Failed to update Final Trading List',
  startTradingFailed: 'Failed to start trading',
  oldNotificationsCleared: 'Old notifications cleared.',
  backtestsQueued: (n: number) =>
    `Backtests queued for ${stockCount(n)}. Check notifications for progress.`,
  removedFromBacktestingList: 'Selected stocks removed from backtesting list',
  movedToFinalList: (n: number) => `Moved ${stockCount(n)} to Final Trading List.`,
  undoSuccessful: (n: number) =>
    `Undo successful. ${stockCount(n)} restored to Optimized Parameters.`,
  resetToBacktestDefaults: 'Optimized parameters reset to backtest defaults',
  batchEditApplied: 'Batch edit applied to all stocks.',
  tradingSettingsSaved: 'General trading settings saved successfully.',
  finalListUpdated: 'Final Trading List updated successfully.',
  rsiThresholdsOverlap:
    'RSI sell threshold is below RSI buy threshold: an RSI between the two counts as both a dip and a spike. A long exits as soon as RSI crosses above the sell threshold, and on a day when long and short signals both hold (one MACD gate off) nothing is entered.',
  tradingBotStarted: 'Trading bot started with your saved optimized parameters',
  noStocksInBacktestingList: 'No stocks in the backtesting list',
  noOptimizedParameters: 'No optimized parameters available. Run backtests to generate parameters.',
  noTradingStocks: 'No trading stocks selected.',
  backtestCompleted: (symbol: string) => `Backtest completed for ${symbol}`,
  /** Where a backtest's bars came from, as its detail view names it. */
  backtestDataSource: (source: TUniverseName, feed: 'iex' | 'sip' | null) =>
    source === 'demo'
      ? 'demo market'
      : source === 'csv'
        ? 'imported CSV (offline)'
        : feed === null
          ? 'Alpaca'
          : `Alpaca (${feed.toUpperCase()} feed)`,
  /** The detail view's data line: source, the bars used and the tested window. */
  backtestDataLine: (d: {
    source: TUniverseName;
    feed: 'iex' | 'sip' | null;
    from: string;
    to: string;
    tested_from: string;
    tested_to: string;
  }) =>
    `Data: ${ui.backtestDataSource(d.source, d.feed)}, ${d.from} → ${d.to} (tested ${d.tested_from} → ${d.tested_to})`,
  // Dashboard
  botSessionExpired: 'Session expired, please log in again',
  botStartFailed: (message: string) => `Failed to start bot: ${message}`,
  botStopFailed: 'Failed to stop bot',
  botRestartFailed: 'Failed to restart bot',
  quickSellFailed: (symbol: string) => `Failed to quick sell ${symbol}`,
  screenerStartFailed: 'Failed to start screener',
  botStartedToast: 'Bot started successfully.',
  botStoppedToast: 'Bot stopped successfully.',
  botRestartedToast: 'Bot restarted successfully.',
  quickSellInitiated: (symbol: string) => `Quick sell initiated for ${symbol}.`,
  screenerStarted: 'Screener started successfully.',
  quickSellConfirm: (symbol: string) => `Are you sure you want to quick sell ${symbol}?`,
  fetchFailed: (what: DashboardLoad) => `Failed to fetch ${what}`,
  // ours: the kill switch and live start (beyond the spec)
  killSwitchFailed: (message: string) => `Failed to flatten and stop: ${message}`,
  killSwitchConfirm:
    'This cancels every open order, closes every position at market (a short is bought back) and stops the bot. Market orders fill at the next available price, which can be worse than the last one shown. This cannot be undone.',
  liveStartConfirm:
    'The bot will trade your Alpaca live account: it places real orders with real money, using your Final Trading List and trading settings. Start it in live mode?',
  // Monte Carlo risk of the portfolio preview
  monteCarloMethod:
    "We resample the preview's daily percentage returns in blocks of a few days (about a week or two on average; a stationary block bootstrap), so calm and stormy stretches stay together as they happened, and chain them into 10,000 possible years, compounding each day's return on the equity of the day before. The bands show the equity that 5 %, 50 % and 95 % of those paths stay below on each day, and the halt figure is the share of paths whose fall from their peak reaches your maximum drawdown. The paths can only reuse days the preview contains: a crash, a regime or a correlation the history lacks cannot appear, and a short or lucky history makes the spread look narrower than it is. The paths keep trading past the halt. Treat the figures as a range of plausible outcomes, not a forecast.",
  monteCarloTooFewReturns: (count: number, minimum: number) =>
    `The risk simulation needs at least ${minimum} days of returns; the preview has ${count}.`,
  monteCarloInvalidReturns:
    'The risk simulation could not run: the preview has a daily return that is missing or below −100 %.',
  portfolioPreviewFailed: 'Failed to run the portfolio preview. Please try again.',
  /** Begin Trading's confirmation, from a preview of the list as it stands. */
  previewRiskQuote: (below: string, halt: string, share: string) =>
    `In 1 year, 1 path in 20 ends below ${below}; the halt at ${halt} is hit in ${share} of paths.`,
  beginTradingConfirm:
    'The bot will trade your Final Trading List with your trading settings. Begin trading?',
  // Live log
  liveLogFetchFailed: 'Failed to fetch live log. Please try again.',
  liveLogConnectionLost: 'Connection lost. Retrying…',
} as const;

/** Dashboard load failures, each phrased 'Failed to fetch ...'. */
export type DashboardLoad =
  | 'bot status'
  | 'bot config'
  | 'market status'
  | 'positions'
  | 'logs'
  | 'monitored symbols'
  | 'historical performance'
  | 'news sentiment'
  | 'price chart'
  | 'account history'
  | 'open orders'
  | 'live vs backtest';
