import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsRows, settingsTableProblems } from '@tradebot/core';
import { describe, expect, it } from 'vitest';
import { apiEnvShape } from '../env.js';

const readme = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../README.md'),
  'utf8',
);

describe("the README's settings table", () => {
  it("names every setting the API reads, with its default, and none it doesn't", () => {
    expect(settingsTableProblems(apiEnvShape, 'API', settingsRows(readme), ['WEB_DIST'])).toEqual(
      [],
    );
  });

  it('says what is wrong with a table that drifted', () => {
    const rows = settingsRows(readme)
      .filter((row) => row.name !== 'PORT')
      .map((row) => (row.name === 'HOST' ? { ...row, defaultText: '0.0.0.0' } : row));
    rows.push({ name: 'NOT_A_SETTING', readBy: ['API'], defaultText: 'unset' });
    expect(settingsTableProblems(apiEnvShape, 'API', rows, ['WEB_DIST'])).toEqual([
      "HOST: default 0.0.0.0, the schema's is 127.0.0.1",
      'PORT: missing from the table',
      'NOT_A_SETTING: marked as read by the API, which has no such setting',
    ]);
  });
});
