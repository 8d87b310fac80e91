import { z } from 'zod';

/** The only place apps/worker reads process.env (CONVENTIONS.md §8). */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/tradebot'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379/0'),
  /** smtp://user:pass@host:port or smtps://…; unset keeps mail in the dev outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Tradebot <no-reply@localhost>'),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
});
export type WorkerEnv = z.infer<typeof ZEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings for apps/worker (see apps/worker/.env.example):\n${lines.join('\n')}`);
  }
  return parsed.data;
}
