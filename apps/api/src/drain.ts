import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long the API keeps answering after SIGTERM before it stops listening. */
export const DRAIN = { quietMs: 300, pollMs: 25 } as const;

/**
 * Graceful stop. On `drain()` the API keeps listening but answers every request with
 * `Connection: close` (so keep-alive clients move off) and /healthz with 503 (so a balancer
 * stops sending); once no request is in flight and none came for `quietMs`, or the grace
 * period is over, it stops listening, closes websockets and ends what is left.
 * Closing at once, as before, reset the requests clients had already queued on open sockets.
 */
export function registerDrain(app: FastifyInstance) {
  let draining = false;
  /** Requests between their start and their response or abort (a set: both hooks may fire). */
  const inFlight = new Set<FastifyRequest>();
  let lastRequestAt = 0;
  app.addHook('onRequest', async (request, reply) => {
    inFlight.add(request);
    lastRequestAt = performance.now();
    if (!draining) return;
    reply.header('connection', 'close');
    if (request.url === '/healthz' || request.url === '/readyz')
      return reply.status(503).send({ ok: false, ready: false, draining: true });
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    inFlight.delete(request);
  });

  return async function drain(graceMs: number) {
    draining = true;
    const deadline = performance.now() + graceMs;
    const busy = () => inFlight.size > 0 || performance.now() - lastRequestAt < DRAIN.quietMs;
    while (busy() && performance.now() < deadline) await sleep(DRAIN.pollMs);
    const closed = app.close().then(() => true);
    const inTime = await Promise.race([
      closed,
      sleep(Math.max(0, deadline - performance.now())).then(() => false),
    ]);
    if (!inTime) app.server.closeAllConnections();
    return inTime;
  };
}
