import { generateHOTP, createTOTPKeyURI } from '@oslojs/otp';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import QRCode from 'qrcode';

/** RFC 6238 TOTP: SHA-1, 30 s steps, 6 digits. Secrets are kept as base32 text (authenticator form). */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const ISSUER = 'Tradebot';

export function generateTotpSecret(): string {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return encodeBase32UpperCaseNoPadding(key);
}

export function totpUri(secretBase32: string, username: string): string {
  return createTOTPKeyURI(
    ISSUER,
    username,
    decodeBase32IgnorePadding(secretBase32),
    TOTP_PERIOD_SECONDS,
    DIGITS,
  );
}

/** The QR code image (PNG data URL) and the otpauth:// URI it encodes. */
export async function totpQrCode(secretBase32: string, username: string) {
  const uri = totpUri(secretBase32, username);
  return { totp_qr_code: await QRCode.toDataURL(uri), totp_uri: uri };
}

export function totpCode(secretBase32: string, step: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secretBase32), BigInt(step), DIGITS);
}

/**
 * The time step a code matches within ±1 step of `nowMs`, or null. The caller records the
 * step so each step is accepted once per user (replay protection).
 */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number): number | null {
  const current = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
  const encoder = new TextEncoder();
  for (const step of [current - 1, current, current + 1]) {
    if (constantTimeEqual(encoder.encode(totpCode(secretBase32, step)), encoder.encode(code)))
      return step;
  }
  return null;
}
