import { server } from '@tradebot/api-contract';
import type { Services } from '@tradebot/core';
import type { FastifyInstance } from 'fastify';

/** `AAPL.svg`, `BRK.B.svg`: a ticker and the extension; nothing else reaches the lookup. */
const FILE = /^([A-Za-z][A-Za-z0-9.-]{0,9})\.svg$/;

/**
 * GET /api/logos/demo/{SYMBOL}.svg (ours): a demo company's generated logo, the address the
 * logos batch gives demo listings. Public, because an <img> sends no bearer token, and it shows
 * only what the demo universe (fictional, the same on every deployment) makes public anyway.
 * Deterministic, so browsers keep it for a day; not a REST shim (it answers an image, not JSON).
 */
export function registerDemoLogoRoute(app: FastifyInstance, services: Pick<Services, 'explorer'>) {
  app.get('/api/logos/demo/:file', async (request, reply) => {
    const match = FILE.exec((request.params as { file: string }).file);
    const svg = match ? await services.explorer.demoLogo(match[1] as string) : null;
    if (svg === null) return reply.status(404).send({ detail: server.notFound });
    return reply
      .header('cache-control', 'public, max-age=86400, immutable')
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });
}
