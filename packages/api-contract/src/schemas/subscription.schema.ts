import { z } from 'zod';

export const ZPaidPlan = z.enum(['basic', 'premium'], 'Choose a plan: basic or premium.');
export type TPaidPlan = z.infer<typeof ZPaidPlan>;

export const ZSubscribeInput = z.object({ plan: ZPaidPlan });
export const ZSubscribeOutput = z.object({
  message: z.string(),
  plan: z.enum(['trial', 'basic', 'premium']),
  status: z.enum(['trialing', 'active', 'pending_payment', 'canceled', 'expired']),
});
export type TSubscribeOutput = z.infer<typeof ZSubscribeOutput>;
