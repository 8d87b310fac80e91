import { describe, expect, it } from 'vitest';
import { createCipher } from '../security/cipher.js';
import {
  fillSecrets,
  openSecrets,
  redactSecrets,
  sealSecrets,
  secretSlot,
} from './mail-secrets.js';
import { messageIdDomain } from './outbox-mailer.js';

const cipher = createCipher('b'.repeat(64));
const template = `Reset: http://localhost:3000/reset-password?token=${secretSlot('token')}\n`;

describe('mail secrets', () => {
  it('fills placeholders for the recipient and redacts them for everyone else', () => {
    expect(fillSecrets(template, { token: 'abc123' })).toBe(
      'Reset: http://localhost:3000/reset-password?token=abc123\n',
    );
    expect(redactSecrets(template)).toBe(
      'Reset: http://localhost:3000/reset-password?token=[redacted]\n',
    );
    expect(() => fillSecrets(template, {})).toThrow('Mail secret "token" is missing');
  });

  it('seals secrets to one Message-ID', () => {
    const sealed = sealSecrets(cipher, '<one@example.test>', { token: 'abc123' });
    expect(sealed).not.toContain('abc123');
    expect(openSecrets(cipher, '<one@example.test>', sealed)).toEqual({ token: 'abc123' });
    expect(() => openSecrets(cipher, '<two@example.test>', sealed)).toThrow();
  });

  it("takes the Message-ID's domain from the sender's address", () => {
    expect(messageIdDomain('Tradebot <no-reply@mail.example.com>', 'fallback')).toBe(
      'mail.example.com',
    );
    expect(messageIdDomain('bot@localhost', 'fallback')).toBe('localhost');
    expect(messageIdDomain('Tradebot', 'app.example.com')).toBe('app.example.com');
  });
});
