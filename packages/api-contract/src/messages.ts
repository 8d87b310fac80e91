import { verdictMessages } from './verdict-messages.js';
import type { TUniverseName } from './schemas/common.schema.js';

/**
 * User-facing messages. `ui` holds the texts the client shows, word for word; `server`
 * holds the texts the server returns as `detail` (REST) or error message (tRPC).
 * Keep one source so tests can assert exact texts.
 */
/** "1 stock", "3 stocks": counts in messages read as people write them. */
export const stockCount = (n: number) => `${n} ${n === 1 ? 'stock' : 'stocks'}`;

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
  confirmDeleteUser: 'Are you sure you want to delete this user?',
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
  | 'open orders';

/** "Value" → "Value template"; "Custom Template" stays as it is. */
export const templateLabel = (name: string) =>
  /\btemplate$/i.test(name) ? name : `${name} template`;

/** 1e10 → "10,000,000,000": bounds read as people write them. */
const plain = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

export const server = {
  apiKeysRequired: 'Please provide at least one set of API keys (paper or live).',
  liveKeysRequired: 'Live API keys must be provided to use live trading mode.',
  paperKeysRequired: 'Paper API keys must be provided to use paper trading mode.',
  incompletePair: (env: 'paper' | 'live') =>
    `Both the ${env} API key and the ${env} API secret are needed.`,
  noSavedKeys: (env: 'paper' | 'live') =>
    `No ${env} API keys are saved. Enter a key and a secret to test them.`,
  alpacaInvalidKeys: (env: 'paper' | 'live') =>
    `Alpaca rejected these ${env} API keys. Check the key ID and the secret (paper and live keys differ).`,
  alpacaNotPermitted: 'Alpaca refused access to the account with these keys.',
  alpacaRateLimited: 'Alpaca is limiting requests for these keys. Please try again in a minute.',
  alpacaUnavailable: 'Alpaca could not be reached. Please try again in a minute.',
  exempt2fa: '2FA cannot be changed for this user.',
  invalidCredentials: 'Incorrect username or password',
  invalid2fa: 'Invalid 2FA code',
  notAuthenticated: 'Not authenticated',
  sessionExpired: 'Session expired',
  forbidden: 'Admin access required',
  tempTokenOnly: 'This token can only be used to complete two-factor authentication.',
  /** /ws closes with 1011 and this when the session could not be checked (database down). */
  wsServerError: 'Server error, please reconnect',
  wsOriginRefused: 'This page may not connect to the live updates',
  usernameTaken: 'Username already registered',
  emailTaken: 'Email already registered',
  tosRequired: 'You must accept the Terms of Service and Privacy Policy.',
  usernameMismatch: 'The username does not match this setup token.',
  twoFaAlreadyEnabled: 'Two-factor authentication is already enabled for this account.',
  tooManyRequests: (seconds: number) =>
    `Too many attempts. Please try again in ${seconds} seconds.`,
  tooManyRuns: (seconds: number) =>
    `You started this too often in the last minute. Please try again in ${seconds} seconds.`,
  tooManyTemplates: (max: number) =>
    `You have ${max} saved templates, the most there can be. Delete one before saving another.`,
  tooManyQueuedBacktests: (max: number) =>
    `You have ${max} backtests queued or running, the most there can be. Wait for some to finish.`,
  resetLinkSent: 'If that email is registered, a password reset link has been sent.',
  verifyLinkSent: 'A verification link has been sent to your email address.',
  invalidResetToken: 'This reset link is invalid or has expired.',
  invalidVerifyToken: 'This verification link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Please log in.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  emailVerified: 'Your email address has been verified.',
  signupSuccess:
    'Account created. Scan the QR code with your authenticator app; you will need its code to log in.',
  livePlanRequired:
    'Live trading needs a paid plan (basic or premium). Your trial allows paper trading only.',
  subscriptionPending: (plan: string) =>
    `Your ${plan} plan request is recorded. Online payment is not available yet; an administrator will activate it for you.`,
  subscriptionActive: (plan: string) => `Your ${plan} plan is active.`,
  planGranted: (plan: string, username: string) => `${username} now has the ${plan} plan.`,
  adminEmailVerified: (username: string) => `${username}'s email address is marked verified.`,
  userNotFound: 'User not found',
  cannotChangeOwnAdmin: 'You cannot revoke your own admin role.',
  cannotDeleteSelf: 'You cannot delete your own account from the admin dashboard.',
  deleteAccountUsernameMismatch:
    'Type your username exactly as it is to confirm. Nothing was deleted.',
  deleteAccountWrongPassword: 'Your password is incorrect. Nothing was deleted.',
  deleteAccountCodeRequired:
    'Two-factor authentication is on: enter the code from your authenticator app. Nothing was deleted.',
  deleteAccountWrongCode: 'Invalid 2FA code. Nothing was deleted.',
  deleteAccountLastAdmin:
    'You are the only admin. Grant the admin role to another user before deleting your account. Nothing was deleted.',
  /** `atAlpaca`: the user had Alpaca keys (their positions there stay); else only demo data. */
  accountDeleted: (atAlpaca: boolean, failedCancels: number) =>
    !atAlpaca
      ? 'Your account and its data are deleted.'
      : failedCancels === 0
        ? 'Your account and its data are deleted. Positions at Alpaca stay open.'
        : `Your account and its data are deleted. Positions at Alpaca stay open. ${failedCancels} of the bot's orders could not be cancelled: cancel them at Alpaca.`,
  loggedOut: 'Logged out',
  reportStored: 'Error report received',
  twoFaSetUp: 'Two-factor authentication is enabled. Scan the QR code, then log in with your code.',
  notificationsCleared: 'Old notifications cleared.',
  adminTwoFaDisabled: '2FA disabled.',
  adminTwoFaEnabled: '2FA enabled.',
  adminRoleGranted: 'Admin role granted.',
  adminRoleRevoked: 'Admin role revoked.',
  userDeleted: 'User deleted.',
  methodNotAllowed: 'Method Not Allowed',
  notFound: 'Not Found',
  errorReportTooLarge: 'Error report too large',
  unstorableText: (field: string) =>
    `${field || 'The input'} contains a character that is not allowed (a NUL character or broken Unicode).`,
  /** A screening criterion out of bounds, named as the Stock Screening form labels it. */
  screeningCriterionBounds: (label: string, min: number, max: number) =>
    `${label} must be a number from ${plain(min)} to ${plain(max)}, or empty for no filter.`,
  screeningFlag: (label: string) => `${label} must be true or false.`,
  screeningBetaRange: 'Min beta must not be greater than Max beta.',
  unknownCriteria: (keys: readonly string[]) =>
    `Unknown screening criteri${keys.length > 1 ? 'a' : 'on'}: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}.`,
  criteriaNotAnObject: 'The screening criteria must be an object of criteria and their values.',
  templateNameTooLong: (max: number) => `A template name is at most ${max} characters.`,
  symbolsMustBeList: 'symbols must be a list of ticker symbols.',
  symbolsMustBeText: 'Each symbol must be text.',
  tooManySymbols: (max: number) => `At most ${max} symbols per request.`,
  notASymbol: (symbol: string) =>
    `${symbol.slice(0, 20)} is not a ticker symbol (letters, digits, "." or "-", at most 10 characters).`,
  unknownSymbols: (symbols: readonly string[]) =>
    `Unknown symbol${symbols.length > 1 ? 's' : ''} in your market: ${symbols.slice(0, 10).join(', ')}${symbols.length > 10 ? ', …' : ''}`,
  /**
   * A setting out of bounds, named as the screens label it. A fraction (risk 0.02) is shown in
   * percent on screen, so its bounds are given in percent and as the fraction the API takes.
   */
  parameterBounds: (label: string, min: number, max: number, fraction = false) =>
    fraction
      ? `${label} must be from ${plain(min * 100)} to ${plain(max * 100)} % (sent as a fraction from ${plain(min)} to ${plain(max)}).`
      : `${label} must be a number from ${plain(min)} to ${plain(max)}.`,
  periodBounds: (min: number, max: number) =>
    `period must be a whole number of months from ${plain(min)} to ${plain(max)}.`,
  parameterFlag: (field: string) => `${field} must be true or false.`,
  macdFastBelowSlow:
    'MACD fast period (days) must be less than MACD slow period (days): the fast average follows the price more closely than the slow one.',
  excludedForMissingData: (n: number) => `${n} excluded for missing data`,
  criterionNoFundamentals:
    'Fundamentals are missing: Alpaca gives none; they come from FMP (FMP_API_KEY on the server) or from the CSV snapshot where its symbol matches.',
  criterionNoMetrics:
    'Technical metrics are not computed yet (they are refreshed after each market-data load).',
  criterionNoAssetType: 'The asset type (stock, REIT, SPAC, ETF) is not known for these listings.',
  criterionUnavailable: (criterion: string, reason: string) =>
    `${criterion} is unavailable for your market: ${reason}`,
  metricsRefreshQueued: (universe: string, asOf: string) =>
    `Metrics refresh queued for the ${universe} universe (as of ${asOf}).`,
  metricsRefreshExists: (universe: string, asOf: string) =>
    `Metrics of the ${universe} universe as of ${asOf} are already refreshed or in progress.`,
  metricsNoBars: (universe: string) =>
    `The ${universe} universe has no price bars yet: import market data first.`,
  exploreSearchText: 'search must be text.',
  exploreMetricsList: 'metrics must be a list of metric names.',
  explorePage: 'page must be a whole number from 1 to 100,000.',
  exploreSort:
    'sort must be { by: a column of the table (symbol, company_name or a metric but description), dir: asc or desc }.',
  unknownMetrics: (names: readonly string[]) =>
    `Unknown metric${names.length > 1 ? 's' : ''}: ${names
      .slice(0, 10)
      .map((name) => name.slice(0, 40))
      .join(', ')}${names.length > 10 ? ', …' : ''}`,
  marketImportQueued: 'Market data import started.',
  marketImportAlreadyRunning: 'A market data import is already running.',
  marketImportNoFolder:
    'No market data folder is configured on the server (set MARKET_DATA_DIR for the worker and the API).',
  alpacaUniverseQueued: 'Loading the Alpaca market (listings and daily bars).',
  alpacaUniverseAlreadyRunning: 'The Alpaca market is already being loaded.',
  alpacaUniverseUpToDate: (session: string) =>
    `The Alpaca market is already loaded through the session of ${session}.`,
  alpacaUniverseNoKeys:
    'No Alpaca market data yet: this server has no Alpaca data key and no Alpaca keys are saved. Save your Alpaca keys under Settings to load the market.',
  alpacaUniverseLoading: (done: number, total: number) =>
    total > 0
      ? `Loading the Alpaca market: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} listings. This takes a few minutes the first time.`
      : 'Loading the Alpaca market. This takes a few minutes the first time.',
  alpacaUniverseFailed:
    'Loading the Alpaca market failed; it is tried again after the next close. An admin can start it from Admin → Market data.',
  templateNameRequired: 'A template name is required.',
  templateSaved: (name: string) => `Template '${name}' saved.`,
  templateDeleted: (name: string) => `Template '${name}' deleted.`,
  builtInTemplateName: (name: string) =>
    `'${name}' is the name of a built-in template. Please choose another name for your custom template.`,
  builtInTemplateDelete: (name: string) =>
    `'${name}' is a built-in template and cannot be deleted.`,
  templateNotFound: (name: string) => `You have no custom template named '${name}'.`,
  screenerStarted: 'Screener started successfully.',
  screenerCompleted: (template: string | null, passed: number, excluded: number) =>
    `Screener completed${template ? ` (${templateLabel(template)})` : ''}: ${passed} stocks, ${excluded} excluded for missing data`,
  screenerFailed: (reason: string) => `Screener failed: ${reason}`,
  screenerNoUniverse:
    'no market data has been loaded for your market yet (an administrator imports it, or choose the demo market).',
  screenerInternalError: (runId: number) =>
    `an internal error stopped run ${runId}. Please run the screener again; if it keeps failing, contact support.`,
  symbolMustBeText: 'symbol must be text.',
  symbolRequired:
    'symbol must be a ticker symbol (letters, digits, "." or "-", at most 10 characters).',
  partialFillHandling: 'partial_fill_handling must be "cancel" or "accept".',
  finalListMustBeList: 'The Final Trading List must be a list of stocks with their parameters.',
  backtestQueued: (symbol: string) => `Backtest queued for ${symbol}.`,
  backtestAlreadyQueued: (symbol: string) =>
    `A backtest of ${symbol} is already queued or running.`,
  backtestFailed: (symbol: string, reason: string) => `Backtest failed for ${symbol}: ${reason}`,
  noBacktestResult: (symbol: string) => `${symbol} has no completed backtest yet.`,
  backtestCompletedKeptFinal: (symbol: string) =>
    `Backtest completed for ${symbol}. ${symbol} is on your Final Trading List, so its parameters there were kept; the result is in its backtest details.`,
  backtestNoBars: 'no price history was found for it in your market.',
  backtestTopUpFailed: (detail: string) =>
    `its Alpaca price history could not be brought up to the last session (${detail}).`,
  backtestShortHistory: (months: number, needed: number) =>
    `it has only ${months} months of price history; a backtest needs at least ${needed}.`,
  backtestInternalError: (runId: number) =>
    `an internal error stopped backtest ${runId}. Please run it again; if it keeps failing, contact support.`,
  backtestPhaseQueued: 'queued',
  backtestPhaseLoading: 'loading price history',
  backtestPhaseOptimizing: (folds: number) =>
    `optimizing on ${folds} walk-forward fold${folds === 1 ? '' : 's'} and the latest window`,
  backtestPhaseSaving: 'saving the result',
  backtestPhaseCompleted: 'completed',
  backtestPhaseFailed: 'failed',
  ...verdictMessages,
  /** A save that went through for the others: what was left out and why. */
  skippedOnFinalList: (symbols: readonly string[]) =>
    `Not saved, already on your Final Trading List: ${symbols.slice(0, 10).join(', ')}${symbols.length > 10 ? ', …' : ''}.`,
  onFinalTradingList: (symbols: readonly string[]) =>
    `Already on your Final Trading List: ${symbols.slice(0, 10).join(', ')}${symbols.length > 10 ? ', …' : ''}. Remove ${symbols.length > 1 ? 'them' : 'it'} there first.`,
  notOnFinalTradingList: (symbols: readonly string[]) =>
    `Not on your Final Trading List: ${symbols.slice(0, 10).join(', ')}${symbols.length > 10 ? ', …' : ''}. Stocks join it from Optimized Parameters (select-for-trading).`,
  nothingToUndo: 'There is nothing to undo.',
  removedFromOptimized: (n: number) => `Removed ${stockCount(n)} from Optimized Parameters.`,
  noStocksSelected: 'No stocks selected.',
  noStocksSelectedForTrading: 'No stocks selected for the Final Trading List.',
  nothingMovedToFinalList:
    'None of the selected stocks is in Optimized Parameters any more (another tab may have moved them). Reload the lists.',
  duplicateFinalListSymbols: (symbols: readonly string[]) =>
    `Each stock may appear once in the Final Trading List: ${symbols.slice(0, 10).join(', ')}${symbols.length > 10 ? ', …' : ''} appear${symbols.length > 1 ? '' : 's'} more than once.`,
  demoClockPaused:
    'The demo clock is paused (DEMO_TRADING_DAYS_PER_MINUTE=0): it can only be moved by tests.',
  demoClockAdvanced: (hours: number, at: string) =>
    `Demo market skipped ahead ${hours} market hours; it is now ${at} in New York.`,
  botStarted: (mode: 'demo' | 'paper' | 'live') =>
    `Trading bot started on your ${mode === 'demo' ? 'demo market account' : `${mode} account`}.`,
  botBusy: 'The bot is busy with a tick that takes unusually long. Please try again in a moment.',
  botActionInProgress: 'Another bot action is in progress. Try again in a moment.',
  botAlreadyRunning: 'The trading bot is already running.',
  botStopped: 'Trading bot stopped. Open positions and their protective orders stay at the broker.',
  botAlreadyStopped: 'The trading bot is not running.',
  botRestarted: 'Trading bot restarted.',
  botNeedsStocks:
    'Your Final Trading List is empty. Add stocks to it in Strategy settings before starting the bot.',
  botLiveNeedsPaidPlan:
    'Live trading needs a paid plan (basic or premium). Your trial can run the bot on paper or on the demo market.',
  botNeedsKeys: (mode: 'paper' | 'live') =>
    `Save your ${mode} API key and secret in account settings before starting the bot in ${mode} mode.`,
  notHolding: (symbol: string) => `You hold no position in ${symbol}.`,
  quickSellSent: (symbol: string) => `Quick sell initiated for ${symbol}.`,
  killSwitchDone: (orders: number, positions: number) =>
    `Flattened: ${orders} open orders canceled, ${positions} positions closed at market, and the bot stopped.`,
  brokerUnavailable: 'The broker could not be reached. Please try again in a moment.',
  brokerRefused: (reason: string) => `The broker refused the order: ${reason}`,
  /** The only thing a caller learns of a server fault: the id under which it was logged. */
  internalError: (requestId: string) =>
    `Something went wrong on our side. Please try again; if it keeps happening, contact support with reference ${requestId}.`,
} as const;

export {
  botTick,
  decisionWhy,
  openOrderTexts,
  sameSessionLine,
  type ExplainParams,
  type SameSessionTrade,
} from './bot-messages.js';
