import { z } from 'zod';

/** One BullMQ queue of the deployment: its job counts and how long its oldest job has waited. */
export const ZAdminQueue = z.object({
  name: z.string(),
  /** Jobs ready to run (plain and prioritized), not yet taken by a worker. */
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  failed: z.number().int(),
  /** Wall ms since the oldest waiting job became ready; null when none waits. */
  oldest_waiting_ms: z.number().nullable(),
  /** Worker connections serving the queue (Redis CLIENT LIST), across every worker process. */
  workers: z.number().int(),
});

/** A worker process, seen through the connections its workers hold open to Redis. */
export const ZAdminWorker = z.object({
  /** host:pid of the process (the BullMQ worker name). */
  name: z.string(),
  queues: z.array(z.string()),
  /** Seconds since its oldest connection opened. */
  connected_s: z.number().int(),
});

/** A running bot's last tick, on its own market's clock. */
export const ZAdminBot = z.object({
  user_id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  market: z.string(),
  mode: z.string(),
  last_tick_at: z.string().nullable(),
  outcome: z.enum(['ok', 'failed', 'halted', 'waiting']),
  /** The failed tick's reason or the halt's reason. */
  detail: z.string().nullable(),
});

export const ZAdminBrokerError = z.object({
  user_id: z.number(),
  username: z.string(),
  symbol: z.string(),
  side: z.string(),
  status: z.string(),
  error: z.string(),
  at: z.string(),
});

export const ZAdminAlertError = z.object({
  user_id: z.number(),
  username: z.string(),
  channel: z.string(),
  status: z.string(),
  error: z.string(),
  at: z.string(),
});

export const ZAdminDemoClock = z.object({
  market_time: z.string(),
  /** Market ms per wall ms; 0 is a paused clock. */
  speed: z.number(),
  trading_days_per_minute: z.number(),
  is_open: z.boolean(),
  next_open: z.string(),
  next_close: z.string(),
});

/** GET /api/admin/system: the deployment's workers, queues, bots, recent errors and demo clock. */
export const ZAdminSystemOutput = z.object({
  /** Null when Redis refuses CLIENT LIST (some managed services): workers cannot be listed. */
  workers: z.array(ZAdminWorker).nullable(),
  queues: z.array(ZAdminQueue),
  bots: z.array(ZAdminBot),
  broker_errors: z.array(ZAdminBrokerError),
  alert_errors: z.array(ZAdminAlertError),
  demo_clock: ZAdminDemoClock,
});
export type TAdminSystem = z.infer<typeof ZAdminSystemOutput>;
export type TAdminQueue = z.infer<typeof ZAdminQueue>;
export type TAdminWorker = z.infer<typeof ZAdminWorker>;
export type TAdminBot = z.infer<typeof ZAdminBot>;
