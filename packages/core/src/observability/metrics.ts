import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus series both processes share (README "Metrics and logs"). Each process has one registry:
 * the API serves it with its own HTTP, queue and websocket series at GET /metrics, the worker on
 * its metrics port. Counters count from the process's start, as Prometheus expects.
 */
export const metricsRegistry = new Registry();

/** Orders sent to a broker by the bot, Quick Sell and the kill switch, by how the send ended. */
export const ordersSent = new Counter({
  name: 'tradebot_orders_total',
  help: 'Orders sent to a broker, by purpose and outcome (placed, unknown: answer lost, refused, error).',
  labelNames: ['purpose', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Every BrokerError a broker call answered with (a refusal, a rate limit, an outage). */
export const brokerErrors = new Counter({
  name: 'tradebot_broker_errors_total',
  help: 'Broker calls that failed, by error kind (the BrokerError code).',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const alertDeliveries = new Counter({
  name: 'tradebot_alert_deliveries_total',
  help: 'Alert delivery attempts, by channel and outcome (delivered, failed, refused, skipped).',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Observed by the worker's bot processor around each tick. */
export const botTickSeconds = new Histogram({
  name: 'tradebot_bot_tick_duration_seconds',
  help: 'Bot tick duration, by outcome (ran, stopped, busy, failed, error: the tick threw).',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

let processMetrics = false;

/** prom-client's process and Node.js series (CPU, memory, event loop lag), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries `Bearer <token>` (compared in constant time). */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(token));
}
