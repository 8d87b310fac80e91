import { chromium, type Browser, type Page } from 'playwright-core';
import pg from 'pg';
import { inject } from 'vitest';
import { totpCode, TOTP_PERIOD_SECONDS } from '../apps/api/src/lib/totp.js';

/** Debian's Chromium, headless, with the flags this closed network needs (PLATFORM.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromium'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export const baseUrl = () => inject('baseUrl');

export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The current code for a secret, waiting for a fresh time step when `after` is the step last
 * used (the server accepts each step once per user).
 */
export async function freshCode(secret: string, after?: number): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  while (after !== undefined && step <= after) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  }
  return { code: totpCode(secret, step), step };
}

export const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

export async function logInThroughUi(page: Page, username: string, password: string, code: string) {
  await page.goto(`${baseUrl()}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('2FA Code').fill(code);
  await page.getByRole('button', { name: 'Verify 2FA' }).click();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}
