import { server } from '@tradebot/api-contract';
import { collectProcessMetrics, metricsAuthorized, metricsRegistry } from '@tradebot/core';
import { allQueues } from '@tradebot/jobs';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsOptions {
  /** METRICS_TOKEN: GET /metrics answers 404 without one, 401 to a request without it. */
  token?: string | undefined;
  /** Where the queues are, for their depth and oldest job (none: no queue series). */
  queues?: { connection: Redis; namespace: string };
  /** Open websocket connections of this process (ws/hub.ts). */
  websocketConnections?: () => number;
}

/** BullMQ states a queue's depth is reported in; `prioritized` counts as waiting. */
const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

function queueSeries(registry: Registry, connection: Redis, namespace: string) {
  const queues = allQueues.map(
    (definition) => new Queue(definition.name, { connection, prefix: `${namespace}:bull` }),
  );
  const read = async () =>
    Promise.all(
      queues.map(async (queue) => {
        const counts = await queue.getJobCounts(...STATES);
        // The job at the end of the wait list is the next one a worker takes: the oldest.
        const [oldest] = await queue.getJobs(['wait'], -1, -1);
        // Queue ages are wall time: BullMQ stamps jobs with the server's clock.
        const readyAt = oldest ? oldest.timestamp + (oldest.delay ?? 0) : null;
        return { name: queue.name, counts, age: readyAt === null ? 0 : Date.now() - readyAt };
      }),
    );
  let pending: ReturnType<typeof read> | null = null;
  // Both gauges of one scrape share one read of Redis. Redis unreachable: the scrape still
  // answers, without queue samples (never stale ones), and /readyz says what is wrong.
  const once = () =>
    (pending ??= read()
      .catch(() => [])
      .finally(() => setImmediate(() => (pending = null))));
  new Gauge({
    name: 'tradebot_queue_jobs',
    help: 'Jobs in each BullMQ queue, by state (waiting includes prioritized).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { name, counts } of await once()) {
        this.set(
          { queue: name, state: 'waiting' },
          (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        );
        for (const state of ['active', 'delayed', 'failed'] as const)
          this.set({ queue: name, state }, counts[state] ?? 0);
      }
    },
  });
  new Gauge({
    name: 'tradebot_queue_oldest_waiting_seconds',
    help: 'How long the oldest waiting job of each queue has been ready to run (0: none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { name, age } of await once()) this.set({ queue: name }, Math.max(0, age) / 1000);
    },
  });
  return () => Promise.all(queues.map((queue) => queue.close()));
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (README "Metrics
 * and logs"): the shared series (core observability/metrics.ts), request latency by route
 * pattern and status, queue depths and websocket connections of this process.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const token = options.token;
  if (token === undefined) {
    app.get('/metrics', (_request, reply) => reply.status(404).send({ detail: server.notFound }));
    return;
  }
  collectProcessMetrics();
  const registry = new Registry();
  const latency = new Histogram({
    name: 'tradebot_http_request_duration_seconds',
    help: 'API request duration, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/stock-lists/:id`), never the URL: ids and queries stay out of labels.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const connections = options.websocketConnections;
  if (connections) {
    new Gauge({
      name: 'tradebot_websocket_connections',
      help: 'Open, authenticated websocket connections to this API process.',
      registers: [registry],
      collect() {
        this.set(connections());
      },
    });
  }
  if (options.queues) {
    const close = queueSeries(registry, options.queues.connection, options.queues.namespace);
    app.addHook('onClose', async () => void (await close()));
  }
  const all = Registry.merge([metricsRegistry, registry]);
  app.get('/metrics', async (request, reply) => {
    if (!metricsAuthorized(request.headers.authorization, token))
      return reply.status(401).send({ detail: server.notAuthenticated });
    return reply.type(all.contentType).send(await all.metrics());
  });
}
