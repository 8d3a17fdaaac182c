import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pOffers } from '../../db/schema/p2p-offers';
import type { p2pOrders } from '../../db/schema/p2p-orders';
import { hold, InsufficientFundsError, release, releaseHeldWithFee } from '../../ledger/ledger';
import { marketRules } from '../p2p-market/market-rules';
import { marketAssetFacts } from '../p2p-offers/market';
import { makerFee, reservationOf } from '../p2p-offers/money';
import { marketTransactionType } from '../p2p-offers/reservation';
import type { OfferRow } from '../p2p-offers/view';
import { identityChecksOf } from '../verification/state';
import { orderErrors } from './errors';
import { buyerOf, type OrderRow, sellerOf } from './parties';

// An order's money (P2P.md "Money: reservation, escrow, fee"). The escrow is the seller's `held`
// balance, tracked by the order's `escrow` column the way an offer's `reserved` tracks its
// reservation: both change only in the transaction that moves the matching money, so for every
// seller `held` = Σ active sell offers' `reserved` + Σ open orders' `escrow` (+ their withdrawals
// on the way and a merchant deposit). Callers hold the row locks: the offer's for creation, the
// order's (and then its offer's) for release and return.

/** The fee on a sell offer's order: what its reservation set aside for this part of the volume. */
export function sellOrderFee(remainingVolume: bigint, amount: bigint, feePercent: string): bigint {
  return makerFee(remainingVolume, feePercent) - makerFee(remainingVolume - amount, feePercent);
}

export interface OrderMoney {
  readonly amount: bigint;
  readonly fee: bigint;
  /** What the escrow holds: amount + fee on a sell offer, amount on a buy offer. */
  readonly escrow: bigint;
}

/**
 * The order's fee and escrow. On a sell offer the fee is the reservation's fee on the remaining
 * volume less its fee on what stays: the fees of all orders on an offer add up exactly to the fee
 * reserved when it went online (each is the rate on its amount, rounded up or down by at most
 * one smallest unit). On a buy offer the fee is the rate on the amount rounded up, taken from
 * what the buyer (the maker) receives.
 */
export function orderMoneyOf(offer: OfferRow, amount: bigint, feePercent: string): OrderMoney {
  if (offer.type === 'sell') {
    const fee = sellOrderFee(BigInt(offer.remainingVolume), amount, feePercent);
    return { amount, fee, escrow: amount + fee };
  }
  return { amount, fee: makerFee(amount, feePercent), escrow: amount };
}

/** The offer's reservation brought to exactly remaining volume + fee (after the fee rate changed), within the transaction. */
async function settleReservation(tx: Database, offer: OfferRow, reserved: bigint, target: bigint): Promise<void> {
  const posting: Omit<Parameters<typeof hold>[1], 'amount'> = {
    operationId: offer.reservationOperationId,
    type: marketTransactionType,
    userId: offer.userId,
    asset: offer.assetCode,
  };
  if (reserved > target) await release(tx, { ...posting, amount: reserved - target });
  if (reserved < target) await hold(tx, { ...posting, amount: target - reserved });
}

/**
 * Creation's money, under the offer's row lock: a sell offer's escrow moves from its reservation
 * (`reserved` and `remaining_volume` fall; the money stays in the maker's `held`, so no journal is
 * posted unless the fee rate changed since it went online); a buy offer's escrow is held from the
 * taker's available balance under the order's operation (InsufficientFundsError → 409
 * `insufficient_funds`). Either way the offer's remaining volume falls by the amount.
 */
