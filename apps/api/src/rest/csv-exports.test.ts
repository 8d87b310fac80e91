import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BACKTEST_TRADE_COLUMNS,
  BOT_TRADE_COLUMNS,
  BOT_TWIN_COLUMNS,
  botTradesCsv,
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
