import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  freshCode,
  launchBrowser,
  logInThroughUi,
  screenshot,
  secretOf,
  signUpByApi,
  sql,
} from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PASSWORD = 'a long enough passphrase';

describe('a new trader in the browser', () => {
  it('signs up, reads the 2FA key, logs in with a code, saves paper keys and lands on the dashboard', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/signup`);
    await page.getByLabel('Username').fill('trader1');
    await page.getByLabel('Email').fill('trader1@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Phone Number').fill('+1 555 010 2000');
    await page.getByTestId('signup-terms').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect
      .poll(() => page.getByAltText('QR code').isVisible(), { timeout: 15_000 })
      .toBe(true);
    const uri = (await page.getByTestId('totp-key').getAttribute('data-uri')) ?? '';
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = secretOf(uri);
    await screenshot(page, 'signup-qr');
    await page.getByRole('button', { name: 'Proceed to Login' }).click();

    const { code } = await freshCode(secret);
    await logInThroughUi(page, 'trader1', PASSWORD, code);
    // Not onboarded yet: the account settings screen asks for broker keys.
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await page.getByLabel('Paper API Key').fill('PKE2ETESTKEY0001');
    await page.getByLabel('Paper API Secret').fill('e2e-paper-secret-0001');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(
        () => page.getByText('Settings saved successfully. Onboarding completed!').isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect.poll(() => page.getByTestId('paper-api-key-mask').textContent()).toContain('0001');
    await screenshot(page, 'account-settings-saved');

    const [row] = await sql<{ key_enc: string }>(
      "SELECT key_enc FROM broker_credentials WHERE environment = 'paper'",
    );
    expect(row?.key_enc).toMatch(/^v2\./);
    expect(row?.key_enc).not.toContain('PKE2ETESTKEY0001');

    await page.goto(`${baseUrl()}/dashboard`);
    await expect
      .poll(() => page.getByTestId('dashboard-username').textContent(), { timeout: 10_000 })
      .toContain('trader1');
    expect(await page.getByTestId('mode-badge').textContent()).toBe('Paper');
    expect(await page.title()).toBe('Dashboard · TradeBot');
    // A running trial is named once, its end date beside it; the keys just saved are mentioned.
    expect(await page.getByTestId('dashboard-plan').textContent()).toBe('Trial');
    expect(await page.getByTestId('dashboard-trial-end').textContent()).toMatch(
      /^Ends .+ · paper trading only$/,
    );
    expect(await page.getByTestId('dashboard-next-step').textContent()).toContain(
      'Your broker keys are saved',
    );
    await screenshot(page, 'dashboard');
    await page.close();
  });

  it('sets 2FA up again from the account settings banner after it was turned off', async () => {
    await signUpByApi('setup1', PASSWORD);
    await sql("UPDATE users SET totp_secret_enc = NULL WHERE username = 'setup1'");
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('Username').fill('setup1');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('pending-2fa-banner').textContent(), { timeout: 10_000 })
      .toContain(
        'Two-factor authentication is not enabled yet. Complete the setup to secure your account.',
      );

    await page.getByTestId('setup-2fa').click();
    await page.waitForURL('**/enable-2fa');
    await expect
      .poll(
        () => page.getByRole('heading', { name: 'Enable Two-Factor Authentication' }).isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await page.getByTestId('enable-2fa').click();
    await expect
      .poll(() => page.getByAltText('QR code').isVisible(), { timeout: 10_000 })
      .toBe(true);
    const secret = secretOf((await page.getByTestId('totp-key').getAttribute('data-uri')) ?? '');
    const [row] = await sql<{ enabled: boolean }>(
      "SELECT totp_secret_enc IS NOT NULL AS enabled FROM users WHERE username = 'setup1'",
    );
    expect(row?.enabled).toBe(true);

    await page.getByTestId('continue-to-login').click();
    await page.waitForURL('**/login');
    expect(await page.getByTestId('login-setup-complete').textContent()).toBe(
      '2FA setup complete. Please log in using your 2FA code.',
    );
    const { code } = await freshCode(secret);
    await logInThroughUi(page, 'setup1', PASSWORD, code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    // Wait for the page itself before asserting the banner is absent.
    await page.getByLabel('Paper API Key').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('pending-2fa-banner').count()).toBe(0);
    await page.close();
  });
});
