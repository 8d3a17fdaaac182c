import type { OrderSide } from '../../../contract/p2p-orders';
import type { p2pOrders } from '../../db/schema/p2p-orders';

export type OrderRow = typeof p2pOrders.$inferSelect;

type Parties = Pick<OrderRow, 'offerType' | 'makerId' | 'takerId'>;

/** The seller gives crypto: the maker on a sell offer, the taker on a buy offer (P2P.md "Words"). */
export function sellerOf(order: Parties): number {
  return order.offerType === 'sell' ? order.makerId : order.takerId;
}

export function buyerOf(order: Parties): number {
  return order.offerType === 'sell' ? order.takerId : order.makerId;
}

/** The maker's side of the order. */
export function makerSideOf(order: Pick<OrderRow, 'offerType'>): OrderSide {
  return order.offerType === 'sell' ? 'seller' : 'buyer';
}

/** The user's side, or null when they are not a party (their read is a 404). */
export function sideOf(order: Parties, userId: number): OrderSide | null {
  if (userId === sellerOf(order)) return 'seller';
  if (userId === buyerOf(order)) return 'buyer';
  return null;
}

/** What the buyer receives: the whole amount on a sell offer, the amount less the maker's fee on a buy offer. */
export function buyerReceives(order: Pick<OrderRow, 'offerType' | 'amount' | 'fee'>): bigint {
  const amount = BigInt(order.amount);
  return order.offerType === 'sell' ? amount : amount - BigInt(order.fee);
}

/** Statuses of an order that still runs (its escrow is held). */
export const openOrderStatuses = ['processed', 'accepted', 'pending', 'confirmed', 'disputed'] as const;
