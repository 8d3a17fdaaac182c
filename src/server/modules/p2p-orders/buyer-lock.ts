import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pOrders } from '../../db/schema/p2p-orders';
import { accountKey, lockAccounts } from '../../ledger/accounts';

// Crypto bought on P2P by a buyer with neither passport nor address verification stays locked for
// `unlock_duration` (P2P.md): it sits in their available balance, but withdrawals, a sell offer's
// reservation and selling on P2P count only what is not locked, and the balance shows the locked
// part as held. Nothing moves when the lock ends, so no worker is needed: the lock is the order's
// `buyer_locked_until` compared with now.

/** Per asset, what the user bought on P2P that is still locked at `now`. */
export async function lockedPurchases(db: Database, userId: number, now: Date): Promise<Map<string, bigint>> {
  const rows = await db
    .select({
      asset: p2pOrders.assetCode,
      // What the buyer received: the amount, less the maker's fee on a buy offer.
      locked: sql<string>`sum(case when ${p2pOrders.offerType} = 'sell' then ${p2pOrders.amount}
        else ${p2pOrders.amount} - ${p2pOrders.fee} end)::text`,
    })
    .from(p2pOrders)
    .where(
      and(
        or(
          and(eq(p2pOrders.offerType, 'sell'), eq(p2pOrders.takerId, userId)),
          and(eq(p2pOrders.offerType, 'buy'), eq(p2pOrders.makerId, userId)),
        ),
        gt(p2pOrders.buyerLockedUntil, now),
      ),
    )
    .groupBy(p2pOrders.assetCode);
  return new Map(rows.map((row) => [row.asset, BigInt(row.locked)]));
}

/**
 * The available balance less what is locked, never below zero: what the user may send or sell now.
 * Inside the spending transaction: it locks the user's two accounts of the asset in the ledger's
 * order (as the hold that follows does), so two spends at once cannot both count the same coins.
 */
export async function spendableBalance(tx: Database, userId: number, asset: string, now: Date): Promise<bigint> {
  const accounts = await lockAccounts(tx, asset, [
    { userId, kind: 'available' },
    { userId, kind: 'held' },
  ]);
  const available = accounts.get(accountKey({ userId, kind: 'available' }))?.balance ?? 0n;
  const locked = (await lockedPurchases(tx, userId, now)).get(asset) ?? 0n;
  return available > locked ? available - locked : 0n;
}
