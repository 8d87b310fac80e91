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
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { logoUrlTemplate?: string | undefined } = {},
) {
  // Images: this origin (demo logos), data: (QR codes) and the logo template's origin only.
  const logoOrigin = imageSource(options.logoUrlTemplate);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...logoOrigin],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (PRIVATE_PATH.test(request.url)) reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * The CSP source that admits a logo template's addresses: its origin, or only its scheme when
 * the host itself is templated (`https://{domain}/favicon.ico`).
 */
export function imageSource(template: string | undefined): string[] {
  if (!template) return [];
  const [, scheme, host] = /^(https?):\/\/([^/?#]*)/.exec(template) ?? [];
  if (!scheme || !host) return [];
  return host.includes('{') ? [`${scheme}:`] : [`${scheme}://${host.toLowerCase()}`];
}
