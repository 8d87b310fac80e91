import type { TestApi } from './harness.js';
import { seedAliceBot } from './isolation-bot.js';

const A_KEY = 'PKALICEKEY000042';

/**
 * Alice's data of every kind (keys, notification, lists, settings, news, template, bot, backtest),
 * which the isolation test checks no one else can read or change.
 */
export async function seedAlice(api: TestApi, alice: { token: string; userId: number }) {
  const db = api.runtime.db;
  await api.http.post(
    '/api/update-account-settings',
    {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: A_KEY,
      alpaca_api_secret_paper: 'alice-secret-9999',
    },
    alice.token,
  );
  await db.notification.create({
    data: { userId: alice.userId, message: 'Screener completed for alice', status: 'completed' },
  });
  await db.backtestListEntry.create({ data: { userId: alice.userId, symbol: 'ALICEQ' } });
  await api.http.post('/api/backtest/settings', { initial_balance: 25_000 }, alice.token);
  // Her lists: Optimized Parameters, the Final Trading List with an Undo, trading settings.
  await db.optimizedParameter.create({
    data: { userId: alice.userId, symbol: 'ALICEQ', parameters: {}, profit: 4242.5 },
  });
  await db.finalTradingListEntry.create({
    data: { userId: alice.userId, symbol: 'ALICEF', parameters: {} },
  });
  await db.finalListUndo.create({ data: { userId: alice.userId, symbols: ['ALICEF'] } });
  await api.http.post('/api/update-config', { trading: { sleep_interval: 3333 } }, alice.token);
  for (const market of ['alpaca', 'demo'] as const)
    await db.newsItem.create({
      data: {
        market,
        externalId: `alice-${market}`,
        symbol: 'ALICEQ',
        title: 'Alice-only headline',
        description: '',
        url: 'https://news.example/aliceq',
        source: 'Wire',
        publishedAt: new Date('2026-01-02T21:05:00Z'),
        sentimentScore: 0.5,
      },
    });
  await db.screeningTemplate.create({
    data: { userId: alice.userId, name: 'Alicetpl', criteria: { max_rsi: 42 } },
  });
  await seedAliceBot(db, alice.userId);
  const aliceRun = await db.backtestRun.create({
    data: { userId: alice.userId, symbol: 'ALICEQ', batchId: 0, universe: 'demo', settings: {} },
  });
  await db.backtestResult.create({
    data: {
      userId: alice.userId,
      symbol: 'ALICEQ',
      runId: aliceRun.id,
      result: { alice: 'Alice-bt' },
    },
  });
}
