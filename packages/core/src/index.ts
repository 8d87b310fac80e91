/** packages/core: the services by domain and the security primitives (docs/architecture.md). */
export * from './config.js';
export type { ServiceDeps } from './deps.js';
export type { RequestMeta, SessionInfo, TemporaryPurpose } from './types.js';
export { createServices, type Services } from './services.js';
export { createCoreRuntime, type CoreRuntime } from './runtime.js';
export { registerUser } from './auth/register-user.js';
export { SESSION_POLICY, type SessionService } from './auth/session.service.js';
export { TOTP_PRESENT } from './admin/admin.service.js';
export { manualBilling, type BillingProvider } from './billing/billing-provider.js';
export { mailDeliveryService } from './mail/mail-delivery.js';
export { outboxMailer, type Mailer, type MailMessage } from './mail/outbox-mailer.js';
export { aad, createCipher, type Cipher } from './security/cipher.js';
export { hashPassword, verifyPassword } from './security/password-hash.js';
export {
  createRateLimiter,
  RATE_LIMITS,
  type RateBucket,
  type RateLimiter,
} from './security/rate-limit.js';
export { generateToken, hashToken } from './security/tokens.js';
export {
  matchTotpStep,
  totpCode,
  totpQrCode,
  totpUri,
  TOTP_PERIOD_SECONDS,
} from './security/totp.js';