export async function escrowOnCreate(
  tx: Database,
  offer: OfferRow,
  order: Pick<OrderRow, 'takerId' | 'escrowOperationId'>,
  money: OrderMoney,
  feePercent: string,
  now: Date,
): Promise<void> {
  const remaining = BigInt(offer.remainingVolume) - money.amount;
  if (remaining < 0n) throw new Error('An order cannot take more than the offer has left');
  let reserved = BigInt(offer.reserved);
  if (offer.type === 'sell') {
    const target = reservationOf(remaining, feePercent);
    const left = reserved - money.escrow;
    try {
      await settleReservation(tx, offer, left, target);
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw orderErrors.insufficientFunds();
      throw error;
    }
    reserved = target;
  } else {
    try {
      await hold(tx, {
        operationId: order.escrowOperationId,
        type: marketTransactionType,
        userId: order.takerId,
        asset: offer.assetCode,
        amount: money.escrow,
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw orderErrors.insufficientFunds();
      throw error;
    }
  }
  await tx
    .update(p2pOffers)
    .set({ remainingVolume: remaining.toString(), reserved: reserved.toString(), updatedAt: now })
    .where(eq(p2pOffers.id, offer.id));
}

/** Columns a release or return sets; write them in the same UPDATE as the order's new status (a check ties the two). */
export type EscrowPatch = Partial<Pick<typeof p2pOrders.$inferInsert, 'escrow' | 'buyerLockedUntil'>>;

/** When crypto bought now frees: `unlock_duration` later for a buyer with neither passport nor address verification. */
async function buyerLockUntil(tx: Database, buyerId: number, now: Date): Promise<Date | null> {
  const checks = await identityChecksOf(tx, buyerId);
  if (checks.passport || checks.address) return null;
  return new Date(now.getTime() + marketRules.unlock_duration_hours * 60 * 60 * 1000);
}

/**
 * Release (the settlement, or support deciding for the buyer), under the order's row lock: the
 * escrow leaves the seller's held balance, the buyer's available balance receives it less the fee,
 * the fees account the fee; an unverified buyer's purchase is locked for `unlock_duration`.
 * Idempotent: an order whose escrow is already gone moves nothing and patches nothing.
 */
export async function releaseEscrow(tx: Database, order: OrderRow, now: Date): Promise<EscrowPatch> {
  const escrow = BigInt(order.escrow);
  if (escrow === 0n) return {};
  const buyerId = buyerOf(order);
  await releaseHeldWithFee(tx, {
    operationId: order.escrowOperationId,
    type: marketTransactionType,
    fromUserId: sellerOf(order),
    toUserId: buyerId,
    asset: order.assetCode,
    amount: escrow,
    fee: BigInt(order.fee),
  });
  return { escrow: '0', buyerLockedUntil: await buyerLockUntil(tx, buyerId, now) };
}

/**
 * Whether a returned escrow can go back into its sell offer's reservation: the offer is online,
 * its asset still trades, and its volume has room for the amount again.
 */
async function reservationTakesBack(tx: Database, offer: OfferRow | undefined, amount: bigint) {
  if (offer === undefined || offer.type !== 'sell' || offer.status !== 'active') return null;
  if (BigInt(offer.remainingVolume) + amount > BigInt(offer.volume)) return null;
  return marketAssetFacts(tx, offer.assetCode);
}

/** Puts the returned amount back into a sell offer's reservation, or answers false when the seller must get it instead. */
async function returnToReservation(tx: Database, order: OrderRow, offer: OfferRow | undefined, now: Date) {
  const amount = BigInt(order.amount);
  const facts = await reservationTakesBack(tx, offer, amount);
  if (offer === undefined || facts === null) return false;
  const remaining = BigInt(offer.remainingVolume) + amount;
  const target = reservationOf(remaining, facts.feePercent);
  try {
    await settleReservation(tx, offer, BigInt(offer.reserved) + BigInt(order.escrow), target);
  } catch (error) {
    // The fee rate rose and the maker's balance cannot cover the difference: the seller gets it all back.
    if (error instanceof InsufficientFundsError) return false;
    throw error;
  }
  await tx
    .update(p2pOffers)
    .set({ remainingVolume: remaining.toString(), reserved: target.toString(), updatedAt: now })
    .where(eq(p2pOffers.id, offer.id));
  return true;
}

/**
 * Return (a cancel, or support deciding for the seller), under the order's row lock: a sell
 * offer's escrow goes back into the offer's reservation when the offer is online with room for it,
 * else to the seller's available balance; a buy offer's escrow back to the taker's available
 * balance. The offer gets the amount back into its remaining volume when it has room (a deleted
 * offer gets nothing). Idempotent like the release.
 */
export async function returnEscrow(tx: Database, order: OrderRow, now: Date): Promise<EscrowPatch> {
  const escrow = BigInt(order.escrow);
  if (escrow === 0n) return {};
  const [offer] = await tx.select().from(p2pOffers).where(eq(p2pOffers.id, order.offerId)).for('update');
  if (await returnToReservation(tx, order, offer, now)) return { escrow: '0' };
  await release(tx, {
    operationId: order.escrowOperationId,
    type: marketTransactionType,
    userId: sellerOf(order),
    asset: order.assetCode,
    amount: escrow,
  });
  // An offline offer (or a buy offer) gets its volume back for when it is online again; an online
  // sell offer only with its reservation, which returnToReservation refused.
  const amount = BigInt(order.amount);
  const volumeBack =
    offer !== undefined &&
    !(offer.type === 'sell' && offer.status === 'active') &&
    BigInt(offer.remainingVolume) + amount <= BigInt(offer.volume);
  if (volumeBack) {
    await tx
      .update(p2pOffers)
      .set({ remainingVolume: (BigInt(offer.remainingVolume) + amount).toString(), updatedAt: now })
      .where(eq(p2pOffers.id, offer.id));
  }
  return { escrow: '0' };
}
