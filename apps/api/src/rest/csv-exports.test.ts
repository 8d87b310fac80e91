import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BACKTEST_TRADE_COLUMNS,
  BOT_TRADE_COLUMNS,
  BOT_TWIN_COLUMNS,
  botTradesCsv,
  PORTFOLIO_TRADE_COLUMNS,
  portfolioTradesCsv,
} from './csv-exports.js';

const readme = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../README.md'),
  'utf8',
);

/** The column names of the README's table that follows the paragraph naming `path`. */
function documentedColumns(path: string): string[] {
  const exports = readme.slice(readme.indexOf('### Exports'));
  const from = exports.indexOf(`\`GET ${path}\``);
  expect(from, path).toBeGreaterThan(-1);
  const table = exports.slice(from).split('\n\n')[1] ?? '';
  return table
    .split('\n')
    .slice(2)
    .map((line) => /^\| `([a-z_]+)`/.exec(line)?.[1] ?? '');
}

describe("the README's Exports section", () => {
  it('documents every column of each CSV, in the file order', () => {
    expect(documentedColumns('/api/backtest/result/{symbol}/trades.csv')).toEqual(
      BACKTEST_TRADE_COLUMNS.map((c) => c.header),
    );
    expect(documentedColumns('/api/bot/trades.csv')).toEqual(
      BOT_TRADE_COLUMNS.map((c) => c.header),
    );
    expect(documentedColumns('/api/portfolio/backtest/{id}/trades.csv')).toEqual(
      PORTFOLIO_TRADE_COLUMNS.map((c) => c.header),
    );
    expect(documentedColumns('/api/bot/twin.csv')).toEqual(BOT_TWIN_COLUMNS.map((c) => c.header));
  });
});

describe('botTradesCsv', () => {
  it('writes a missing reason as an empty field and a negative P&L as a number', () => {
    const { csv } = botTradesCsv({
      trades: [
        {
          symbol: 'AAA',
          side: 'long',
          qty: 1,
          entry_price: 10,
          exit_price: 9,
          entry_at: '2026-01-06T14:30:00.000Z',
          exit_at: '2026-01-06T15:30:00.000Z',
          pnl: -1,
          reason: null,
        },
      ],
    });
    expect(csv.split('\r\n')[1]).toBe(
      '2026-01-06T14:30:00.000Z,2026-01-06T15:30:00.000Z,AAA,long,1,10,9,-1,',
    );
  });
});

describe('portfolioTradesCsv', () => {
  const id = 'portfolio-7-00000000-0000-4000-8000-000000000000';

  it("names the file by the preview and writes its trades' numbers unformatted", () => {
    const { filename, csv } = portfolioTradesCsv({
      id,
      status: 'completed',
      error: null,
      result: {
        trades: [
          {
            symbol: 'AAA',
            side: 'short',
            entry_date: '2026-01-05',
            exit_date: '2026-01-09',
            quantity: 12,
            entry_price: 10.5,
            exit_price: 11.25,
            fees: 0.12,
            pnl: -9,
            net_pnl: -9.12,
            exit_reason: 'stop_loss',
          },
        ],
      },
    });
    expect(filename).toBe(`${id}-trades.csv`);
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      PORTFOLIO_TRADE_COLUMNS.map((c) => c.header).join(','),
      '2026-01-05,2026-01-09,AAA,short,12,10.5,11.25,0.12,-9,-9.12,stop_loss',
    ]);
  });

  it('has only the header while the preview has no result', () => {
    const { csv } = portfolioTradesCsv({ id, status: 'running', error: null, result: null });
    expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(1);
  });
});
