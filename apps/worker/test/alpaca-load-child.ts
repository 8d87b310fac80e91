import { setTimeout as sleep } from 'node:timers/promises';
import { loadAlpacaUniverse, memoryUniverseData } from '@tradebot/core';
import { createDb } from '@tradebot/db';
import { dayFromIso, isoFromDay, tradingDaysBetween } from '@tradebot/market';

/**
 * One load of a 12-listing Alpaca universe (two years of bars each) in a process of its own, so
 * a test can SIGKILL it mid-load: each page is slowed down, and progress is printed as
 * `PROGRESS done/total` and the end as `DONE {report}`.
 */
const SESSION = '2026-11-24';
const dates = tradingDaysBetween(dayFromIso('2024-11-24'), dayFromIso(SESSION)).map(isoFromDay);
const fake = memoryUniverseData({ pageSize: 250 });
for (let i = 0; i < 12; i++) {
  const symbol = `K${String(i).padStart(2, '0')}`;
  fake.list(symbol);
  fake.setBars(symbol, dates, 20 + i);
}
const slowed = {
  listAssets: () => fake.port.listAssets(),
  getDailyBarsMany: (...[symbols, range, onPage]: Parameters<typeof fake.port.getDailyBarsMany>) =>
    fake.port.getDailyBarsMany(symbols, range, async (rows) => {
      await sleep(60);
      await onPage(rows);
      console.log(`PAGE ${rows[0]?.symbol}`);
    }),
};
const db = createDb(process.env.DATABASE_URL ?? '');
const report = await loadAlpacaUniverse(db, slowed, SESSION, new Date('2026-11-24T22:00:00Z'), {
  batchSize: 2,
  onProgress: ({ done, total }) => console.log(`PROGRESS ${done}/${total}`),
});
console.log(`DONE ${JSON.stringify(report)}`);
await db.$disconnect();
