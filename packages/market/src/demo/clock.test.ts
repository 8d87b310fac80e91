import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALENDAR_MS_PER_TRADING_DAY, DemoClock } from './clock.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('DemoClock', () => {
  it('runs from its start at the configured speed of an injected wall clock', () => {
    let wall = 1_000;
    const clock = new DemoClock({
      start: at('2025-03-03T15:00:00Z'),
      tradingDaysPerMinute: 1,
      wallTime: () => wall,
    });
    expect(clock.now()).toBe(at('2025-03-03T15:00:00Z'));
    wall += 60_000;
    expect(clock.now()).toBeCloseTo(at('2025-03-03T15:00:00Z') + CALENDAR_MS_PER_TRADING_DAY, 3);
    // 252 trading days per wall "year" of 252 minutes: one calendar year.
    wall += 251 * 60_000;
    expect(clock.now() - at('2025-03-03T15:00:00Z')).toBeCloseTo(365.2425 * 86_400_000, 0);
  });

  it('keeps time continuous when the speed changes, and a paused clock only moves by advance', () => {
    let wall = 0;
    const clock = new DemoClock({ start: 0, speed: 10, wallTime: () => wall });
    wall = 100;
    expect(clock.now()).toBe(1_000);
    clock.setSpeed({ speed: 0 });
    wall = 10_000;
    expect(clock.now()).toBe(1_000);
    clock.advance(500);
    expect(clock.now()).toBe(1_500);
    expect(() => clock.advance(-1)).toThrow(/forward/);
    expect(() => clock.advanceTo(0)).toThrow(/forward/);
  });

  it('is open during NYSE sessions in New York time only', () => {
    const clock = new DemoClock({ start: at('2024-07-01T13:29:00Z'), speed: 0 }); // 9:29 EDT
    expect(clock.isOpen()).toBe(false);
    clock.advance(60_000);
    expect(clock.isOpen()).toBe(true);
    clock.advanceTo(at('2024-07-03T17:30:00Z')); // 13:30 EDT on an early-close day
    expect(clock.isOpen()).toBe(false);
    clock.advanceTo(at('2024-07-04T15:00:00Z')); // Independence Day
    expect(clock.isOpen()).toBe(false);
    expect(iso(clock.nextOpen())).toBe('2024-07-05T13:30:00.000Z');
    expect(iso(clock.nextClose())).toBe('2024-07-05T20:00:00.000Z');
    clock.advanceTo(at('2024-07-06T15:00:00Z')); // Saturday
    expect(clock.isOpen()).toBe(false);
    clock.advanceTo(at('2024-12-02T15:00:00Z')); // 10:00 EST
    expect(clock.isOpen()).toBe(true);
  });

  it('advances session by session, to each close', () => {
    const clock = new DemoClock({ start: at('2024-01-12T22:00:00Z'), speed: 0 }); // Friday night
    clock.advanceSessions(1); // Monday is Martin Luther King Day
    expect(iso(clock.now())).toBe('2024-01-16T21:00:00.000Z');
    clock.advanceSessions(2);
    expect(iso(clock.now())).toBe('2024-01-18T21:00:00.000Z');
  });
});

describe('time sources', () => {
  it('reads the wall clock in one place only: wall-time.ts', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) files.push(p);
      }
    };
    walk(root);
    const readers = files.filter((f) =>
      /Date\.now\(|new Date\(\)|performance\.now/.test(readFileSync(f, 'utf8')),
    );
    expect(readers.map((f) => f.slice(root.length))).toEqual(['wall-time.ts']);
  });
});
