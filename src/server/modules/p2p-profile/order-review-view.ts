import { eq } from 'drizzle-orm';
import type { Order } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pReviews } from '../../db/schema/p2p-profile';

/** The order's reviews as the viewer sees them: their own and the other party's (`Order['reviews']`). */
export async function orderReviewsOf(db: Database, orderId: number, viewerId: number): Promise<Order['reviews']> {
  const rows = await db
    .select({ author: p2pReviews.authorUserId, type: p2pReviews.type, comment: p2pReviews.comment })
    .from(p2pReviews)
    .where(eq(p2pReviews.orderId, orderId));
  const view = (row: (typeof rows)[number] | undefined) =>
    row === undefined ? null : { type: row.type, comment: row.comment };
  return {
    mine: view(rows.find((row) => row.author === viewerId)),
    theirs: view(rows.find((row) => row.author !== viewerId)),
  };
}
