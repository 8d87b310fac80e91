import { findEncryptedCredential, type Db } from '@tradebot/db';
import { aad, type Cipher } from '../security/cipher.js';

export interface AlpacaKeys {
  keyId: string;
  secret: string;
}

/**
 * The user's saved Alpaca keys of `mode`, decrypted for one call, or null when none are saved.
 * Callers pass them straight to the adapter and never log, store or return them.
 */
export async function loadAlpacaKeys(
  db: Db,
  cipher: Cipher,
  userId: number,
  mode: 'paper' | 'live',
): Promise<AlpacaKeys | null> {
  const saved = await findEncryptedCredential(db, userId, mode);
  if (!saved) return null;
  return {
    keyId: cipher.decrypt(saved.keyEnc, aad.brokerKey(userId, mode)),
    secret: cipher.decrypt(saved.secretEnc, aad.brokerSecret(userId, mode)),
  };
}
