import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsRows, settingsTableProblems } from '@tradebot/core';
import { describe, expect, it } from 'vitest';
import { workerEnvShape } from './env.js';

const readme = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
  'utf8',
);

describe("the README's settings table", () => {
  it("names every setting the worker reads, with its default, and none it doesn't", () => {
    expect(settingsTableProblems(workerEnvShape, 'worker', settingsRows(readme))).toEqual([]);
  });

  it('every row is read by the API or the worker', () => {
    const rows = settingsRows(readme);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) expect(row.readBy.length).toBeGreaterThan(0);
  });
});
