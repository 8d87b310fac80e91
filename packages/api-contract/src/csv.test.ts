import { describe, expect, it } from 'vitest';
import { csvField, plainNumber, toCsv, type CsvColumn } from './csv.js';

describe('csvField', () => {
  it('quotes commas, double quotes and line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes numbers, negative ones too, as plain decimals', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(1234567.891)).toBe('1234567.891');
    expect(csvField(0)).toBe('0');
    expect(csvField(-0)).toBe('0');
    expect(plainNumber(1e-7)).toBe('0.0000001');
    expect(plainNumber(-2.5e-8)).toBe('-0.000000025');
    expect(plainNumber(1.5e21)).toBe('1500000000000000000000');
    expect(plainNumber(Number.NaN)).toBe('');
    expect(plainNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('toCsv', () => {
  const columns: CsvColumn<{ name: string; pnl: number | null }>[] = [
    { header: 'name', value: (row) => row.name },
    { header: 'pnl', value: (row) => row.pnl },
  ];

  it('writes the header row and one CRLF-ended line per row', () => {
    expect(
      toCsv(columns, [
        { name: 'A, Inc.', pnl: -3.25 },
        { name: '-oops', pnl: null },
      ]),
    ).toBe('name,pnl\r\n"A, Inc.",-3.25\r\n\'-oops,\r\n');
  });

  it('is the header row alone without rows', () => {
    expect(toCsv(columns, [])).toBe('name,pnl\r\n');
  });
});
