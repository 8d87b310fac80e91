import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Paths whose answers carry account data (or may): never stored by a browser or a proxy. */
const PRIVATE_PATH = /^\/(api|trpc|ws|subscribe)(\/|\?|$)/;

/**
 * Helmet's headers on every response, with a CSP that lets scripts talk to this origin only
 * ('self' covers ws: and wss: of the same host in CSP Level 3), and `Cache-Control: no-store`
 * on API answers. Helmet's middleware is built once: @fastify/helmet rebuilt it, parsing the
 * CSP, on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (PRIVATE_PATH.test(request.url)) reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
