import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pProfiles } from '../../db/schema/p2p-profile';

/**
 * Whether the user is a verified merchant now: the badge on their offers and profile, the
 * "verified only" filter and the 10 open orders per offer (P2P.md "Verified merchant"). The
 * profile's flag is set and cleared only with the merchant row's status (status.ts).
 */
export async function isVerifiedMerchant(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ verified: p2pProfiles.isVerifiedMerchant })
    .from(p2pProfiles)
    .where(eq(p2pProfiles.userId, userId));
  return row?.verified === true;
}
