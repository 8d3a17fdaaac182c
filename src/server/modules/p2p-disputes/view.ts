import { eq } from 'drizzle-orm';
import type { OrderDispute, OrderSide } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pDisputes } from '../../db/schema/p2p-disputes';
import { statementFilesOf } from './files';

// Reads only (no lifecycle imports), so the order view (p2p-orders/view.ts) can show the dispute.

type DisputeRow = typeof p2pDisputes.$inferSelect;

const otherSide = (side: OrderSide): OrderSide => (side === 'buyer' ? 'seller' : 'buyer');

/**
 * An order's dispute as `viewer` sees it: a party sees both messages but only their own files
 * (the other side's as a count); support sees every file. Null when none was opened.
 */
export async function disputeViewOf(
  db: Database,
  orderId: number,
  viewer: OrderSide | 'support',
): Promise<OrderDispute | null> {
  const [row] = await db.select().from(p2pDisputes).where(eq(p2pDisputes.orderId, orderId));
  if (row === undefined) return null;
  const files = await statementFilesOf(db, orderId);
  const statementOf = (side: OrderSide, message: string, at: Date) => {
    const sideFiles = files.get(side) ?? [];
    return {
      side,
      message,
      files: viewer === 'support' || viewer === side ? sideFiles : [],
      file_count: sideFiles.length,
      at: at.toISOString(),
    };
  };
  return {
    reason: row.reason,
    opened_by: row.openedBy,
    opening: statementOf(row.openedBy, row.openingMessage, row.openedAt),
    response:
      row.responseMessage === null || row.respondedAt === null
        ? null
        : statementOf(otherSide(row.openedBy), row.responseMessage, row.respondedAt),
    response_due_at: row.responseDueAt.toISOString(),
    support_due_at: row.supportDueAt.toISOString(),
    resolution: resolutionOf(row),
  };
}

function resolutionOf(row: DisputeRow): OrderDispute['resolution'] {
  if (row.outcome === null || row.note === null || row.resolvedAt === null) return null;
  return { outcome: row.outcome, note: row.note, at_fault: row.atFault, at: row.resolvedAt.toISOString() };
}
