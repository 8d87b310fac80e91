import { counted, stockCount } from './counts.js';
import { verdictMessages } from './verdict-messages.js';

/** "Value" → "Value template"; "Custom Template" stays as it is. */
export const templateLabel = (name: string) =>
  /\btemplate$/i.test(name) ? name : `${name} template`;

/** 1e10 → "10,000,000,000": bounds read as people write them. */
const plain = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/**
 * User-facing messages the server returns as `detail` (REST) or error message (tRPC), word for
 * word (the texts only the client shows are `ui`, in ui-messages.ts). One source, so tests can
 * assert exact texts.
 */
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
  /** `atAlpaca`: the user had Alpaca keys (the bot's waiting orders there were cancelled). */
  userDeleted: (atAlpaca: boolean, failedCancels: number) =>
    !atAlpaca
      ? 'User deleted.'
      : failedCancels === 0
        ? "User deleted. The bot's waiting orders at Alpaca are cancelled; the user's positions there stay open."
        : `User deleted. The user's positions at Alpaca stay open. ${failedCancels} of the bot's orders could not be cancelled: the user has to cancel them at Alpaca.`,
  adminDeleteLastAdmin:
    'This user is the only admin left: their bot is stopped, but the account was not deleted.',
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
  portfolioNoSymbols:
    'Your Final Trading List is empty: add stocks to it, or send the symbols to preview.',
  portfolioMonths: 'months must be a whole number of months from 1 to 120.',
  portfolioUnknown: 'No such portfolio preview: it may have expired; start a new one.',
  portfolioNoBars: 'None of these stocks has price history in your market for that period.',
  portfolioFailed: (runId: string) =>
    `An internal error stopped portfolio preview ${runId}. Please start it again; if it keeps failing, contact support.`,
  portfolioPhaseLoading: 'loading price history',
  portfolioPhaseComputing: 'trading the list on one account',
  portfolioPhaseCompleted: 'completed',
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
    `Flattened: ${counted(orders, 'open order', 'open orders')} canceled, ${counted(positions, 'position', 'positions')} closed at market, and the bot stopped.`,
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
