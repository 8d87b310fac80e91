import { z } from 'zod';
import { server } from '../messages.js';
import { ZBotStatus } from './bot.schema.js';

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const ZUsername = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Username must be at least 3 characters.')
  .max(32, 'Username must be at most 32 characters.')
  .regex(
    /^[A-Za-z0-9_.-]+$/,
    'Username may contain letters, digits, dots, dashes and underscores.',
  );

export const ZPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(256, 'Password must be at most 256 characters.');

export const ZSignupInput = z.object({
  username: ZUsername,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address.'))
    .pipe(z.string().max(254)),
  password: ZPassword,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Select a country.'),
  phone_number: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{4,24}$/, 'Enter a valid phone number.'),
  tos_accepted: z.literal(true, server.tosRequired),
});
export type TSignupInput = z.infer<typeof ZSignupInput>;

/** totp_uri is the QR code's otpauth:// text, for users who type the key instead of scanning. */
export const ZSignupOutput = z.object({
  message: z.string(),
  totp_qr_code: z.string(),
  totp_uri: z.string(),
});
export type TSignupOutput = z.infer<typeof ZSignupOutput>;

export const ZLoginInput = z.object({
  username: trimmed(64).toLowerCase(),
  password: z.string().min(1).max(256),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZLoginOutput = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  requires_2fa: z.boolean(),
  is_onboarded: z.boolean(),
  needs_2fa_setup: z.boolean(),
  /** Temporary token for /api/enable-2fa, present when needs_2fa_setup is true. */
  setup_token: z.string().optional(),
});
export type TLoginOutput = z.infer<typeof ZLoginOutput>;

export const ZVerify2faInput = z.object({
  totp_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type TVerify2faInput = z.infer<typeof ZVerify2faInput>;

export const ZTokenOutput = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  is_onboarded: z.boolean(),
});
export type TTokenOutput = z.infer<typeof ZTokenOutput>;

export const ZEnable2faInput = z.object({ username: trimmed(64).toLowerCase() });
export const ZEnable2faOutput = ZSignupOutput;
export type TEnable2faOutput = z.infer<typeof ZEnable2faOutput>;

export const ZStatusOutput = z.object({
  status: z.literal('ok'),
  user: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    is_admin: z.boolean(),
    is_onboarded: z.boolean(),
    is_verified: z.boolean(),
    has_2fa: z.boolean(),
  }),
  environment: z.enum(['paper', 'live']),
  bot_status: z.enum(['running', 'stopped']),
  /** The bot's status fields (the same as GET /api/bot/status). */
  bot: ZBotStatus,
  /** plan and status are null for an account without any subscription (no trial either). */
  subscription: z.object({
    plan: z.enum(['trial', 'basic', 'premium']).nullable(),
    status: z.enum(['trialing', 'active', 'pending_payment', 'canceled', 'expired']).nullable(),
    trial_ends_at: z.string().nullable(),
    live_allowed: z.boolean(),
  }),
});
export type TStatusOutput = z.infer<typeof ZStatusOutput>;

export const ZOnboardingOutput = z.object({ is_onboarded: z.boolean() });
export const ZMessageOutput = z.object({ message: z.string() });
export type TMessageOutput = z.infer<typeof ZMessageOutput>;

export const ZForgotPasswordInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')),
});
export const ZResetPasswordInput = z.object({ token: trimmed(200), new_password: ZPassword });
export const ZVerifyEmailInput = z.object({ token: trimmed(200) });

/** The current password is checked, not validated: an old account may predate today's rules. */
export const ZChangePasswordInput = z.object({
  current_password: z.string().min(1).max(256),
  new_password: ZPassword,
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;
/** A fresh session for this device; every other session of the user has ended. */
export const ZChangePasswordOutput = z.object({ message: z.string(), access_token: z.string() });
export type TChangePasswordOutput = z.infer<typeof ZChangePasswordOutput>;
