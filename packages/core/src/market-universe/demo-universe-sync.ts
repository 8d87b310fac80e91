import { inTransaction, upsertCompanies, type Db, type UpsertCounts } from '@tradebot/db';
import type { DemoMarket } from '@tradebot/market';
import { companyRecord } from './company-record.js';

/**
 * Writes the demo market's listings into `companies` (source `demo`) with their fundamentals as
 * of the demo clock's now, in one transaction, through the same keyed upsert and record mapping
 * as the CSV import: a re-run writes only the rows whose values changed. Demo bars are not
 * stored: the market generates them from its seed (`getDailyBars`).
 */
export async function syncDemoUniverse(db: Db, market: DemoMarket): Promise<UpsertCounts> {
  const listings = await market.listUniverse();
  const records = listings.map(({ last_updated, ...listing }) =>
    companyRecord(listing, new Date(last_updated)),
  );
  return inTransaction(db, (client) => upsertCompanies(client, 'demo', records));
}
