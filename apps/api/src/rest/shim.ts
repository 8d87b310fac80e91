import { validationMessage } from '@tradebot/api-contract';
import { appRouter, createCallerFactory, type AppRouter, type Context } from '@tradebot/trpc';
import { TRPCError, type inferRouterInputs } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { CsvExport } from './csv-exports.js';
import type { InputReader } from './inputs.js';

type Inputs = inferRouterInputs<AppRouter>;
/** Every procedure of the router by its dotted path ("auth.login"): the table can name no other. */
export type ProcedurePath = {
  [Namespace in keyof Inputs]: `${Namespace & string}.${keyof Inputs[Namespace] & string}`;
}[keyof Inputs];

/** The screens whose calls the table groups (the README's API list follows them). */
export const REST_SCREENS = [
  'Sign-in and session',
  'Dashboard',
  'Strategy settings',
  'Stock Explorer',
  'Account settings and subscription',
  'Live log',
  'Admin dashboard',
  'Every screen',
  'API reference',
] as const;
export type RestScreen = (typeof REST_SCREENS)[number];

/**
 * Where a path comes from: `spec`, the product's documented API (its path, method and shapes are
 * fixed); `ours`, added by this app for its own screens, admins and scripts.
 */
export type RestSource = 'spec' | 'ours';

interface RouteBase {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path this shim serves (`:name` for a path parameter). */
  path: string;
  source: RestSource;
  screen: RestScreen;
}

/** A path that calls one tRPC procedure. */
export interface ProcedureRoute extends RouteBase {
  procedure: ProcedurePath;
  /** The procedure's input, read from the request (inputs.ts); none: the procedure takes none. */
  input?: InputReader;
  /** Answer the procedure's output as a CSV download instead of JSON. */
  csv?: CsvExport;
}

/** A public page rendered from the route table itself (the OpenAPI document and its reference). */
export interface ReferenceRoute extends RouteBase {
  reference: { contentType: string; render: (routes: readonly RestRoute[]) => string };
}

export type RestRoute = ProcedureRoute | ReferenceRoute;

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;
type Procedure = (input?: unknown) => Promise<unknown>;

/** The caller's procedure at a dotted path (the path's type guarantees it exists). */
function procedureAt(caller: Caller, path: ProcedurePath): Procedure {
  const [namespace, name] = path.split('.') as [keyof Caller, string];
  return (caller[namespace] as unknown as Record<string, Procedure>)[name] as Procedure;
}

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
    if ('reference' in route) {
      registerReference(app, route, routes);
      continue;
    }
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        try {
          const call = procedureAt(createCaller(await buildContext(request)), route.procedure);
          const output = await (route.input ? call(route.input(request)) : call());
          return route.csv ? sendCsv(reply, route.csv(output)) : output;
        } catch (error) {
          return sendError(reply, error);
        }
      },
    });
  }
}

/** Rendered on the first request, then kept: the table does not change while the process runs. */
function registerReference(
  app: FastifyInstance,
  route: ReferenceRoute,
  routes: readonly RestRoute[],
) {
  let page: string | undefined;
  app.route({
    method: route.method,
    url: route.path,
    handler: async (_request, reply) => {
      page ??= route.reference.render(routes);
      return reply.type(route.reference.contentType).send(page);
    },
  });
}

function sendCsv(reply: FastifyReply, file: ReturnType<CsvExport>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.csv);
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
