import { describe, expect, it } from 'vitest';
import type { TClientErrorReport } from '@tradebot/api-contract';
import {
  enqueueReport,
  errorReference,
  makeErrorId,
  MAX_PENDING_REPORTS,
  parseQueue,
} from './error-report-queue';

const report = (n: number): TClientErrorReport => ({
  errorId: `E${n}`,
  message: `boom ${n}`,
  errorCount: n,
});

describe('pending error reports', () => {
  it('keeps the newest 50 reports', () => {
    let queue: TClientErrorReport[] = [];
    for (let n = 1; n <= 60; n++) queue = enqueueReport(queue, report(n));
    expect(queue).toHaveLength(MAX_PENDING_REPORTS);
    expect(queue[0]?.errorId).toBe('E11');
    expect(queue.at(-1)?.errorId).toBe('E60');
  });

  it('reads back what it stored and ignores garbage', () => {
    expect(parseQueue(JSON.stringify([report(1)]))).toEqual([report(1)]);
    expect(parseQueue('not json')).toEqual([]);
    expect(parseQueue('{"errorId":"x"}')).toEqual([]);
    expect(parseQueue(JSON.stringify([1, null, report(2)]))).toEqual([report(2)]);
    expect(parseQueue(null)).toEqual([]);
  });
});

describe('error identifiers', () => {
  it('makes 8-character IDs', () => {
    expect(makeErrorId()).toMatch(/^[A-Z0-9]{8}$/);
    expect(makeErrorId(() => 0)).toBe('AAAAAAAA');
  });

  it('uses the first 8 characters of the token as the reference', () => {
    expect(errorReference('abcdefghijklmnop')).toBe('abcdefgh');
    expect(errorReference(null)).toBe('-');
  });
});
