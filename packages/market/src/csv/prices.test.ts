import { describe, expect, it } from 'vitest';
import { parsePriceFile, symbolOfPriceFile } from './prices.js';

const HEADER =
  'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient';
const FILE = 'prices-daily/ABC.csv';
const parse = (body: string) => parsePriceFile(FILE, 'ABC.csv', `${HEADER}\n${body}`);

describe('price files', () => {
  it('reads good rows oldest first', () => {
    const parsed = parse(
      '2021-04-21,10,11,9.5,10.5,10.2,1000,0.0,1.0\r\n2021-04-20,9,10,8.5,9.5,9.2,2000,0.25,4.0\n',
    );
    expect(parsed.fatal).toBe(false);
    expect(parsed.symbol).toBe('ABC');
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        date: '2021-04-20',
        open: 9,
        high: 10,
        low: 8.5,
        close: 9.5,
        adjusted_close: 9.2,
        volume: 2000,
        dividend_amount: 0.25,
        split_coefficient: 4,
      },
      {
        date: '2021-04-21',
        open: 10,
        high: 11,
        low: 9.5,
        close: 10.5,
        adjusted_close: 10.2,
        volume: 1000,
        dividend_amount: 0,
        split_coefficient: 1,
      },
    ]);
  });

  it('rejects bad rows with file, row, column and reason and keeps the rest', () => {
    const parsed = parse(
      [
        '2021-04-19,10,11,9,10,10,100,0,1', // row 2: good
        '2021-04-20,ten,11,9,10,10,100,0,1', // row 3: bad number
        '2021-04-21,-1,11,9,10,10,100,0,1', // row 4: negative price
        '2021-04-22,10,8,9,8.5,8.5,100,0,1', // row 5: high < low
        '2021-04-19,10,11,9,10,10,100,0,1', // row 6: duplicate date
        '2021-02-30,10,11,9,10,10,100,0,1', // row 7: no such day
        '2021-04-23,10,11,9,10,10,100.5,0,1', // row 8: fractional volume
        '2021-04-26,10,11,9,10,10', // row 9: too few fields
        '2021-04-27,10,10.5,9,11,11,100,0,1', // row 10: close above high
      ].join('\n'),
    );
    expect(parsed.rows.map((row) => row.date)).toEqual(['2021-04-19']);
    expect(parsed.rejected).toEqual([
      { file: FILE, row: 3, column: 'open', reason: 'not a number: "ten"' },
      { file: FILE, row: 4, column: 'open', reason: 'price must be positive: -1' },
      { file: FILE, row: 5, column: 'high', reason: 'high 8 is below low 9' },
      { file: FILE, row: 6, column: 'timestamp', reason: 'duplicate date (first at row 2)' },
      { file: FILE, row: 7, column: 'timestamp', reason: 'not a date (YYYY-MM-DD): "2021-02-30"' },
      { file: FILE, row: 8, column: 'volume', reason: 'volume must be a whole number ≥ 0: 100.5' },
      { file: FILE, row: 9, column: null, reason: 'expected 9 fields, found 6' },
      { file: FILE, row: 10, column: 'high', reason: 'high 10.5 is below open or close' },
    ]);
  });

  it('refuses the whole file when a column is missing, and reports unknown columns', () => {
    const parsed = parsePriceFile(
      FILE,
      'ABC.csv',
      'timestamp,open,high,low,close,volume,extra\n2021-04-19,1,1,1,1,1,1\n',
    );
    expect(parsed.fatal).toBe(true);
    expect(parsed.rows).toEqual([]);
    expect(parsed.rejected).toEqual([
      { file: FILE, row: 1, column: 'extra', reason: 'unknown column (ignored)' },
      { file: FILE, row: 1, column: 'adjusted_close', reason: 'missing column: file not loaded' },
      { file: FILE, row: 1, column: 'dividend_amount', reason: 'missing column: file not loaded' },
      {
        file: FILE,
        row: 1,
        column: 'split_coefficient',
        reason: 'missing column: file not loaded',
      },
    ]);
  });

  it('refuses an empty file and a file not named after a symbol', () => {
    expect(parsePriceFile(FILE, 'ABC.csv', '').rejected).toEqual([
      { file: FILE, row: 1, column: null, reason: 'empty file: no header' },
    ]);
    const badName = parsePriceFile('prices-daily/1x y.csv', '1x y.csv', HEADER);
    expect(badName.fatal).toBe(true);
    expect(badName.rejected[0]).toMatchObject({ row: null, column: null });
  });

  it('takes the symbol from the file name', () => {
    expect(symbolOfPriceFile('brk.b.csv')).toBe('BRK.B');
    expect(symbolOfPriceFile('AAPL.CSV')).toBe('AAPL');
    expect(symbolOfPriceFile('notes.txt')).toBeNull();
    expect(symbolOfPriceFile('.csv')).toBeNull();
  });
});
