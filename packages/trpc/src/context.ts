import type { RequestMeta, Services, SessionInfo } from '@tradebot/core';

/** What every procedure sees: the services, who is calling (resolved once) and from where. */
export interface Context {
  services: Services;
  /** Null when no bearer token was sent, or it is unknown, revoked or expired. */
  session: SessionInfo | null;
  /** Whether a bearer token was sent at all (to tell "expired" from "not signed in"). */
  tokenSent: boolean;
  meta: RequestMeta;
  /** The id this request is logged under; a server fault's message quotes it. */
  requestId: string;
}
