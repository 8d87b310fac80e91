import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { CLIENT_ERROR_MAX_BYTES, server } from '@tradebot/api-contract';
import type { Services, SessionService } from '@tradebot/core';
import { appRouter } from '@tradebot/trpc';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { TRPCError } from '@trpc/server';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import { contextFactory } from './context.js';
import { registerDemoLogoRoute } from './demo-logo-route.js';
import type { Readiness } from './readiness.js';
import { logFault, newRequestId, registerErrorHandler } from './errors.js';
import { restRoutes } from './rest/routes.js';
import { registerTrpcQueries } from './trpc-queries.js';
import { registerRestRoutes } from './rest/shim.js';
import { registerMetrics, type MetricsOptions } from './metrics.js';
import { registerRequestTrace, RequestLogController } from './request-trace.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerWebsocket, type WebsocketOptions } from './ws/hub.js';

export interface AppOptions {
  services: Services;
  sessions: SessionService;
  subscriber: Redis;
  /** This deployment's event namespace (core's `deploymentNamespace`): event channels live under it. */
  namespace: string;
  webDist?: string;
  /** GET /readyz's checks (readiness.ts); without them /readyz answers like /healthz. */
  readiness?: () => Promise<Readiness>;
  /** Serve the web app's `*.map` files (off: they answer 404 like any missing file). */
  webSourceMaps?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Answer GET query calls without tRPC's adapter (trpc-queries.ts); off only to compare. */
  leanQueries?: boolean;
  /** LOGO_URL_TEMPLATE: its origin joins the CSP's img-src (real listings' logos). */
  logoUrlTemplate?: string | undefined;
  /** /ws settings (the heartbeat interval); tests shorten it. */
  websocket?: WebsocketOptions;
  /** Told of every route as it is added (the OpenAPI test compares them with the document). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** GET /metrics: its token and the queues it reports (metrics.ts); off without a token. */
  metrics?: Omit<MetricsOptions, 'websocketConnections'>;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (none: the socket's peer). */
  trustProxy?: string[];
}

/**
 * Bearer tokens never reach the logs. Redaction is configured once on the root logger: a
 * per-request child logger with its own `redact` recompiled the redaction on every request.
 */
function withRedaction(logger: AppOptions['logger']): AppOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, redact: ['req.headers.authorization', 'headers.authorization'] };
}

/** A tRPC call's fault is logged like a REST one; expected errors (4xx) are not faults. */
function logTrpcFault(failure: { error: TRPCError; req: FastifyRequest; path?: string }) {
  if (failure.error.code === 'INTERNAL_SERVER_ERROR')
    logFault(failure.req, failure.error.cause ?? failure.error, failure.path ?? '/trpc');
}

/** Tokens travel in headers and, for /ws only, in the query: keep them out of access logs. */
const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');

/**
 * Spec clients POST some calls with a JSON content type and no body at all (the dashboard's Run
 * Screener); Fastify's parser refuses that with a 400. An empty body is read as no input, which
 * the procedure's schema then judges; anything else goes to Fastify's own JSON parser (with its
 * prototype-poisoning checks).
 */
function acceptEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: withRedaction(options.logger),
    trustProxy:
      options.trustProxy !== undefined && options.trustProxy.length > 0
        ? options.trustProxy
        : false,
    bodyLimit: 256 * 1024,
    // A batched GET names every procedure in one path segment: room for a page's whole first
    // load (the web client splits a batch whose URL would pass 2,000 characters).
    routerOptions: { maxParamLength: 2048 },
    genReqId: newRequestId,
    logController: new RequestLogController(),
  });
  const onRoute = options.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  registerRequestTrace(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, { logoUrlTemplate: options.logoUrlTemplate });
  acceptEmptyJsonBody(app);
  await app.register(fastifyFormbody);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  const buildContext = contextFactory(options.services, options.sessions);
  // One scope for /trpc, so the lean query hook runs on tRPC routes only.
  await app.register(async (trpc) => {
    if (options.leanQueries !== false) registerTrpcQueries(trpc, buildContext, logTrpcFault);
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req }: { req: Parameters<typeof buildContext>[0] }) => buildContext(req),
        onError: logTrpcFault,
      },
    });
  });
  registerRestRoutes(app, restRoutes, buildContext);
  registerDemoLogoRoute(app, options.services);
  // The token route accepts POST only.
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/token',
    handler: (_request, reply) =>
      reply.status(405).header('allow', 'POST').send({ detail: server.methodNotAllowed }),
  });
  app.addHook('preValidation', async (request, reply) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (request.url.startsWith('/api/log-client-error') && length > CLIENT_ERROR_MAX_BYTES) {
      return reply.status(413).send({ detail: server.errorReportTooLarge });
    }
  });
  const websocket = registerWebsocket(
    app,
    options.sessions,
    options.subscriber,
    options.namespace,
    options.websocket,
  );
  registerMetrics(app, { ...options.metrics, websocketConnections: websocket.connections });
  app.get('/healthz', async () => ({ ok: true }));
  const readiness = options.readiness;
  app.get('/readyz', async (_request, reply) => {
    if (!readiness) return { ready: true };
    const report = await readiness();
    return reply.status(report.ready ? 200 : 503).send(report);
  });
  await serveWeb(app, options.webDist, options.webSourceMaps ?? false);
  return app;
}

async function serveWeb(app: FastifyInstance, webDist: string | undefined, sourceMaps: boolean) {
  // POST /subscribe is a REST shim, but GET /subscribe is the plan page: only these prefixes are API.
  const apiPath = (url: string) => /^\/(api|trpc|ws)(\/|\?|$)/.test(url);
  if (!webDist || !existsSync(join(webDist, 'index.html'))) {
    app.setNotFoundHandler((request, reply) =>
      apiPath(request.url)
        ? reply.status(404).send({ detail: server.notFound })
        : reply
            .status(503)
            .type('text/plain')
            .send('The web app is not built yet: run `npm run build -w @tradebot/web`.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: 'index.html',
    allowedPath: (path) => sourceMaps || !path.endsWith('.map'),
    // Vite names every file under assets/ by its content's hash: a browser keeps it for a year
    // and never asks again. index.html is asked for on each visit, so a new build shows at once.
    cacheControl: false,
    setHeaders: (res, path) => {
      if (/[\\/]assets[\\/]/.test(path))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  // Client-side routes (/dashboard, /admin, unknown paths → the app's Page Not Found) get
  // index.html; a source map that is not served is simply not there.
  const sourceMap = (url: string) => /\.map$/.test(url.split('?')[0] ?? '');
  app.setNotFoundHandler((request, reply) =>
    request.method === 'GET' && !apiPath(request.url) && !sourceMap(request.url)
      ? reply.type('text/html').sendFile('index.html')
      : reply.status(404).send({ detail: server.notFound }),
  );
}

export { redactUrl };
