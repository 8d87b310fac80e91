import type { Page } from 'playwright-core';

/**
 * A trading bot's reads as the server will answer them once the bot runs, for looking at a
 * filled dashboard and live log before the engine exists: the page's tRPC calls go to the real
 * API and the bot.* answers in each batch are replaced by these.
 */
const DAY = 86_400_000;
const start = Date.parse('2026-01-05T21:00:00Z');
const day = (i: number) => new Date(start + i * DAY).toISOString().slice(0, 10);

function bars(symbol: string, n = 90) {
  let price = symbol === 'AAPL' ? 180 : 410;
  return Array.from({ length: n }, (_, i) => {
    const open = price;
    price = Math.max(10, price * (1 + Math.sin(i / 6) * 0.012 + (((i * 37) % 11) - 5) / 700));
    const close = price;
    return {
      time: day(i),
      open,
      high: Math.max(open, close) * 1.006,
      low: Math.min(open, close) * 0.994,
      close,
    };
  });
}

const trades = [
  ['MSFT', 'long', 10, 402.1, 415.5, 20, 30, 'take_profit'],
  ['AAPL', 'long', 25, 181.3, 178.2, 33, 38, 'stop_loss'],
  ['NVDA', 'short', 8, 140.2, 131.9, 41, 47, 'signal'],
  ['AAPL', 'long', 20, 176.4, 184.9, 55, 63, 'trailing_stop'],
  ['MSFT', 'long', 12, 409.7, 405.1, 70, 72, 'manual_sell'],
] as const;

export const BOT_ANSWERS: Record<string, unknown> = {
  'bot.status': {
    status: 'running',
    mode: 'demo',
    equity: 10_412.37,
    cash: 5_902.11,
    buying_power: 11_804.22,
    last_activity: new Date(start + 80 * DAY).toISOString(),
    daily_pnl: 58.2,
    drawdown_pct: 1.84,
    halted: true,
    halt_reason: 'Equity fell 20.4 % below its peak of $13,080.00 (max_drawdown 20 %).',
    last_tick_at: new Date(start + 80 * DAY + 60_000).toISOString(),
    last_error: null,
  },
  'bot.positions': [
    {
      symbol: 'AAPL',
      qty: 20,
      side: 'long',
      avg_entry_price: 176.4,
      current_price: 184.9,
      market_value: 3698,
      unrealized_pl: 170,
    },
    {
      symbol: 'NVDA',
      qty: -8,
      side: 'short',
      avg_entry_price: 140.2,
      current_price: 142.8,
      market_value: -1142.4,
      unrealized_pl: -20.8,
    },
  ],
  'bot.trackedSymbols': [
    ['AAPL', 184.9, 61.2, 3.41, 1.22, 20, 176.4, 170],
    ['MSFT', 412.3, 48.7, 6.8, -0.41, 0, null, null],
    ['NVDA', 142.8, 71.9, 5.02, 2.75, -8, 140.2, -20.8],
  ].map(([symbol, last_price, rsi, atr, macd, qty, avg_price, unrealized_pl]) => ({
    symbol,
    last_price,
    rsi,
    atr,
    macd,
    qty,
    avg_price,
    unrealized_pl,
    domain: null,
  })),
  'bot.historicalPerformance': (() => {
    let total = 0;
    const closed = trades.map(([symbol, side, qty, entry, exit, from, to, reason]) => {
      const pnl = (side === 'long' ? exit - entry : entry - exit) * qty;
      total += pnl;
      return {
        trade: {
          symbol,
          side,
          qty,
          entry_price: entry,
          exit_price: exit,
          entry_at: new Date(start + from * DAY).toISOString(),
          exit_at: new Date(start + to * DAY).toISOString(),
          pnl,
          reason,
        },
        point: { time: new Date(start + to * DAY).toISOString(), cumulative_pnl: total },
      };
    });
    return {
      cumulative_pnl: total,
      win_rate: 60,
      max_drawdown: 4.2,
      trades_count: closed.length,
      trades: closed.map((c) => c.trade).reverse(),
      equity_curve: closed.map((c) => c.point),
    };
  })(),
  'bot.logs': {
    logs: [
      [1, 'info', 'AAPL: long entry signal (RSI 28.4 < 30); sending 20 shares at the open'],
      [2, 'info', 'Bought 20 AAPL at 176.40'],
      [3, 'warn', 'MSFT: entry skipped, 25 shares × 412.30 exceed buying power'],
      [4, 'error', 'Broker unreachable: connect ETIMEDOUT (retrying next tick)'],
      [5, 'warn', 'Trading halted: equity 20.4 % below peak'],
    ].map(([id, level, message]) => ({
      id,
      level,
      message,
      time: new Date(start + 80 * DAY + Number(id) * 60_000).toISOString(),
    })),
  },
  'bot.accountHistory': {
    activities: [
      ['fixture::div-aapl', 'DIV', 'AAPL', 20, 0.24, 4.8, null],
      ['fixture::nra-aapl', 'DIVNRA', 'AAPL', 20, null, -1.44, 'NRA tax withheld'],
    ].map(([id, type, symbol, qty, perShare, net, description]) => ({
      id,
      date: new Date(start + 70 * DAY).toISOString().slice(0, 10),
      type,
      symbol,
      qty,
      per_share_amount: perShare,
      net_amount: net,
      description,
    })),
  },
  'bot.liveLog': {
    logs: Array.from({ length: 80 }, (_, i) => {
      const time = new Date(start + 40 * DAY + i * 3_600_000)
        .toISOString()
        .replace('T', ' ')
        .slice(0, 19);
      const level = i % 17 === 5 ? 'ERROR' : i % 7 === 3 ? 'WARN' : 'INFO';
      return `${time} ${level} tick ${i}: checked 3 symbols, ${i % 5} orders open`;
    }),
  },
};

/** Serves BOT_ANSWERS (and `bot.chart` from generated bars) in place of the server's answers. */
export async function serveBotFixture(page: Page) {
  await page.route(/\/trpc\/[^?]*bot\./, async (route) => {
    const url = new URL(route.request().url());
    const paths = url.pathname.replace(/^\/trpc\//, '').split(',');
    const real = await route.fetch();
    const body: unknown = await real.json();
    const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>;
    const answer = (path: string, i: number, original: unknown) => {
      if (path === 'bot.chart') {
        const symbol = (inputs[i] as { symbol?: string } | undefined)?.symbol ?? 'AAPL';
        const series = bars(symbol);
        const fills =
          symbol === 'AAPL'
            ? [
                {
                  time: `${day(33)}T14:30:00.000Z`,
                  side: 'buy',
                  qty: 25,
                  price: series[33]!.open,
                  reason: null,
                },
                {
                  time: `${day(38)}T15:10:00.000Z`,
                  side: 'sell',
                  qty: 25,
                  price: series[38]!.low,
                  reason: 'stop_loss',
                },
                {
                  time: `${day(55)}T14:30:00.000Z`,
                  side: 'buy',
                  qty: 20,
                  price: series[55]!.open,
                  reason: null,
                },
              ]
            : [];
        return { result: { data: { symbol, bars: series, fills } } };
      }
      return path in BOT_ANSWERS ? { result: { data: BOT_ANSWERS[path] } } : original;
    };
    const replaced = Array.isArray(body)
      ? body.map((item, i) => answer(paths[i] ?? '', i, item))
      : answer(paths[0] ?? '', 0, body);
    await route.fulfill({ response: real, json: replaced });
  });
}
