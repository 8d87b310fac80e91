import { describe, expect, it } from 'vitest';
import { INT4_MAX, ZTimestamp, zId } from './schemas/common.schema.js';
import { findUnstorableText } from './validation.js';

describe('findUnstorableText', () => {
  it('names the field holding a NUL or a lone surrogate, nested or as a key', () => {
    expect(findUnstorableText({ username: 'a\u0000' })).toBe('username');
    expect(findUnstorableText({ patch: { totp_secret: '\ud800' } })).toBe('patch.totp_secret');
    expect(findUnstorableText({ list: ['ok', 'x\udfff'] })).toBe('list.1');
    expect(findUnstorableText({ 'key\u0000': 1 })).toBe('key?');
    expect(findUnstorableText('\u0000')).toBe('');
  });
  it('accepts well-formed text, emoji (surrogate pairs) included, and non-strings', () => {
    expect(findUnstorableText({ name: 'Zoë 😀', n: 1, b: null, l: [true] })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });
  it('walks deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe('ids and dates at the boundary', () => {
  const id = zId('Unknown user id.');
  it('bounds ids to the integer column', () => {
    expect(id.parse('42')).toBe(42);
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [INT4_MAX + 1, '99999999999', 0, -1, 1.5, '1e400', 'abc', ''])
      expect(id.safeParse(bad).success, String(bad)).toBe(false);
  });
  it('accepts ISO dates from 2000 to 2100 only', () => {
    expect(ZTimestamp.safeParse('2026-01-05T15:00:00.000Z').success).toBe(true);
    for (const bad of [
      '-271821-04-20T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
      'soon',
    ])
      expect(ZTimestamp.safeParse(bad).success, bad).toBe(false);
  });
});
