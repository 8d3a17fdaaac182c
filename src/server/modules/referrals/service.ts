import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userReferrals, users, userTracking } from '../../db/schema/users';

/**
 * Makes the user a referral of the owner of `inviteHash`. Only the first accepted hash counts.
 * Refused (false, nothing stored): an unknown hash, the user's own hash, or a user who already
 * has a referrer.
 */
export async function becomeReferral(db: Database, userId: number, inviteHash: string, now: Date): Promise<boolean> {
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.inviteHash, inviteHash));
  if (referrer === undefined || referrer.id === userId) return false;
  const inserted = await db
    .insert(userReferrals)
    .values({ userId, referrerId: referrer.id, inviteHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: userReferrals.userId });
  return inserted.length === 1;
}

/** Records the campaign a user arrived through; only the first hash counts (false afterwards). */
export async function trackUser(db: Database, userId: number, trackingHash: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(userTracking)
    .values({ userId, trackingHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: userTracking.userId });
  return inserted.length === 1;
}
