import { BUILT_IN_TEMPLATES, server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * Screening templates: the built-ins (with descriptions) and each user's custom ones
 * (GET /api/screening/templates, POST /api/screening/save-template,
 * DELETE /api/screening/delete-template/{name}).
 */
let api: TestApi;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  alice = await signUpAndLogIn(api, 'alicetpl', '10.0.7.11');
  bob = await signUpAndLogIn(api, 'bobtpl', '10.0.7.12');
});
afterAll(async () => api.close());

const encoded = (name: string) => `/api/screening/delete-template/${encodeURIComponent(name)}`;

describe('screening templates', () => {
  it('lists the built-ins with their descriptions, Custom Template among them', async () => {
    const reply = await api.http.get('/api/screening/templates', alice.token);
    expect(reply.status).toBe(200);
    expect(reply.body.map((t: { name: string }) => t.name)).toEqual(
      BUILT_IN_TEMPLATES.map((t) => t.name),
    );
    expect(reply.body.map((t: { name: string }) => t.name)).toContain('Custom Template');
    for (const t of reply.body) expect(t.description.length).toBeGreaterThan(20);
  });

  it('saves a custom template under its trimmed name, after the built-ins and without a description', async () => {
    const saved = await api.http.post(
      '/api/screening/save-template',
      { name: '  My Picks  ', criteria: { max_rsi: 50, min_market_cap: 1e9 } },
      alice.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(server.templateSaved('My Picks'));
    const list = await api.http.get('/api/screening/templates', alice.token);
    const last = list.body.at(-1);
    expect(list.body).toHaveLength(BUILT_IN_TEMPLATES.length + 1);
    expect(last).toEqual({
      name: 'My Picks',
      criteria: expect.objectContaining({ max_rsi: 50, min_market_cap: 1e9, min_beta: 1.2 }),
    });
    expect(last).not.toHaveProperty('description');
  });

  it('overwrites a custom template saved again under the same name', async () => {
    await api.http.post(
      '/api/screening/save-template',
      { name: 'My Picks', criteria: { max_rsi: 55 } },
      alice.token,
    );
    const list = await api.http.get('/api/screening/templates', alice.token);
    const mine = list.body.filter((t: { name: string }) => t.name === 'My Picks');
    expect(mine).toHaveLength(1);
    expect(mine[0].criteria).toMatchObject({ max_rsi: 55, min_market_cap: null });
  });

  it('refuses a built-in name, a blank name and out-of-bounds criteria, naming the problem', async () => {
    const builtIn = await api.http.post(
      '/api/screening/save-template',
      { name: ' value ', criteria: {} },
      alice.token,
    );
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.detail).toBe(server.builtInTemplateName('value'));
    const blank = await api.http.post(
      '/api/screening/save-template',
      { name: '   ', criteria: {} },
      alice.token,
    );
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toContain(ui.customTemplateNameRequired);
    const bounds = await api.http.post(
      '/api/screening/save-template',
      { name: 'Bad', criteria: { max_pe_ratio: 5000 } },
      alice.token,
    );
    expect(bounds.status).toBe(400);
    expect(bounds.body.detail).toBe(server.screeningCriterionBounds('Max P/E', 0, 1000));
  });

  it("keeps each user's templates apart: bob neither sees nor deletes alice's", async () => {
    const bobList = await api.http.get('/api/screening/templates', bob.token);
    expect(bobList.body).toHaveLength(BUILT_IN_TEMPLATES.length);
    const bobDelete = await api.http.del(encoded('My Picks'), bob.token);
    expect(bobDelete.status).toBe(404);
    expect(bobDelete.body.detail).toBe(server.templateNotFound('My Picks'));
    // bob may use the same name for his own.
    const bobSave = await api.http.post(
      '/api/screening/save-template',
      { name: 'My Picks', criteria: { max_rsi: 20 } },
      bob.token,
    );
    expect(bobSave.status).toBe(200);
    const aliceList = await api.http.get('/api/screening/templates', alice.token);
    expect(aliceList.body.at(-1).criteria.max_rsi).toBe(55);
  });

  it('refuses to delete a built-in; deletes a custom one by its URL-encoded name once', async () => {
    const builtIn = await api.http.del(encoded('Custom Template'), alice.token);
    expect(builtIn.status).toBe(403);
    expect(builtIn.body.detail).toBe(server.builtInTemplateDelete('Custom Template'));
    const deleted = await api.http.del(encoded('My Picks'), alice.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(server.templateDeleted('My Picks'));
    expect((await api.http.del(encoded('My Picks'), alice.token)).status).toBe(404);
    const bobList = await api.http.get('/api/screening/templates', bob.token);
    expect(bobList.body.at(-1).name).toBe('My Picks');
  });
});
