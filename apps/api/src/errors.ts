import { randomUUID } from 'node:crypto';
import { server } from '@tradebot/api-contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';

/** Request ids are random, so a reference a user quotes finds exactly one log line. */
export const newRequestId = () => randomUUID();

/** A server fault: logged in full under the request id, never sent (REST and tRPC alike). */
export function logFault(request: FastifyRequest, error: unknown, where: string) {
  request.log.error({ err: error, where }, 'request failed');
}

/**
 * Errors that escape a REST route or a Fastify parser. Fastify's own 4xx (bad JSON, wrong
 * media type, body too large) keep their short texts; anything else is a fault.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
      return reply.status(status).send({ detail: error.message });
    }
    logFault(request, error, request.routeOptions.url ?? request.url);
    return reply.status(500).send({ detail: server.internalError(request.id) });
  });
}
