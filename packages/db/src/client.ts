import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

/** A Prisma client over node-postgres (Prisma 7 driver adapter; no native query engine). */
export function createDb(url: string) {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
}

export type Db = ReturnType<typeof createDb>;
