import { describe, expect, it } from 'vitest';
import { parseCsvText } from './csv-text.js';

describe('CSV text', () => {
  it('handles quotes, escaped quotes, CRLF, blank lines, a BOM and a missing last newline', () => {
    expect(parseCsvText('\ufeffa,b\r\n"x, y","say ""hi"""\n\n1,\n2,3')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['1', ''] },
      { line: 5, fields: ['2', '3'] },
    ]);
  });

  it('keeps a line break inside quotes and counts lines after it', () => {
    expect(parseCsvText('"a\nb",c\nd,e\n')).toEqual([
      { line: 1, fields: ['a\nb', 'c'] },
      { line: 3, fields: ['d', 'e'] },
    ]);
  });
});
