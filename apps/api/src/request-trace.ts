import { runWithTrace, type RequestTrace } from '@tradebot/jobs';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

const traces = new WeakMap<FastifyRequest, { trace: RequestTrace; reply: FastifyReply }>();

/**
 * Every request's work runs inside its trace (packages/jobs request-trace.ts): the jobs it
 * queues carry its request id and, once the caller is authenticated, its user id.
 */
export function registerRequestTrace(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    traces.set(request, { trace: { requestId: request.id }, reply });
    done();
  });
  // After the body is parsed (parsing runs outside any request context), so the handler and
  // every hook after this one run inside the trace.
  app.addHook('preHandler', (request, _reply, done) => {
    runWithTrace(traces.get(request)?.trace, done);
  });
}

/**
 * The request is the user's: its trace, and every line its request and reply log from here on
 * (Fastify's own lines included) carry `userId` beside `reqId`.
 */
export function bindUser(request: FastifyRequest, userId: number) {
  const entry = traces.get(request);
  if (entry === undefined || entry.trace.userId === userId) return;
  entry.trace.userId = userId;
  request.log = request.log.child({ userId });
  entry.reply.log = request.log;
}

/**
 * Fastify's request lines, with one change: `incoming request` is logged at debug, since it is
 * written before the caller is known; `request completed` (info) names the route pattern and,
 * for an authenticated call, the user.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, route: request.routeOptions.url };
    if (error)
      reply.log.error(
        { ...fields, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ ...fields, responseTime: reply.elapsedTime }, 'request completed');
  }
}
