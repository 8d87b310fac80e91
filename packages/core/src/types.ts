import type { MarketName } from '@tradebot/db';
import type { SubscriptionRow } from './billing/subscription.view.js';

/** The caller's session as resolved from the bearer token (never the token itself). */
export interface SessionInfo {
  /** SHA-256 of the token: the session's id. */
  id: string;
  userId: number;
  username: string;
  kind: 'full' | 'temporary';
  purpose: TemporaryPurpose | null;
  isAdmin: boolean;
  isOnboarded: boolean;
  expiresAt: Date;
  /** The rest of what GET /api/status shows, read in the same query as the session. */
  account: SessionAccount;
}

export interface SessionAccount {
  email: string;
  isVerified: boolean;
  has2fa: boolean;
  alpacaEnvironment: 'paper' | 'live';
  /** The user's own market choice (MARKET_SOURCE=demo overrides it: core/src/active-market/). */
  market: MarketName;
  subscription: SubscriptionRow | null;
}

/** What a temporary (2FA step) session may do. */
export type TemporaryPurpose = '2fa_challenge' | '2fa_setup';

/** Where a request came from: rate limits and error reports use it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}
