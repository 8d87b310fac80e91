/**
 * What the nav's Paper/Live label says for a bot status, on the user's market: Live only while
 * the bot runs on the live account. The demo market's simulated broker is neither Alpaca's paper
 * nor its live account, so there is no label (null) while the bot trades it, or while a stopped
 * bot's user is on it: the market badge says "Demo market" instead.
 */
export function modeView(
  bot: { status: 'running' | 'stopped'; mode: 'demo' | 'paper' | 'live' | null } | undefined,
  market: 'demo' | 'alpaca' | undefined,
): { label: 'Live' | 'Paper'; tooltip: string } | null {
  if (bot?.status === 'running' && bot.mode === 'live')
    return { label: 'Live', tooltip: 'The bot is trading your live account with real money' };
  if (bot?.status === 'running' && bot.mode === 'paper')
    return { label: 'Paper', tooltip: 'The bot is trading your paper account' };
  if (bot?.status === 'running' || market !== 'alpaca') return null;
  return { label: 'Paper', tooltip: 'The trading bot is not running' };
}
