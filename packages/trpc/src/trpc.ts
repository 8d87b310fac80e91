import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { findUnstorableText, isAppError, server, validationMessage } from '@tradebot/api-contract';
import type { SessionInfo, TemporaryPurpose } from '@tradebot/core';
import type { Context } from './context.js';

/**
 * Who may call a procedure, set by the procedure kinds below (the API reference, /api/docs,
 * reads it): anyone, a full session, an admin's, or a temporary token of one 2FA step.
 */
export interface ProcedureMeta {
  access: 'public' | 'user' | 'admin' | 'temporary';
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    /**
     * The one place a procedure error becomes what the caller reads. A server fault says only
     * that it happened and under which request id it was logged: never a stack, path, SQL or
     * driver code, in any environment.
     */
    errorFormatter({ shape, error, ctx }) {
      const retryAfter = isAppError(error.cause) ? error.cause.retryAfter : undefined;
      let message = shape.message;
      if (error.code === 'INTERNAL_SERVER_ERROR')
        message = server.internalError(ctx?.requestId ?? '-');
      // Input errors read as sentences (the schemas carry user-facing texts), not as JSON.
      else if (error.cause instanceof ZodError) message = validationMessage(error.cause);
      const { code, httpStatus, path } = shape.data;
      return {
        ...shape,
        message,
        data: { code, httpStatus, path, retryAfter: retryAfter ?? null },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Services throw AppError; turn it into the matching tRPC error so both surfaces agree. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isAppError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

/** Strings text columns cannot hold are refused for every procedure, before its schema. */
const storableText = t.middleware(async ({ getRawInput, next }) => {
  const field = findUnstorableText(await getRawInput());
  if (field !== null)
    throw new TRPCError({ code: 'BAD_REQUEST', message: server.unstorableText(field) });
  return next();
});

export const publicProcedure = t.procedure
  .use(storableText)
  .use(appErrors)
  .meta({ access: 'public' });

function requireSession(ctx: Context): SessionInfo {
  if (!ctx.session) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: ctx.tokenSent ? server.sessionExpired : server.notAuthenticated,
    });
  }
  return ctx.session;
}

/** A full (post-2FA) session. Temporary tokens are refused here. */
export const authedProcedure = publicProcedure
  .use(({ ctx, next }) => {
    const session = requireSession(ctx);
    if (session.kind !== 'full')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: server.tempTokenOnly });
    return next({ ctx: { ...ctx, session } });
  })
  .meta({ access: 'user' });

/** The role is read from the database with the session on every request, never from the client. */
export const adminProcedure = authedProcedure
  .use(({ ctx, next }) => {
    if (!ctx.session.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: server.forbidden });
    return next();
  })
  .meta({ access: 'admin' });

/** A temporary token minted for one step of a 2FA flow. */
export const tempTokenProcedure = (purpose: TemporaryPurpose) =>
  publicProcedure
    .use(({ ctx, next }) => {
      const session = requireSession(ctx);
      if (session.kind !== 'temporary' || session.purpose !== purpose) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: server.sessionExpired });
      }
      return next({ ctx: { ...ctx, session } });
    })
    .meta({ access: 'temporary' });
