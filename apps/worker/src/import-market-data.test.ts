import { describe, expect, it } from 'vitest';
import { progressLine, reportLines } from './import-market-data.js';

describe('import-market-data output', () => {
  it('draws the bar in proportion to the files done', () => {
    const line = progressLine({
      filesDone: 5,
      filesTotal: 10,
      file: 'prices-daily/A.csv',
      rows: 12345,
      rejected: 1,
    });
    expect(line).toBe(
      `[${'='.repeat(14)}>${' '.repeat(15)}]  5/10 files  12,345 rows  1 rejected  prices-daily/A.csv`,
    );
  });

  it('lists every rejected row with file, row, column and reason', () => {
    const lines = reportLines(
      {
        filesTotal: 2,
        filesRefused: ['prices-daily/B.csv'],
        companies: { inserted: 0, updated: 0, unchanged: 0 },
        bars: { inserted: 1, updated: 0, unchanged: 0 },
        rejected: [
          { file: 'prices-daily/A.csv', row: 3, column: 'close', reason: 'not a number: "x"' },
          {
            file: 'prices-daily/B.csv',
            row: null,
            column: null,
            reason: 'file name is not <SYMBOL>.csv',
          },
        ],
      },
      1.23,
    );
    expect(lines).toEqual([
      'Imported 1 of 2 files in 1.2 s.',
      'Companies: 0 new, 0 updated, 0 unchanged',
      'Daily bars: 1 new, 0 updated, 0 unchanged',
      'Rejected: 2 (the other rows of those files were loaded)',
      'Files not loaded: prices-daily/B.csv',
      'file\trow\tcolumn\treason',
      'prices-daily/A.csv\t3\tclose\tnot a number: "x"',
      'prices-daily/B.csv\t-\t-\tfile name is not <SYMBOL>.csv',
    ]);
  });
});
