import type { Db } from '../client.js';

/** A user's subscription: plan, status and period. */

export function findSubscription(db: Db, userId: number) {
  return db.subscription.findUnique({
    where: { userId },
    select: { plan: true, status: true, trialEndsAt: true, currentPeriodEnd: true },
  });
}

export async function setSubscription(
  db: Db,
  userId: number,
  value: {
    plan: 'trial' | 'basic' | 'premium';
    status: 'trialing' | 'active' | 'pending_payment' | 'canceled' | 'expired';
    currentPeriodEnd: Date | null;
    grantedById: number | null;
  },
) {
  await db.subscription.upsert({
    where: { userId },
    create: { userId, ...value },
    update: value,
    select: { id: true },
  });
}
