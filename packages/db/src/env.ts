import { z } from 'zod';

/** The only place packages/db reads process.env: the database URL of the CLIs and prisma.config.ts. */
export function databaseUrlFromEnv(source: NodeJS.ProcessEnv = process.env): string {
  const parsed = z
    .string()
    .url('DATABASE_URL must be a postgresql:// URL')
    .default('postgresql://postgres@127.0.0.1:5432/tradebot')
    .safeParse(source.DATABASE_URL);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid DATABASE_URL');
  return parsed.data;
}

/** The environment a PostgreSQL client tool (pg_dump, pg_restore) runs with: ours plus `extra`. */
export function toolEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
