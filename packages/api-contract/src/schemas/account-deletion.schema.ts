import { z } from 'zod';

/**
 * POST /api/account/delete: the user types their username to confirm, their password, and the
 * code of their authenticator app when 2FA is on (empty or absent otherwise).
 */
export const ZDeleteAccountInput = z.object({
  confirm_username: z.string().trim().min(1, 'Type your username to confirm.').max(64),
  password: z.string().min(1, 'Enter your password.').max(256),
  totp_code: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'Enter the 6-digit code from your authenticator app.')
    .transform((code) => (code === '' ? undefined : code))
    .optional(),
});
export type TDeleteAccountInput = z.infer<typeof ZDeleteAccountInput>;

export const ZDeleteAccountOutput = z.object({
  message: z.string(),
  /** The bot's orders cancelled at the broker, and how many could not be (positions stay). */
  canceled_orders: z.number().int().nonnegative(),
  failed_cancels: z.number().int().nonnegative(),
});
export type TDeleteAccountOutput = z.infer<typeof ZDeleteAccountOutput>;
