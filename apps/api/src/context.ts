import type { Services, SessionService } from '@tradebot/core';
import type { Context } from '@tradebot/trpc';
import type { FastifyRequest } from 'fastify';
import { bindUser } from './request-trace.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** Builds the tRPC context for a request: who is calling (resolved once) and from where. */
export function contextFactory(services: Services, sessions: SessionService) {
  return async (request: FastifyRequest, token = bearerToken(request)): Promise<Context> => {
    const session = token ? await sessions.authenticate(token) : null;
    if (session) bindUser(request, session.userId);
    return {
      services,
      session,
      tokenSent: token !== null,
      meta: { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null },
      requestId: request.id,
    };
  };
}
