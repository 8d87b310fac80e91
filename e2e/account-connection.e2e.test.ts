import { server, ui } from '@tradebot/api-contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshCode,
  launchBrowser,
  logInThroughUi,
  screenshot,
  signUpByApi,
  sql,
} from './browser.js';
import { E2E_ALPACA_KEY } from './fake-alpaca.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PASSWORD = 'a long enough passphrase';
const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .textContent({ timeout: 10_000 })
    .then((t) => t ?? '');

describe('account settings: Test connection and the live-mode confirmation', () => {
  it('tests typed keys per mode, then asks before a save switches to live', async () => {
    const secret = await signUpByApi('connie', PASSWORD);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughUi(page, 'connie', PASSWORD, (await freshCode(secret)).code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });

    await page.getByLabel('Paper API Key').fill(E2E_ALPACA_KEY);
    await page.getByLabel('Paper API Secret').fill('e2e-connection-secret');
    await page.getByTestId('test-connection-paper').click();
    await expect.poll(() => text(page, 'test-connection-paper-result')).toContain('ACTIVE');
    const ok = await text(page, 'test-connection-paper-result');
    expect(ok).toContain('$200,000.50');
    expect(ok).toContain('********Z1XY');
    expect(ok).not.toContain('e2e-connection-secret');

    await page.getByLabel('Live API Key').fill('AKWRONGKEY01');
    await page.getByLabel('Live API Secret').fill('wrong-live-secret');
    await page.getByTestId('test-connection-live').click();
    await expect
      .poll(() => text(page, 'test-connection-live-result'))
      .toBe(server.alpacaInvalidKeys('live'));
    await screenshot(page, 'test-connection-light');

    // Switching to live: the save waits for a confirmation; "Stay on paper" sends nothing.
    // In the middle of the window, clear of the sticky header (a forced click does not check).
    const modeSwitch = page.getByTestId('trading-mode-switch');
    await modeSwitch.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await modeSwitch.click({ force: true });
    await expect.poll(() => page.getByTestId('trading-mode-switch').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(() => page.getByText(ui.liveModeConfirm).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await screenshot(page, 'live-confirm-light');
    await page.getByTestId('cancel-live-mode').click();
    await expect.poll(() => page.getByText(ui.liveModeConfirm).isVisible()).toBe(false);
    expect(
      await sql(
        "SELECT 1 FROM broker_credentials b JOIN users u ON u.id = b.user_id WHERE u.username = 'connie'",
      ),
    ).toHaveLength(0);

    // Confirmed: the save goes out; a trial account is refused live mode by the server.
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByTestId('confirm-live-mode').click();
    await expect.poll(() => text(page, 'account-settings-result')).toBe(server.livePlanRequired);

    await page.getByTestId('theme-toggle').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    await page.getByTestId('test-connection-paper').click();
    await expect.poll(() => text(page, 'test-connection-paper-result')).toContain('ACTIVE');
    await screenshot(page, 'test-connection-dark');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText(ui.liveModeConfirm).isVisible()).toBe(true);
    await screenshot(page, 'live-confirm-dark');
    await page.getByTestId('cancel-live-mode').click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('test-connection-live').scrollIntoViewIfNeeded();
    await screenshot(page, 'test-connection-390');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);

    // A result speaks for the keys it tested: editing them hides it.
    await page.getByLabel('Live API Key').fill('AKOTHERKEY02');
    await expect.poll(() => page.getByTestId('test-connection-live-result').count()).toBe(0);
    expect(await page.getByTestId('test-connection-paper-result').count()).toBe(1);
    await page.close();
  });
});
