import { trading } from '@alpacahq/alpaca-trade-api/rest';
import {
  BrokerError,
  type BrokerAccount,
  type BrokerFill,
  type BrokerOrder,
  type BrokerPort,
  type BrokerPosition,
  type OrderRequest,
} from '../ports/broker.port.js';
import { systemWallTime } from '../wall-time.js';
import {
  accountFromAlpaca,
  fillFromAlpaca,
  orderFromAlpaca,
  positionFromAlpaca,
} from './broker-mappers.js';
import { bracketFields } from './bracket.js';
import { ZAccount, ZFillActivities, ZOrder, ZOrders, ZPositions } from './broker-schemas.js';
import { brokerCall, parseBroker } from './broker-transport.js';
import { resolveAlpacaConnection, type AlpacaEnv } from './settings.js';
import type { AlpacaRequestLimiter, RetryPolicy } from './transport.js';

export interface AlpacaBrokerOptions {
  keyId: string;
  secretKey: string;
  /** Paper (default) or live keys: picks Alpaca's address unless `ALPACA_TRADING_URL` is set. */
  paper?: boolean;
  /** The app's env; `ALPACA_TRADING_URL` points paper and live at another (compatible) server. */
  env?: AlpacaEnv;
  /** Retry policy overrides (tests inject `sleep`); defaults: 3 retries, waits ≤ 60 s. */
  retry?: Partial<RetryPolicy>;
  /** One request's time limit, ms (default 15 000); a submit that times out is `unknown_outcome`. */
  timeoutMs?: number;
  /**
   * The key's request budget shared by every client of the key (core's Redis limiter): each
   * HTTP request and retry waits for it (before the request's time limit starts), and the SDK's
   * own per-client limiter is off.
   */
  limiter?: AlpacaRequestLimiter | undefined;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const RATE_LIMIT = { maxRequests: 200, intervalMs: 60_000 };
const ACTIVITY_PAGE = 100;
/** How far before the fills getFills looks for the brackets whose legs they may be: a year. */
const LEG_LOOKBACK_MS = 366 * 86_400_000;
const DUPLICATE = /client_order_id must be unique|duplicate client.?order.?id/i;
/** Alpaca's 403 while open orders (a bracket's legs) still hold a position's shares. */
const HELD = /insufficient qty/i;
/** How long a sell waits for cancelled legs to release the shares: 5 more tries, ≤ 7.75 s. */
const RELEASE_WAITS_MS = [250, 500, 1000, 2000, 4000];

function decimalText(value: number): string {
  if (!Number.isFinite(value)) throw new BrokerError('rejected', `not a number: ${value}`);
  return String(value);
}

/** The broker port over Alpaca's Trading API v2 with the user's paper or live keys. */
export function createAlpacaBroker(options: AlpacaBrokerOptions): BrokerPort & {
  readonly tradingUrl: string;
} {
  const c = resolveAlpacaConnection({
    keyId: options.keyId,
    secret: options.secretKey,
    paper: options.paper ?? true,
    ...(options.env ? { env: options.env } : {}),
  });
  const policy: RetryPolicy = {
    maxRetries: options.retry?.maxRetries ?? 3,
    maxWaitMs: options.retry?.maxWaitMs ?? 60_000,
    sleep: options.retry?.sleep ?? realSleep,
    wallTime: options.retry?.wallTime ?? systemWallTime,
    limiter: options.limiter,
  };
  // The SDK's own retry is off: broker-transport.ts decides what may be sent again. Exactly one
  // limiter: the key's shared budget when given, else the SDK's per-client token bucket.
  const config = new trading.Configuration({
    keyId: c.keyId,
    secret: c.secret,
    basePath: c.tradingUrl,
    retry: undefined,
    rateLimit: options.limiter ? undefined : RATE_LIMIT,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const accounts = new trading.AccountsApi(config);
  const positions = new trading.PositionsApi(config);
  const orders = new trading.OrdersApi(config);
  const activities = new trading.AccountActivitiesApi(config);

  async function getOrderByClientId(clientOrderId: string): Promise<BrokerOrder | null> {
    const call = 'GET /v2/orders:by_client_order_id';
    const text = await brokerCall(
      call,
      () => orders.getOrderByClientOrderIdRaw({ clientOrderId }),
      policy,
      { safe: true, onNotFound: () => null },
    );
    return text === null ? null : orderFromAlpaca(parseBroker(ZOrder, text, call));
  }

  /**
   * Runs a closing order's send again while Alpaca refuses it with 403 "insufficient qty
   * available" (open orders hold the shares; cancellations at Alpaca are asynchronous, so legs
   * just cancelled may hold them a moment longer). A refusal placed nothing, so a resend is safe;
   * after RELEASE_WAITS_MS the refusal stands.
   */
  async function whileHeld<T>(send: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send();
      } catch (err) {
        const held = err instanceof BrokerError && HELD.test(err.message);
        if (!held || attempt >= RELEASE_WAITS_MS.length) throw err;
        await policy.sleep(RELEASE_WAITS_MS[attempt]!);
      }
    }
  }

  async function openOrders(symbol?: string): Promise<BrokerOrder[]> {
    const call = 'GET /v2/orders';
    const text = await brokerCall(
      call,
      () =>
        orders.getAllOrdersRaw({
          status: 'open',
          limit: 500,
          direction: 'asc',
          ...(symbol ? { symbols: symbol } : {}),
        }),
      policy,
      { safe: true },
    );
    return parseBroker(ZOrders, text, call).map(orderFromAlpaca);
  }

  async function cancelOrder(id: string): Promise<void> {
    const call = 'DELETE /v2/orders/{id}';
    await brokerCall(call, () => orders.deleteOrderByOrderIDRaw({ orderId: id }), policy, {
      safe: true,
    });
  }

  return {
    tradingUrl: c.tradingUrl,

    async getAccount(): Promise<BrokerAccount> {
      const call = 'GET /v2/account';
      const text = await brokerCall(call, () => accounts.getAccountRaw(), policy, { safe: true });
      return accountFromAlpaca(parseBroker(ZAccount, text, call));
    },

    async getPositions(): Promise<BrokerPosition[]> {
      const call = 'GET /v2/positions';
      const text = await brokerCall(call, () => positions.getAllOpenPositionsRaw(), policy, {
        safe: true,
      });
      return parseBroker(ZPositions, text, call).map(positionFromAlpaca);
    },

    async submitOrder(order: OrderRequest): Promise<BrokerOrder> {
      const call = 'POST /v2/orders';
      const body: trading.PostOrderRequest = {
        symbol: order.symbol.toUpperCase(),
        qty: decimalText(order.qty),
        side: order.side,
        type: order.type,
        timeInForce: alpacaTimeInForce(order),
        clientOrderId: order.clientOrderId,
        // A bracket's legs are checked (reference price, sides) before anything is sent.
        ...(order.bracket ? bracketFields(order) : {}),
      };
      if (order.limitPrice !== undefined) body.limitPrice = decimalText(order.limitPrice);
      if (order.stopPrice !== undefined) body.stopPrice = decimalText(order.stopPrice);
      if (order.trailPercent !== undefined) body.trailPercent = decimalText(order.trailPercent);
      let duplicate = false;
      // Refused while cancelled legs still hold the shares (the bot cancels a symbol's orders
      // right before it sells): nothing was placed, so the same order is sent again.
      const text = await whileHeld(() =>
        brokerCall(call, () => orders.postOrderRaw({ postOrderRequest: body }), policy, {
          safe: false,
          onUnprocessable: (message) => (DUPLICATE.test(message) ? (duplicate = true) : undefined),
        }),
      );
      if (duplicate) {
        // Sent before (a retry after a lost answer): the order Alpaca already has is the answer.
        const existing = await getOrderByClientId(order.clientOrderId);
        if (existing) return existing;
        throw new BrokerError('rejected', `Alpaca refused a repeated client order id`);
      }
      try {
        return orderFromAlpaca(parseBroker(ZOrder, text as string, call));
      } catch (err) {
        // Accepted, but the answer is unreadable: the caller must look the order up.
        if (err instanceof BrokerError) throw new BrokerError('unknown_outcome', err.message);
        throw err;
      }
    },

    getOrderByClientId,

    /**
     * Open orders, oldest first. Alpaca lists a bracket's parent and each working leg as orders
     * of their own (not nested), so cancelling "the symbol's open orders" reaches the legs too.
     */
    listOpenOrders: () => openOrders(),

    /**
     * Cancels one order. At Alpaca, cancelling any order of a bracket cancels the rest of its
     * group: the unfilled entry takes its legs with it, and one leg takes the other.
     */
    cancelOrder,

    /**
     * Closes the whole position at market (`DELETE /v2/positions/{symbol}`). Alpaca does not
     * cancel the symbol's open orders for this call, and while a bracket's legs are open they
     * hold the shares, so Alpaca refuses with 403 "insufficient qty available". So the symbol's
     * open orders are cancelled first (an order that ended meanwhile is skipped), and the close
     * is tried again while the cancellations are still pending (Alpaca cancels asynchronously).
     * A leg that fills in between closes the position itself: the close then finds none (404).
     */
    async closePosition(symbol: string): Promise<BrokerOrder> {
      const sym = symbol.toUpperCase();
      for (const o of await openOrders(sym)) {
        try {
          await cancelOrder(o.id);
        } catch (err) {
          // 404 or 422 "not cancelable": it ended (filled, or cancelled with its group) meanwhile.
          if (!(
            err instanceof BrokerError &&
            (err.code === 'not_found' || err.code === 'rejected')
          ))
            throw err;
        }
      }
      const call = 'DELETE /v2/positions/{symbol}';
      const text = await whileHeld(() =>
        brokerCall(call, () => positions.deleteOpenPositionRaw({ symbolOrAssetId: sym }), policy, {
          safe: false,
        }),
      );
      return orderFromAlpaca(parseBroker(ZOrder, text, call));
    },

    async getFills(since: number): Promise<BrokerFill[]> {
      const call = 'GET /v2/account/activities';
      const fills: BrokerFill[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const text = await brokerCall(
          call,
          () =>
            activities.getAccountActivitiesRaw({
              activityTypes: ['FILL'],
              after: new Date(since - 1),
              direction: 'asc',
              pageSize: ACTIVITY_PAGE,
              pageToken,
            }),
          policy,
          { safe: true },
        );
        const page = parseBroker(ZFillActivities, text, call);
        fills.push(...page.map(fillFromAlpaca).filter((f) => f.time >= since));
        if (page.length < ACTIVITY_PAGE) break;
        pageToken = page[page.length - 1]!.id;
      }
      const reasons = fills.length > 0 ? await legReasons(fills, since) : new Map();
      for (const f of fills) {
        const reason = reasons.get(f.orderId);
        if (reason) f.reason = reason;
      }
      return fills.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
    },
  };

  /**
   * Which fills are a bracket's exits: FILL activities do not say, and a leg's order id is
   * Alpaca's, not one the bot recorded. One read of the fills' symbols' orders, nested (each
   * bracket parent with its legs), sent up to LEG_LOOKBACK_MS before `since`: a stop leg's fill
   * is `stop_loss`, a take-profit leg's `take_profit`. A bracket older than that window, or past
   * the 500 most recent orders, leaves its fills without a reason.
   */
  async function legReasons(fills: BrokerFill[], since: number) {
    const call = 'GET /v2/orders?nested=true';
    const symbols = [...new Set(fills.map((f) => f.symbol))].sort().join(',');
    const text = await brokerCall(
      call,
      () =>
        orders.getAllOrdersRaw({
          status: 'all',
          nested: true,
          symbols,
          after: new Date(since - LEG_LOOKBACK_MS).toISOString(),
          limit: 500,
          direction: 'desc',
        }),
      policy,
      { safe: true },
    );
    const reasons = new Map<string, NonNullable<BrokerFill['reason']>>();
    for (const parent of parseBroker(ZOrders, text, call).map(orderFromAlpaca)) {
      for (const leg of parent.legs ?? []) {
        if (leg.type === 'stop' || leg.type === 'stop_limit') reasons.set(leg.id, 'stop_loss');
        else if (leg.type === 'limit') reasons.set(leg.id, 'take_profit');
        else if (leg.type === 'trailing_stop') reasons.set(leg.id, 'trailing_stop');
      }
    }
    return reasons;
  }
}

/**
 * Alpaca refuses a plain `opg` order sent between 9:28 and 19:00 ET, and the bot decides its
 * exits at the close (16:00): such an exit would be refused until 19:00. A market `day` order
 * sent outside the session is queued by Alpaca and executed at the next open, which is what the
 * bot means by `opg` (and the bot never sends a decision after the open has begun), so a plain
 * market `opg` goes as `day`. Limit orders keep `opg` (an auction limit has no `day` equivalent).
 */
export function alpacaTimeInForce(order: Pick<OrderRequest, 'type' | 'timeInForce' | 'bracket'>) {
  return order.type === 'market' && order.timeInForce === 'opg' && !order.bracket
    ? 'day'
    : order.timeInForce;
}
