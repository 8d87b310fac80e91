import { maskSecret } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { aad, createCipher, encryptionKeyId } from './cipher.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { LOGIN_DELAY, loginDelayMs } from './rate-limit.js';
import { generateToken, hashToken } from './tokens.js';
import { matchTotpStep, totpCode, totpUri } from './totp.js';

describe('cipher', () => {
  const cipher = createCipher('0f'.repeat(32));

  it('round-trips and uses a fresh IV each time', () => {
    const one = cipher.encrypt('PKSECRET', aad.brokerKey(1, 'paper'));
    const two = cipher.encrypt('PKSECRET', aad.brokerKey(1, 'paper'));
    expect(one).not.toBe(two);
    expect(cipher.decrypt(one, aad.brokerKey(1, 'paper'))).toBe('PKSECRET');
  });

  it('refuses a ciphertext moved to another user, mode or key', () => {
    const sealed = cipher.encrypt('PKSECRET', aad.brokerKey(1, 'paper'));
    expect(() => cipher.decrypt(sealed, aad.brokerKey(2, 'paper'))).toThrow();
    expect(() => cipher.decrypt(sealed, aad.brokerKey(1, 'live'))).toThrow();
    expect(() =>
      createCipher('1f'.repeat(32)).decrypt(sealed, aad.brokerKey(1, 'paper')),
    ).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => cipher.decrypt(tampered, aad.brokerKey(1, 'paper'))).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => createCipher('abcd')).toThrow('32 bytes');
  });

  it('names its key in what it seals, and reads the previous key during a rotation', () => {
    const next = createCipher('2f'.repeat(32), '0f'.repeat(32));
    const old = cipher.encrypt('PKSECRET', aad.brokerKey(1, 'paper'));
    expect(old.startsWith(`v2.${encryptionKeyId('0f'.repeat(32))}.`)).toBe(true);
    expect(next.keyId).toBe(encryptionKeyId('2f'.repeat(32)));
    expect(next.keyId).not.toBe(cipher.keyId);
    expect(next.decrypt(old, aad.brokerKey(1, 'paper'))).toBe('PKSECRET');
    expect(next.isCurrent(old)).toBe(false);
    const fresh = next.encrypt('PKSECRET', aad.brokerKey(1, 'paper'));
    expect(next.isCurrent(fresh)).toBe(true);
    expect(() => cipher.decrypt(fresh, aad.brokerKey(1, 'paper'))).toThrow(
      `Sealed under encryption key ${next.keyId}, which is neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS`,
    );
  });

  it('reads the v1 format, which names no key, with either key', () => {
    const v1 = (sealed: string) => `v1.${sealed.split('.').slice(2).join('.')}`;
    const next = createCipher('2f'.repeat(32), '0f'.repeat(32));
    const underOld = v1(cipher.encrypt('old', aad.totp('ann')));
    const underNew = v1(next.encrypt('new', aad.totp('ann')));
    expect(next.decrypt(underOld, aad.totp('ann'))).toBe('old');
    expect(next.decrypt(underNew, aad.totp('ann'))).toBe('new');
    expect(next.isCurrent(underNew)).toBe(false);
    expect(() => cipher.decrypt(underNew, aad.totp('ann'))).toThrow();
  });
});

describe('TOTP (RFC 6238 test vector, SHA-1)', () => {
  // RFC 6238 appendix B: key "12345678901234567890" (base32 GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ),
  // T = 59 s -> 94287082 (8 digits); 6 digits are the last six: 287082.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('matches the published value', () => {
    expect(totpCode(secret, 1)).toBe('287082');
    expect(totpCode(secret, Math.floor(1111111109 / 30))).toBe('081804');
  });

  it('accepts one step either side and says which', () => {
    const now = 1111111109 * 1000;
    const step = Math.floor(1111111109 / 30);
    expect(matchTotpStep(secret, totpCode(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, step + 2), now)).toBeNull();
  });

  it('builds an otpauth URI an authenticator understands', () => {
    const uri = new URL(totpUri(secret, 'alice'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('digits')).toBe('6');
  });
});

describe('tokens and passwords', () => {
  it('makes 32-character random tokens and stores only a SHA-256 hex', () => {
    const token = generateToken();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(generateToken()).not.toBe(token);
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});

describe('masks', () => {
  it('stars all but the last 4 characters, or all of 4 or fewer', () => {
    expect(maskSecret('PKABCDEFGH1234')).toBe('**********1234');
    expect(maskSecret('abcd')).toBe('****');
    expect(maskSecret('ab')).toBe('**');
  });
});

describe('login slow-down', () => {
  it('is free for a few typos, then doubles up to its cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(loginDelayMs);
    expect(delays).toEqual([0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 8000, LOGIN_DELAY.maxMs]);
  });
});
