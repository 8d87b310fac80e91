import { randomUUID } from 'node:crypto';
import { trading } from '@alpacahq/alpaca-trade-api/rest';
import {
  BrokerError,
  type BrokerAccount,
  type BrokerOrder,
  type BrokerPort,
  type BrokerPosition,
  type OrderRequest,
} from '../ports/broker.port.js';
import { systemWallTime } from '../wall-time.js';
import { accountFromAlpaca, orderFromAlpaca, positionFromAlpaca } from './broker-mappers.js';
import { alpacaActivities } from './alpaca-activities.js';
import { bracketFields, ocoFields } from './bracket.js';
import { ZAccount, ZOrder, ZOrders, ZPositions } from './broker-schemas.js';
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
        // An OCO's prices ride in take_profit and stop_loss (no top-level limit price).
        ...(order.oco ? ocoFields(order) : {}),
      };
      if (order.limitPrice !== undefined && !order.oco)
        body.limitPrice = decimalText(order.limitPrice);
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
     * A close refused after the legs were cancelled puts them back as one OCO (`restoreExits`).
     */
    async closePosition(symbol: string): Promise<BrokerOrder> {
      const sym = symbol.toUpperCase();
      // The levels they held: cancelling one leg takes its group, so the list is kept whole.
      const canceled = await openOrders(sym);
      for (const o of canceled) {
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
      try {
        const text = await whileHeld(() =>
          brokerCall(
            call,
            () => positions.deleteOpenPositionRaw({ symbolOrAssetId: sym }),
            policy,
            { safe: false },
          ),
        );
        return orderFromAlpaca(parseBroker(ZOrder, text, call));
      } catch (err) {
        // Refused after the legs were cancelled: the position must not stay unprotected.
        if (
          err instanceof BrokerError &&
          err.code !== 'unknown_outcome' &&
          err.code !== 'not_found'
        )
          await restoreExits(sym, canceled);
        throw err;
      }
    },

    ...alpacaActivities(activities, orders, policy),
  };

  /**
   * Puts back the stop-loss and take-profit that `closePosition` cancelled before a refused close:
   * one OCO for the whole position at the cancelled legs' levels (the stop leg's stop price, the
   * take-profit leg's limit price). Nothing to restore when no pair of levels was cancelled; a
   * failure here is left to the bot's next protection check.
   */
  async function restoreExits(symbol: string, canceled: readonly BrokerOrder[]): Promise<void> {
    if (canceled.length === 0) return;
    try {
      const call = 'GET /v2/positions';
      const text = await brokerCall(call, () => positions.getAllOpenPositionsRaw(), policy, {
        safe: true,
      });
      const held = parseBroker(ZPositions, text, call)
        .map(positionFromAlpaca)
        .find((p) => p.symbol === symbol);
      if (!held || held.qty === 0) return;
      const side = held.qty > 0 ? 'sell' : 'buy';
      const all = canceled.flatMap((o) => [o, ...(o.legs ?? [])]).filter((o) => o.side === side);
      const stop = all.find((o) => o.type === 'stop' || o.type === 'stop_limit')?.stopPrice;
      const limit = all.find((o) => o.type === 'limit')?.limitPrice;
      if (stop == null || limit == null) return;
      const body: trading.PostOrderRequest = {
        symbol,
        qty: decimalText(Math.abs(held.qty)),
        side,
        type: 'limit',
        clientOrderId: `restore-${symbol}-${randomUUID()}`.slice(0, 48),
        ...ocoFields({
          symbol,
          qty: Math.abs(held.qty),
          side,
          type: 'limit',
          timeInForce: 'gtc',
          clientOrderId: '',
          oco: { stopPrice: stop, limitPrice: limit },
        }),
      };
      await whileHeld(() =>
        brokerCall(
          'POST /v2/orders',
          () => orders.postOrderRaw({ postOrderRequest: body }),
          policy,
          {
            safe: false,
          },
        ),
      );
    } catch (err) {
      if (!(err instanceof BrokerError)) throw err;
    }
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
