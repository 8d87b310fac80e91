/**
 * A signed-in, onboarded user made through the API's own doors, as a browser would:
 * sign up, password login, the TOTP second factor, then paper keys saved in account settings.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import type { ApiProcess } from './api-process.js';

const USER = {
  username: 'benchuser',
  email: 'bench@example.com',
  password: 'bench-password-123',
  country: 'US',
  phone_number: '+1 555 0100',
  tos_accepted: true,
};

export async function signedInUser(api: ApiProcess, username = USER.username): Promise<string> {
  const user = { ...USER, username, email: `${username}@example.com` };
  const signup = await api.json<{ totp_uri: string }>('POST', '/api/signup', user);
  const secret = new URL(signup.totp_uri).searchParams.get('secret');
  if (!secret) throw new Error('signup returned no TOTP secret');
  const login = await api.json<{ access_token: string; requires_2fa: boolean }>(
    'POST',
    '/api/token',
    { username: user.username, password: user.password },
  );
  if (!login.requires_2fa) throw new Error('expected a 2FA challenge after login');
  const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
  const full = await api.json<{ access_token: string }>(
    'POST',
    '/api/verify-2fa',
    { totp_code: code },
    login.access_token,
  );
  await api.json(
    'POST',
    '/api/update-account-settings',
    {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: 'PKBENCHKEY0000001234',
      alpaca_api_secret_paper: 'bench-secret-abcdefghijklmnop5678',
    },
    full.access_token,
  );
  return full.access_token;
}
