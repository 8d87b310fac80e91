import { z } from 'zod';

/** Alpaca's own addresses, used when no setting says otherwise. */
export const ALPACA_PAPER_TRADING_URL = 'https://paper-api.alpaca.markets';
export const ALPACA_LIVE_TRADING_URL = 'https://api.alpaca.markets';
export const ALPACA_DATA_URL = 'https://data.alpaca.markets';

export type AlpacaFeed = 'iex' | 'sip';

/** The deployment settings the adapter reads, when the caller passes its (validated) env. */
export interface AlpacaEnv {
  ALPACA_TRADING_URL?: string | undefined;
  ALPACA_DATA_URL?: string | undefined;
}

export interface AlpacaConnectionOptions {
  /** The user's key id and secret. */
  keyId: string;
  secret: string;
  /** Paper (default) or live: picks Alpaca's trading address when no trading URL is set. */
  paper?: boolean;
  /** `iex` (default, free) or `sip` (all US exchanges; needs a subscription, else 403). */
  feed?: AlpacaFeed;
  /** Trading API base address (clock, calendar). Wins over `env.ALPACA_TRADING_URL`. */
  tradingUrl?: string;
  /** Market-data API base address (bars, trades, quotes, news). Wins over `env.ALPACA_DATA_URL`. */
  dataUrl?: string;
  /** The app's env: `ALPACA_TRADING_URL` and `ALPACA_DATA_URL` when set. */
  env?: AlpacaEnv;
}

export interface AlpacaConnection {
  keyId: string;
  secret: string;
  paper: boolean;
  feed: AlpacaFeed;
  tradingUrl: string;
  dataUrl: string;
}

const ZHttpUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http(s) address');

/** A base-address setting: trimmed, http(s), no trailing slash; unset or blank → `fallback`. */
export function resolveBaseUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = ZHttpUrl.safeParse(value);
  if (!parsed.success) throw new RangeError(`${name} must be an http(s) address, got "${value}"`);
  return parsed.data.replace(/\/+$/, '');
}

/**
 * Resolves the connection: explicit option, else the env setting, else Alpaca's address. One
 * `ALPACA_TRADING_URL` serves paper and live alike (an Alpaca-compatible server has one address).
 */
export function resolveAlpacaConnection(o: AlpacaConnectionOptions): AlpacaConnection {
  if (!o.keyId || !o.secret) throw new RangeError('Alpaca needs both a key id and a secret');
  const feed = o.feed ?? 'iex';
  if (feed !== 'iex' && feed !== 'sip')
    throw new RangeError(`unknown Alpaca feed "${feed as string}"`);
  const paper = o.paper ?? true;
  const trading = o.tradingUrl ?? o.env?.ALPACA_TRADING_URL;
  const data = o.dataUrl ?? o.env?.ALPACA_DATA_URL;
  return {
    keyId: o.keyId,
    secret: o.secret,
    paper,
    feed,
    tradingUrl: resolveBaseUrl(
      'ALPACA_TRADING_URL',
      trading,
      paper ? ALPACA_PAPER_TRADING_URL : ALPACA_LIVE_TRADING_URL,
    ),
    dataUrl: resolveBaseUrl('ALPACA_DATA_URL', data, ALPACA_DATA_URL),
  };
}
