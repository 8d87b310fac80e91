import { appRouter, createCallerFactory, validationMessage, type Context } from '@tradebot/api-contract';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

type Method = 'GET' | 'POST' | 'DELETE';

export interface RestRoute {
  method: Method;
  /** The spec §7 path (or ours, marked in the table) this shim serves. */
  path: string;
  call: (caller: Caller, request: FastifyRequest) => Promise<unknown>;
}

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/**
 * REST shims go through the same router as tRPC (same input schemas, same auth middleware,
 * same services); they only translate shapes and turn errors into `{ detail }` with a status.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  routes: readonly RestRoute[],
  buildContext: (request: FastifyRequest) => Promise<Context>,
) {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        try {
          const caller = createCaller(await buildContext(request));
          return await route.call(caller, request);
        } catch (error) {
          return sendError(reply, error);
        }
      },
    });
  }
}

function sendError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof TRPCError)) throw error;
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) throw error;
  const cause = error.cause as { retryAfter?: number } | undefined;
  if (status === 429 && cause?.retryAfter) reply.header('retry-after', String(cause.retryAfter));
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return reply.status(status).send({ detail: readable(error) });
}

function readable(error: TRPCError): string {
  return error.cause instanceof ZodError ? validationMessage(error.cause) : error.message;
}
