import { TRIAL_DAYS } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBotFixture } from './bot-fixture.js';
import {
  baseUrl,
  createAdminFromCli,
  freshCode,
  launchBrowser,
  logInThroughUi,
  navigate,
  postApi,
  screenshot,
  secretOf,
  signUpByApi,
} from './browser.js';

/**
 * Every main page at a 390 px phone width, light and dark: nothing is wider than the screen
 * (no sideways scrolling; wide tables scroll inside their own box or become cards, whose long
 * values such as an email address break inside the card), the plan names over the subscribe
 * page's table stay on one line, and the header keeps the market badge. With E2E_SHOTS=1, a
 * screenshot of each (and of desktop).
 */
const PASSWORD = 'a long enough passphrase';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
type Scheme = 'light' | 'dark';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function schemeContext(scheme: Scheme, viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    (s) => localStorage.setItem('tradebot-color-scheme', s),
    scheme satisfies string,
  );
  return context;
}

/** How far the page reaches past the screen's right edge, and which elements do it. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      // The innermost ones name the cause; a scrolling box's content is allowed past the edge.
      .filter(
        (el) => !Array.from(el.children).some((c) => c.getBoundingClientRect().right > width + 1),
      )
      .filter(
        (el) =>
          !el.closest(
            '[data-scroll-x], .mantine-ScrollArea-root, .mantine-TableScrollContainer-scrollContainer',
          ),
      )
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
    // What hides past the edge of its own box: a card table or the live log scrolling sideways.
    const cut = Array.from(
      document.querySelectorAll<HTMLElement>('.cards-on-phone, [data-testid="live-log-text"]'),
    )
      .map((el) => (el.tagName === 'TABLE' ? el.parentElement!.parentElement! : el))
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => box.closest('[data-testid]')?.getAttribute('data-testid') ?? box.className);
    return { scrollWidth: document.documentElement.scrollWidth, culprits, cut };
  });

async function check(page: Page, name: string, scheme: Scheme) {
  await page.waitForTimeout(300);
  await screenshot(page, `phone-${name}-${scheme}`);
  const measured = await overflow(page);
  expect(
    measured.scrollWidth,
    `${name} (${scheme}): ${measured.culprits.join(' | ')}`,
  ).toBeLessThanOrEqual(PHONE.width);
  expect(measured.cut, `${name} (${scheme}): cut at the edge of their box`).toEqual([]);
}

describe('phone layout signed out', () => {
  for (const scheme of ['light', 'dark'] as const)
    it(`fits the landing and login pages at 390 px (${scheme})`, async () => {
      const context = await schemeContext(scheme);
      const page = await context.newPage();
      for (const [name, path, ready] of [
        ['landing', '/', 'heading'],
        ['login', '/login', 'button'],
        ['help', '/help', 'heading'],
      ] as const) {
        await page.goto(`${baseUrl()}${path}`);
        await page.getByRole(ready).first().waitFor({ timeout: 10_000 });
        await check(page, name, scheme);
      }
      await context.close();
    });
});

describe('phone layout signed in', () => {
  let secret = '';
  let lastStep: number | undefined;
  beforeAll(async () => {
    secret = secretOf(await createAdminFromCli('phoebe', 'phoebe@example.com', PASSWORD));
    // The longest username there is (32 characters), and its email: a card must hold both.
    await signUpByApi('phone_cards_user_with_a_long_nam', PASSWORD);
  });

  /** How many lines a plan's name takes in the subscribe page's table header. */
  const headerLines = (page: Page, name: string) =>
    page.evaluate((text) => {
      const cell = Array.from(document.querySelectorAll('[data-testid="plan-features"] th')).find(
        (th) => th.textContent === text,
      );
      if (!cell) return 0;
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    }, name);

  async function signedIn(scheme: Scheme, viewport = PHONE) {
    const context = await schemeContext(scheme, viewport);
    const page = await context.newPage();
    const { code, step } = await freshCode(secret, lastStep);
    lastStep = step;
    await logInThroughUi(page, 'phoebe', PASSWORD, code);
    await page.waitForURL(/account-settings|dashboard/, { timeout: 15_000 });
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    expect((await postApi('/api/use-demo-market', { token })).status).toBe(200);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByTestId('market-badge').filter({ hasText: 'Demo market' }).waitFor();
    await serveBotFixture(page);
    return { context, page };
  }

  /**
   * Opens the delete-account dialog. The account page's cards load one by one and move the
   * button down as they do; a click that lands while it moves hits the card above, so it is
   * tried again.
   */
  async function openDeleteDialog(page: Page) {
    await openUntil(page, 'delete-account-open', page.getByTestId('delete-account-username'));
  }

  /** Clicks `button` until `shown` appears (a click on a page still loading can miss). */
  async function openUntil(page: Page, button: string, shown: Locator) {
    for (let attempt = 0; attempt < 5 && !(await shown.isVisible()); attempt++) {
      await page.getByTestId(button).click();
      await shown.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await shown.waitFor();
  }

  const PAGES: [name: string, path: string, ready: string][] = [
    ['dashboard', '/dashboard', 'bot-running'],
    ['live-log', '/live-log', 'live-log-text'],
    ['settings-screening', '/settings?tab=screening', 'toggle-advanced'],
    ['settings-backtesting', '/settings?tab=backtesting', 'backtest-settings-form'],
    ['settings-trading', '/settings?tab=trading', 'general-trading-settings'],
    ['explorer', '/stock-explorer', 'explorer-table'],
    ['admin', '/admin', 'users-table'],
    ['account-settings', '/account-settings', 'delete-account-card'],
    ['subscribe', '/subscribe', 'plan-basic'],
  ];

  for (const scheme of ['light', 'dark'] as const)
    it(`fits every main page at 390 px and keeps the market badge (${scheme})`, async () => {
      const { context, page } = await signedIn(scheme);
      for (const [name, path, ready] of PAGES) {
        await navigate(page, path);
        await page.getByTestId(ready).first().waitFor({ timeout: 60_000 });
        await page.getByTestId('market-badge').waitFor({ state: 'visible', timeout: 10_000 });
        // The simulated broker is not Alpaca's paper account: no Paper label on the demo market.
        expect(await page.getByTestId('mode-badge').count(), name).toBe(0);
        await check(page, name, scheme);
      }
      // The loop ends on the subscribe page.
      expect(await headerLines(page, `Trial (${TRIAL_DAYS} days)`)).toBe(1);
      const features = page.getByTestId('plan-features');
      // The whole table in sight: no plan column hidden past the edge of its scrolling box.
      const fits = await features.evaluate((table) => {
        const box = table.closest('.mantine-ScrollArea-viewport');
        return box !== null && box.scrollWidth <= box.clientWidth;
      });
      expect(fits).toBe(true);
      await navigate(page, '/admin');
      const card = page.getByTestId('user-row-phone_cards_user_with_a_long_nam');
      await card.waitFor();
      expect(await card.evaluate((row) => row.scrollWidth <= row.clientWidth)).toBe(true);
      await navigate(page, '/dashboard');
      await openUntil(
        page,
        'news-button',
        page.getByTestId('news-item').or(page.getByTestId('news-empty')).first(),
      );
      await check(page, 'news', scheme);
      await navigate(page, '/account-settings');
      await openDeleteDialog(page);
      await check(page, 'delete-account-dialog', scheme);
      await context.close();
    });

  for (const scheme of ['light', 'dark'] as const)
    it(`shows the same pages on a desktop (${scheme}) for a look`, async () => {
      const { context, page } = await signedIn(scheme, DESKTOP);
      for (const [name, path, ready] of PAGES.filter(([n]) =>
        ['dashboard', 'live-log', 'account-settings'].includes(n),
      )) {
        await navigate(page, path);
        await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
        await screenshot(page, `desktop-${name}-${scheme}`);
      }
      await openDeleteDialog(page);
      await screenshot(page, `desktop-delete-account-dialog-${scheme}`, { fullPage: false });
      expect(await page.getByTestId('market-badge').isVisible()).toBe(true);
      await context.close();
    });
});
