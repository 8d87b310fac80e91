import { ZSignupInput } from '@tradebot/api-contract';
import { registerUser, type ServiceDeps } from '@tradebot/core';
import { findLoginByUsername, setAdmin } from '@tradebot/db';

/** Sign-up's rules, except that an operator need not invent a phone number. */
const ZCreateAdminInput = ZSignupInput.extend({
  phone_number: ZSignupInput.shape.phone_number.optional(),
});

export interface CreateAdminArgs {
  username?: string;
  email?: string;
  password?: string;
  country?: string;
  phone?: string;
}

export type CreateAdminResult =
  | { kind: 'promoted'; username: string }
  | { kind: 'created'; username: string; userId: number; totpSecret: string };

/**
 * Promotes an existing user, or registers a new admin through core's registration (same 2FA)
 * but without a trial or a placeholder phone: an operator account is not a trading customer.
 * Throws ZodError for bad input and AppError for a taken name or address.
 */
export async function createAdmin(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'now'>,
  args: CreateAdminArgs,
): Promise<CreateAdminResult> {
  const username = (args.username ?? '').trim().toLowerCase();
  const existing = username ? await findLoginByUsername(deps.db, username) : null;
  if (existing) {
    await setAdmin(deps.db, existing.id, true);
    return { kind: 'promoted', username };
  }
  const input = ZCreateAdminInput.parse({
    username,
    email: args.email,
    password: args.password,
    country: args.country,
    phone_number: args.phone,
    tos_accepted: true,
  });
  const account = { ...input, phone_number: input.phone_number ?? null };
  const { userId, totpSecret } = await registerUser(deps, account, { trial: false });
  await setAdmin(deps.db, userId, true);
  return { kind: 'created', username: input.username, userId, totpSecret };
}
