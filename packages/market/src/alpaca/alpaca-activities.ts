import type { trading } from '@alpacahq/alpaca-trade-api/rest';
import type { z } from 'zod';
import {
  DIVIDEND_ACTIVITY_TYPES,
  type BrokerCashActivity,
  type BrokerFill,
} from '../ports/broker.port.js';
import {
  cashActivityFromAlpaca,
  compareFills,
  fillFromAlpaca,
  orderFromAlpaca,
} from './broker-mappers.js';
import { ZCashActivities, ZFillActivities, ZOrders } from './broker-schemas.js';
import { brokerCall, parseBroker } from './broker-transport.js';
import type { RetryPolicy } from './transport.js';

const ACTIVITY_PAGE = 100;
type ActivityTypes = NonNullable<
  Parameters<trading.AccountActivitiesApi['getAccountActivitiesRaw']>[0]
>['activityTypes'];
/** How far before the fills getFills looks for the brackets whose legs they may be: a year. */
const LEG_LOOKBACK_MS = 366 * 86_400_000;

/**
 * The account's activities (`GET /v2/account/activities`): fills in Alpaca's own order with the
 * protective level a bracket or OCO leg filled at, and the dividends credited to the account.
 */
export function alpacaActivities(
  activities: trading.AccountActivitiesApi,
  orders: trading.OrdersApi,
  policy: RetryPolicy,
) {
  /** Every activity of `types` since `since` (ms), oldest first, page by page. */
  async function readAll<S extends z.ZodType<{ id: string }[]>>(
    call: string,
    types: ActivityTypes,
    since: number,
    schema: S,
  ): Promise<z.infer<S>> {
    const rows: z.infer<S>[number][] = [];
    let pageToken: string | undefined;
    for (;;) {
      const text = await brokerCall(
        call,
        () =>
          activities.getAccountActivitiesRaw({
            activityTypes: types,
            after: new Date(since - 1),
            direction: 'asc',
            pageSize: ACTIVITY_PAGE,
            pageToken,
          }),
        policy,
        { safe: true },
      );
      const page = parseBroker(schema, text, call);
      rows.push(...page);
      if (page.length < ACTIVITY_PAGE) return rows as z.infer<S>;
      pageToken = page[page.length - 1]!.id;
    }
  }

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
    for (const json of parseBroker(ZOrders, text, call)) {
      const parent = orderFromAlpaca(json);
      // An OCO's parent is its take-profit limit; its one leg the stop-loss.
      if (json.order_class === 'oco' && parent.type === 'limit')
        reasons.set(parent.id, 'take_profit');
      for (const leg of parent.legs ?? []) {
        if (leg.type === 'stop' || leg.type === 'stop_limit') reasons.set(leg.id, 'stop_loss');
        else if (leg.type === 'limit') reasons.set(leg.id, 'take_profit');
        else if (leg.type === 'trailing_stop') reasons.set(leg.id, 'trailing_stop');
      }
    }
    return reasons;
  }

  return {
    async getFills(since: number): Promise<BrokerFill[]> {
      const page = await readAll('GET /v2/account/activities', ['FILL'], since, ZFillActivities);
      const fills = page.map((f) => fillFromAlpaca(f)).filter((f) => f.time >= since);
      const reasons = fills.length > 0 ? await legReasons(fills, since) : new Map<string, never>();
      for (const f of fills) {
        const reason = reasons.get(f.orderId);
        if (reason) {
          f.reason = reason;
          // A leg works only once its parent has filled: at one instant, the parent comes first.
          f.sequence = f.sequence!.replace(/\|0$/, '|1');
        }
      }
      // Alpaca's chronological order: full-precision time, parents before legs (stable sort,
      // so equal keys keep the order Alpaca listed them in; never the activity id's random tail).
      return fills.sort((a, b) => compareFills(a, b));
    },

    async getCashActivities(since: number): Promise<BrokerCashActivity[]> {
      const call = 'GET /v2/account/activities?activity_types=DIV';
      const page = await readAll(call, [...DIVIDEND_ACTIVITY_TYPES], since, ZCashActivities);
      return page.map(cashActivityFromAlpaca);
    },
  };
}
