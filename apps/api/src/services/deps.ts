import type { Db } from '@tradebot/db';
import type { Cipher } from '../lib/crypto.js';
import type { RateLimiter } from '../lib/rate-limit.js';
import type { Mailer } from './mail.service.js';

/** What services need from the outside world; tests build it from real PostgreSQL and Redis. */
export interface ServiceDeps {
  db: Db;
  cipher: Cipher;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Injected so tests can move time (session expiry, TOTP steps). */
  now: () => Date;
  appUrl: string;
  reservedUsernames: readonly string[];
}
