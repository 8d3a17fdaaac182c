import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema/users';
import { verificationErrors } from './errors';
import { hasLevel } from './state';

/**
 * With the person's feature flag `show_withdraw_basic_verification` on, a withdrawal needs the
 * `withdraw` level: 403 verification_required { level: 'withdraw' } otherwise. Flag off: no gate.
 */
export async function assertMayWithdraw(db: Database, userId: number): Promise<void> {
  const [row] = await db
    .select({ featureFlags: userSettings.featureFlags })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  if (row?.featureFlags.show_withdraw_basic_verification !== true) return;
  if (!(await hasLevel(db, userId, 'withdraw'))) throw verificationErrors.verificationRequired('withdraw');
}
