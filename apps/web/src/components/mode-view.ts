/** What the label says for a bot status: Live only while the bot runs on the live account. */
export function modeView(
  bot: { status: 'running' | 'stopped'; mode: 'demo' | 'paper' | 'live' | null } | undefined,
): { label: 'Live' | 'Paper'; tooltip: string } {
  if (bot?.status === 'running' && bot.mode === 'live')
    return { label: 'Live', tooltip: 'The bot is trading your live account with real money' };
  if (bot?.status === 'running')
    return {
      label: 'Paper',
      tooltip:
        bot.mode === 'demo'
          ? 'The bot is trading the simulated demo market'
          : 'The bot is trading your paper account',
    };
  return { label: 'Paper', tooltip: 'The trading bot is not running' };
}
