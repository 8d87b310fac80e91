import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { server } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.js';

/** One origin: the API also serves the built web app, whose routes load index.html. */
let api: TestApi;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'tradebot-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>TradeBot test shell</title>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets/app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  writeFileSync(join(webDist, 'assets/app.js.map'), '{"version":3,"sources":["src/app.ts"]}');
  api = await startTestApi({ webDist });
});
afterAll(async () => {
  await api.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/subscribe', '/dashboard', '/admin', '/no-such-page'])(
    'answers GET %s with the app shell',
    async (path) => {
      const reply = await api.http.get(path);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(String(reply.body)).toContain('TradeBot test shell');
    },
  );

  it('keeps POST /subscribe and unknown API paths as API answers', async () => {
    expect(await api.http.post('/subscribe', { plan: 'basic' })).toMatchObject({
      status: 401,
      body: { detail: server.notAuthenticated },
    });
    expect(await api.http.get('/api/no-such-route')).toMatchObject({
      status: 404,
      body: { detail: 'Not Found' },
    });
  });

  it('serves the scripts but not their source maps, unless WEB_SOURCE_MAPS asks for them', async () => {
    expect(await api.http.get('/assets/app.js')).toMatchObject({ status: 200 });
    const map = await api.http.get('/assets/app.js.map');
    expect(map.status).toBe(404);
    expect(JSON.stringify(map.body)).not.toContain('src/app.ts');
    expect((await api.http.get('/assets/app.js.map?v=1')).status).toBe(404);
    const withMaps = await startTestApi({ webDist, webSourceMaps: true });
    try {
      const served = await withMaps.http.get('/assets/app.js.map');
      expect(served.status).toBe(200);
      expect(served.body).toMatchObject({ sources: ['src/app.ts'] });
    } finally {
      await withMaps.close();
    }
  });

  it('lets browsers keep the hashed assets and asks them to check the app shell', async () => {
    const asset = await api.http.get('/assets/app.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/dashboard']) {
      const shell = await api.http.get(path);
      expect(shell.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends a strict Content-Security-Policy with no inline scripts', async () => {
    const csp = String((await api.http.get('/dashboard')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
