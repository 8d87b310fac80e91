import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The only place apps/api reads process.env (CONVENTIONS.md §8). */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/tradebot'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379/0'),
  /** 32 bytes as 64 hex characters; generated into .data/ on first local start when absent. */
  ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)').optional(),
  APP_URL: z.string().url().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tradebot <no-reply@localhost>'),
  /** Usernames exempt from 2FA changes (spec §5: two reserved accounts). */
  RESERVED_USERNAMES: z
    .string()
    .default('admin,support')
    .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean)),
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = Omit<z.infer<typeof ZEnv>, 'ENCRYPTION_KEY'> & { ENCRYPTION_KEY: string };

function localKey(): string {
  const file = resolve(repoRoot, '.data/encryption.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings for apps/api (see apps/api/.env.example):\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (!env.ENCRYPTION_KEY && env.NODE_ENV === 'production') {
    throw new Error('ENCRYPTION_KEY is required in production: set it to 64 hex characters (openssl rand -hex 32).');
  }
  return { ...env, ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? localKey() };
}
