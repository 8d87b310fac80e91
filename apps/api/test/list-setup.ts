import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/** A demo-market user and demo listings (with metrics for the first) for the list tests. */
export const DEMO_SYMBOLS = ['DMA', 'DMB', 'DMC', 'DMD', 'DME'] as const;

export type ListsUser = Awaited<ReturnType<typeof signUpAndLogIn>>;

/** A fresh API with the demo listings and `username` on the demo market. */
export async function startListsApi(username: string, ip: string) {
  const api = await startTestApi();
  await api.reset();
  await demoListings(api);
  const user = await signUpAndLogIn(api, username, ip);
  await api.http.post('/api/use-demo-market', undefined, user.token);
  return { api, user };
}

/** The demo listings (idempotent), the first with a domain and metrics; csv AAPL beside them. */
export async function demoListings(api: TestApi) {
  const { db } = api.runtime;
  await db.company.createMany({
    data: [
      ...DEMO_SYMBOLS.map((symbol) => ({
        source: 'demo' as const,
        symbol,
        companyName: `${symbol} Inc.`,
      })),
      { source: 'csv' as const, symbol: 'DMA', companyName: 'Real DMA', domain: 'real.example' },
    ],
    skipDuplicates: true,
  });
  const dma = await db.company.update({
    where: { source_symbol: { source: 'demo', symbol: 'DMA' } },
    data: { domain: 'dma.example' },
    select: { id: true },
  });
  await db.stockMetrics.upsert({
    where: { companyId: dma.id },
    create: {
      companyId: dma.id,
      lastPrice: 101.5,
      rsi: 28.25,
      atr: 3.5,
      macd: -0.75,
      refreshedAt: new Date(),
    },
    update: {},
  });
}
