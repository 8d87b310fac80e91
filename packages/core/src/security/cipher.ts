import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (broker keys, TOTP secrets, alert secrets, tokens of undelivered
 * mail). The additional data binds a ciphertext to its owner and purpose (e.g. "user:7:paper:key"),
 * so a value copied into another user's row or another field fails to decrypt.
 * Format: v2.<key id>.<iv b64url>.<tag b64url>.<ciphertext b64url>. The key id names the key that
 * sealed the value, so a key rotation can tell which rows are left (security/key-rotation.ts).
 * Values sealed before key ids existed read v1.<iv>.<tag>.<ciphertext> and are tried with each key.
 */
export interface Cipher {
  encrypt(plaintext: string, additionalData: string): string;
  /** Opens a value sealed under the current key or, during a rotation, the previous one. */
  decrypt(payload: string, additionalData: string): string;
  /** Whether a value is sealed under the current key (false: another key, or the v1 format). */
  isCurrent(payload: string): boolean;
  /** The current key's id, as written after `v2.` in what it seals. */
  readonly keyId: string;
}

interface Key {
  id: string;
  bytes: Buffer;
}

/**
 * A key's id: 8 hex characters of a hash of the key. It tells keys apart in stored values and
 * messages; 32 bits of a hash reveal nothing usable about a random 256-bit key.
 */
export function encryptionKeyId(hexKey: string): string {
  return createHash('sha256')
    .update('tradebot encryption key id\0')
    .update(Buffer.from(hexKey, 'hex'))
    .digest('hex')
    .slice(0, 8);
}

function keyFrom(hexKey: string): Key {
  const bytes = Buffer.from(hexKey, 'hex');
  if (bytes.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  return { id: encryptionKeyId(hexKey), bytes };
}

function seal(key: Key, plaintext: string, additionalData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(additionalData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return `v2.${key.id}.${parts.join('.')}`;
}

function open(key: Key, parts: string[], additionalData: string): string {
  const [iv, tag, body] = parts;
  if (!iv || !tag || body === undefined || parts.length !== 3)
    throw new Error('Unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(additionalData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * Seals with `hexKey`; opens with it or with `previousHexKey` (ENCRYPTION_KEY_PREVIOUS), which
 * keeps every stored secret readable while a rotation re-encrypts them.
 */
export function createCipher(hexKey: string, previousHexKey?: string): Cipher {
  const current = keyFrom(hexKey);
  const keys = [current, ...(previousHexKey ? [keyFrom(previousHexKey)] : [])];
  return {
    keyId: current.id,
    encrypt: (plaintext, additionalData) => seal(current, plaintext, additionalData),
    decrypt(payload, additionalData) {
      const [version, ...rest] = payload.split('.');
      if (version === 'v2') {
        const [id, ...parts] = rest;
        const key = keys.find((candidate) => candidate.id === id);
        if (!key)
          throw new Error(
            `Sealed under encryption key ${id}, which is neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS`,
          );
        return open(key, parts, additionalData);
      }
      if (version !== 'v1') throw new Error('Unknown ciphertext format');
      // v1 names no key: GCM's tag refuses a wrong one, so each is tried in turn.
      for (const key of keys.slice(0, -1)) {
        try {
          return open(key, rest, additionalData);
        } catch {
          // The next key is tried.
        }
      }
      return open(keys.at(-1) as Key, rest, additionalData);
    },
    isCurrent: (payload) => payload.startsWith(`v2.${current.id}.`),
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
