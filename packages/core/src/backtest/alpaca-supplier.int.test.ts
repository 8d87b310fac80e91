import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { dayFromIso, isoFromDay, newYorkInstant, tradingDaysBetween } from '@tradebot/market';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryUniverseData } from '../market-universe/alpaca-universe-memory.js';
import { topUpBehind } from './alpaca-bars.js';
import { alpacaBarsOver } from './alpaca-supplier.js';
import { lastStoredDays } from './stored-bars.js';

/**
 * The Alpaca cache's top-up through the universe's loader: a symbol behind is asked for once,
 * one already at the last session costs no request, and a session asked for before Alpaca
 * published its bar is asked for again on the next top-up (not taken for complete).
 */
const db = createDb(process.env.DATABASE_URL ?? '');
afterAll(() => db.$disconnect());
beforeEach(() => resetDatabase(db));

const LAST = '2026-11-24';
// 17:00 New York: the session of LAST has closed.
const NOW = newYorkInstant(dayFromIso(LAST), 17 * 60);
const dates = tradingDaysBetween(dayFromIso('2025-06-02'), dayFromIso(LAST)).map(isoFromDay);

describe('the Alpaca cache top-up', () => {
  it('asks again for a session whose bar was not published yet, and not once it is there', async () => {
    const memory = memoryUniverseData();
    memory.list('ACME');
    // Alpaca has not published LAST's bar yet.
    memory.setBars('ACME', dates.slice(0, -1), 50);
    const supplier = alpacaBarsOver(db, memory.port, 'iex');

    expect(await topUpBehind(db, supplier, ['ACME'], NOW)).toEqual(['ACME']);
    expect(memory.requests).toHaveLength(1);
    const before = (await lastStoredDays(db, 'alpaca', ['ACME'])).get('ACME');
    expect(before === undefined ? null : isoFromDay(before)).toBe(dates.at(-2));

    // Published: the next top-up asks again (from the last stored bar) and stores it.
    memory.setBars('ACME', dates, 50);
    expect(await topUpBehind(db, supplier, ['ACME'], NOW)).toEqual([]);
    expect(memory.requests).toHaveLength(2);
    const from = memory.requests[1]?.range.from ?? '';
    expect(from < LAST && from > (dates.at(-10) as string)).toBe(true);
    const after = (await lastStoredDays(db, 'alpaca', ['ACME'])).get('ACME');
    expect(after === undefined ? null : isoFromDay(after)).toBe(LAST);

    // At the last session: no request.
    expect(await topUpBehind(db, supplier, ['ACME'], NOW)).toEqual([]);
    expect(memory.requests).toHaveLength(2);
  });
});
