/** RFC 4648 base32 alphabet: the letters A-Z and digits 2-7. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_SECRET_LENGTH = 16;

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/**
 * A new 16-character 2FA secret for the admin "Enable 2FA" action. 256 is a multiple of 32, so
 * taking each random byte modulo 32 picks every symbol with equal probability.
 */
export function generateTotpSecret(
  fill: RandomFill = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = fill(new Uint8Array(TOTP_SECRET_LENGTH));
  return Array.from(bytes, (byte) => BASE32[byte % 32]).join('');
}
