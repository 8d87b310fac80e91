import { describe, expect, it } from 'vitest';
import { attachmentName } from './csv-download';

describe('attachmentName', () => {
  it("reads the server's file name from content-disposition", () => {
    expect(attachmentName('attachment; filename="bot-trades.csv"')).toBe('bot-trades.csv');
    expect(attachmentName('attachment; filename="backtest-trades-BRK.B.csv"')).toBe(
      'backtest-trades-BRK.B.csv',
    );
  });

  it('is null without a quoted file name', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
  });
});
