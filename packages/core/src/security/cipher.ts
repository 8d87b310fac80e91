import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (broker keys, TOTP secrets, tokens of undelivered mail). The additional data binds a
 * ciphertext to its owner and purpose (e.g. "user:7:paper:key"), so a value copied into
 * another user's row or another field fails to decrypt.
 * Format: v1.<iv b64url>.<tag b64url>.<ciphertext b64url>
 */
export interface Cipher {
  encrypt(plaintext: string, additionalData: string): string;
  decrypt(payload: string, additionalData: string): string;
}

export function createCipher(hexKey: string): Cipher {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  return {
    encrypt(plaintext, additionalData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(additionalData, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    decrypt(payload, additionalData) {
      const [version, iv, tag, body] = payload.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Unknown ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(additionalData, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

export const aad = {
  /** Bound to the username: it is fixed for life and known before the user row exists. */
  totp: (username: string) => `user:${username.toLowerCase()}:totp`,
  brokerKey: (userId: number, env: 'paper' | 'live') => `user:${userId}:${env}:key`,
  brokerSecret: (userId: number, env: 'paper' | 'live') => `user:${userId}:${env}:secret`,
  /** Bound to the outbox row's Message-ID, which is fixed before the row is written. */
  mailSecrets: (messageId: string) => `mail:${messageId}:secrets`,
  alertTelegramToken: (userId: number) => `user:${userId}:alerts:telegram-token`,
  alertWebhookUrl: (userId: number) => `user:${userId}:alerts:webhook-url`,
};
