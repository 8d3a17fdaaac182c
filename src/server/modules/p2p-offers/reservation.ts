import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pOfferMethods, p2pOffers } from '../../db/schema/p2p-offers';
import { hold, InsufficientFundsError, inTransaction, release } from '../../ledger/ledger';
import { marketRules } from '../p2p-market/market-rules';
import { spendableBalance } from '../p2p-orders/buyer-lock';
import { identityChecksOf } from '../verification/state';
import { offerErrors } from './errors';
import { isMarketFiat, type MarketAssetFacts, marketAssetFacts } from './market';
import { reservationOf } from './money';
import type { OfferRow } from './view';

// Turning an offer online and offline (P2P.md "Money: reservation"): an active sell offer holds its
// remaining volume plus the maker's fee in the ledger under the offer's reservation operation; the
// row's `reserved` changes in the same transaction as the posting, so the two always agree.

/** The ledger's transaction type of everything the market holds and moves (spec 001 s.4). */
export const marketTransactionType = 'p2p';

/**
 * Locks every offer of the maker, in id order, and answers them. Going online counts the maker's
 * active offers, so two of their offers turning online at once must queue; the same order in every
 * caller keeps two such transactions from deadlocking.
 */
export async function lockMakerOffers(tx: Database, userId: number): Promise<OfferRow[]> {
  return tx.select().from(p2pOffers).where(eq(p2pOffers.userId, userId)).orderBy(asc(p2pOffers.id)).for('update');
}

/**
 * The offer's asset and fiat must still trade (an operator may disable either while it is offline),
 * whatever its type: a buy offer of a pair the market no longer lists must not go online either.
 */
async function assertMayGoOnline(
  tx: Database,
  offer: OfferRow,
  makerOffers: readonly OfferRow[],
): Promise<MarketAssetFacts> {
  const facts = await marketAssetFacts(tx, offer.assetCode);
  if (facts === null) throw offerErrors.invalid('asset', 'This asset no longer trades on the market');
  if (!(await isMarketFiat(tx, offer.fiatCode))) {
    throw offerErrors.invalid('fiat', 'This currency no longer trades on the market');
  }
  const active = makerOffers.filter((candidate) => candidate.status === 'active').length;
  if (active >= marketRules.max_active_offers) throw offerErrors.tooManyActive(marketRules.max_active_offers);
  if (offer.type === 'sell') {
    const checks = await identityChecksOf(tx, offer.userId);
    if (!checks.passport && !checks.address) throw offerErrors.verificationRequired();
  }
  const methods = await tx
    .select({ paymentMethodId: p2pOfferMethods.paymentMethodId })
    .from(p2pOfferMethods)
    .where(eq(p2pOfferMethods.offerId, offer.id));
  const missing = offer.type === 'sell' && methods.some((method) => method.paymentMethodId === null);
  if (methods.length === 0 || missing) throw offerErrors.paymentMethodsMissing();
  return facts;
}

/** Holds what the sell offer needs and answers it; buy offers hold nothing. */
async function reserve(tx: Database, offer: OfferRow, facts: MarketAssetFacts, now: Date): Promise<bigint> {
  if (offer.type !== 'sell') return 0n;
  const amount = reservationOf(BigInt(offer.remainingVolume), facts.feePercent);
  // Crypto bought on P2P that is still locked cannot be sold again yet (P2P.md `unlock_duration`).
  if ((await spendableBalance(tx, offer.userId, offer.assetCode, now)) < amount) throw offerErrors.insufficientFunds();
  try {
    await hold(tx, {
      operationId: offer.reservationOperationId,
      type: marketTransactionType,
      userId: offer.userId,
      asset: offer.assetCode,
      amount,
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw offerErrors.insufficientFunds();
    throw error;
  }
  return amount;
}

/** Releases exactly what the offer's row says is held (inside the caller's transaction). */
export async function releaseReservation(tx: Database, offer: OfferRow): Promise<void> {
  const reserved = BigInt(offer.reserved);
  if (reserved === 0n) return;
  await release(tx, {
    operationId: offer.reservationOperationId,
    type: marketTransactionType,
    userId: offer.userId,
    asset: offer.assetCode,
    amount: reserved,
  });
}

/**
 * PUT /p2p/offers/{id}/active. Idempotent: an offer already in the asked state is left alone, so
 * a repeated or parallel "online" holds once (the second waits for the first's lock, then sees it
 * active).
 */
export async function setOfferActive(
  db: Database,
  userId: number,
  offerId: number,
  active: boolean,
  now: Date,
): Promise<{ result: true }> {
  await inTransaction(db, async (tx) => {
    const makerOffers = await lockMakerOffers(tx, userId);
    const offer = makerOffers.find((candidate) => candidate.id === offerId);
    if (offer === undefined) throw offerErrors.notFound();
    if ((offer.status === 'active') === active) return;
    if (active) {
      const facts = await assertMayGoOnline(tx, offer, makerOffers);
      const reserved = await reserve(tx, offer, facts, now);
      await tx
        .update(p2pOffers)
        .set({ status: 'active', reserved: reserved.toString(), updatedAt: now })
        .where(eq(p2pOffers.id, offer.id));
    } else {
      await releaseReservation(tx, offer);
      await tx
        .update(p2pOffers)
        .set({ status: 'inactive', reserved: '0', updatedAt: now })
        .where(eq(p2pOffers.id, offer.id));
    }
  });
  return { result: true };
}
