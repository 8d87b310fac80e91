import { z } from 'zod';
import { zId } from './common.schema.js';
import { ZPaidPlan } from './subscription.schema.js';

export const ZUserId = zId('Unknown user id.');

export const ZAdminUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  phone_number: z.string().nullable(),
  is_verified: z.boolean(),
  /** Never the secret itself: a fixed marker when 2FA is on, null when off. */
  totp_secret: z.string().nullable(),
  is_admin: z.boolean(),
  is_2fa_exempt: z.boolean(),
  plan: z.enum(['trial', 'basic', 'premium']).nullable(),
  subscription_status: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersOutput = z.array(ZAdminUser);

/** An admin-generated secret is 16 characters of A-Z and 2-7. */
export const ZAdminTotpSecret = z
  .string()
  .regex(/^[A-Z2-7]{16}$/, 'A 2FA secret is 16 characters from A-Z and 2-7.');

export const ZAdminUpdateUserBody = z.union(
  [
    z.object({ totp_secret: ZAdminTotpSecret.nullable() }).strict(),
    z.object({ is_admin: z.boolean() }).strict(),
  ],
  'Send either totp_secret (string or null) or is_admin (boolean).',
);
export type TAdminUpdateUserBody = z.infer<typeof ZAdminUpdateUserBody>;

export const ZAdminUpdateUserInput = z.object({ id: ZUserId, patch: ZAdminUpdateUserBody });
export const ZAdminDeleteUserInput = z.object({ id: ZUserId });
/** An action on one user that needs nothing but the id (mark the email verified). */
export const ZAdminUserIdInput = z.object({ id: ZUserId });
export const ZAdminGrantPlanInput = z.object({ id: ZUserId, plan: ZPaidPlan });
export const ZAdminMailOutput = z.array(
  z.object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    status: z.string(),
    created_at: z.string(),
  }),
);

/** POST /api/admin/demo-clock/advance: skip the deployment's demo market ahead (market hours). */
export const ZAdvanceDemoClockInput = z.object({
  hours: z
    .number()
    .positive()
    .max(24 * 60),
});
export const ZAdvanceDemoClockOutput = z.object({
  message: z.string(),
  /** The demo market's time after the skip (ISO). */
  market_time: z.string(),
});
export type TAdvanceDemoClockOutput = z.infer<typeof ZAdvanceDemoClockOutput>;
