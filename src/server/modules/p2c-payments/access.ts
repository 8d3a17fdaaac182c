import { eq } from 'drizzle-orm';
import { isPermitted } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema/users';
import { hasLevel } from '../verification/state';

/**
 * `can_create_p2c_order` (docs/p2c.md "Who may pay"): not blocked (lock, ban or a soft ban in
 * force), not refused by a stored permission, and the `p2c-client` verification level completed.
 */
export async function canCreateP2cOrder(db: Database, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      permissions: userSettings.permissions,
      lock: userSettings.complianceLock,
      ban: userSettings.complianceBan,
      softBanUntil: userSettings.softBanUntil,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  if (row === undefined || row.lock || row.ban || (row.softBanUntil !== null && row.softBanUntil > now)) return false;
  if (!isPermitted(row.permissions, 'can_create_p2c_order')) return false;
  return hasLevel(db, userId, 'p2c-client');
}
