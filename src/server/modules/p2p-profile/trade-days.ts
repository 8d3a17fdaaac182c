import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pTradeDays } from '../../db/schema/p2p-profile';

/** How an order ended for one of its two users, as their stats count it. */
export type TradeOutcome =
  | { readonly kind: 'completed'; readonly volumeUsdCents: bigint }
  /** Only a cancel the user caused counts against them; anything else is not recorded. */
  | { readonly kind: 'cancelled_by_user' };

/**
 * Adds an order's end to the user's trade day (UTC) — the seam the next issue's order transitions
 * call once per user and order, inside the transition's transaction. The profile, offer and
 * restriction figures are sums over these rows (summaries.ts).
 */
export async function recordTradeOutcome(
  db: Database,
  userId: number,
  outcome: TradeOutcome,
  now: Date,
): Promise<void> {
  const completed = outcome.kind === 'completed' ? 1 : 0;
  const cancelled = outcome.kind === 'cancelled_by_user' ? 1 : 0;
  const volume = outcome.kind === 'completed' ? outcome.volumeUsdCents : 0n;
  await db
    .insert(p2pTradeDays)
    .values({
      userId,
      day: now.toISOString().slice(0, 10),
      completedOrders: completed,
      cancelledOrders: cancelled,
      volumeUsdCents: volume,
    })
    .onConflictDoUpdate({
      target: [p2pTradeDays.userId, p2pTradeDays.day],
      set: {
        completedOrders: sql`${p2pTradeDays.completedOrders} + ${completed}`,
        cancelledOrders: sql`${p2pTradeDays.cancelledOrders} + ${cancelled}`,
        volumeUsdCents: sql`${p2pTradeDays.volumeUsdCents} + ${volume}`,
      },
    });
}
