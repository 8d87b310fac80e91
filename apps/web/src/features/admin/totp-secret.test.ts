import { describe, expect, it } from 'vitest';
import { ZAdminTotpSecret } from '@tradebot/api-contract';
import { generateTotpSecret } from './totp-secret';

describe('generateTotpSecret', () => {
  it('makes 16 characters of A-Z and 2-7 that the admin schema accepts', () => {
    for (let i = 0; i < 50; i++) {
      const secret = generateTotpSecret();
      expect(secret).toMatch(/^[A-Z2-7]{16}$/);
      expect(ZAdminTotpSecret.safeParse(secret).success).toBe(true);
    }
  });

  it('maps each byte to the base32 symbol of its value modulo 32', () => {
    const fill = (bytes: Uint8Array<ArrayBuffer>) => {
      bytes.set([0, 1, 25, 26, 31, 32, 57, 255, 0, 0, 0, 0, 0, 0, 0, 0]);
      return bytes;
    };
    expect(generateTotpSecret(fill)).toBe('ABZ27AZ7AAAAAAAA');
  });

  it('does not repeat itself', () => {
    expect(generateTotpSecret()).not.toBe(generateTotpSecret());
  });
});
