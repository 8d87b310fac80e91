import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  coreEnvShape,
  metricsToken,
  parseEnv,
  resolveEncryptionKey,
  type CoreEnv,
} from '@tradebot/core';
import { z } from 'zod';

/** The only place apps/api reads process.env (eslint.config.js holds every other file to it). */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const apiEnvShape = {
  ...coreEnvShape,
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  /** 1 serves the web app's source maps (`*.map`) to browsers; by default they stay on the server. */
  WEB_SOURCE_MAPS: z.enum(['0', '1']).default('0'),
  /** How long SIGTERM waits for requests in flight before it ends them (Docker waits 10 s). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(8_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The reverse proxies in front of the API (comma-separated addresses or CIDR ranges): from
   * them the client's address is read from X-Forwarded-For, so per-address limits (sign-in) see
   * the user and not the proxy. Unset: the connection's own address.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(
        /^[\w.:/]+(\s*,\s*[\w.:/]+)*$/,
        'TRUST_PROXY must be addresses or CIDR ranges, comma-separated',
      )
      .optional(),
  ),
  /** The bearer token of GET /metrics (Prometheus); unset, /metrics answers 404. */
  METRICS_TOKEN: metricsToken,
};

export type Env = CoreEnv & Omit<z.infer<z.ZodObject<typeof apiEnvShape>>, keyof CoreEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnv(apiEnvShape, source, 'apps/api');
  return { ...env, ENCRYPTION_KEY: resolveEncryptionKey(env) };
}
