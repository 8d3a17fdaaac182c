import type { Database } from '../../db/database';
import { type FeatureFlagPolicy, featureFlagsOf } from '../settings/feature-flags';
import { verificationErrors } from './errors';
import { hasLevel } from './state';

/**
 * With the person's feature flag `show_withdraw_basic_verification` on, a withdrawal needs the
 * `withdraw` level: 403 verification_required { level: 'withdraw' } otherwise. Flag off: no gate.
 */
export async function assertMayWithdraw(db: Database, flags: FeatureFlagPolicy, userId: number): Promise<void> {
  if ((await featureFlagsOf(db, flags, userId)).show_withdraw_basic_verification !== true) return;
  if (!(await hasLevel(db, userId, 'withdraw'))) throw verificationErrors.verificationRequired('withdraw');
}
