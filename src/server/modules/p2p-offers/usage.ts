import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pOfferMethods, p2pOffers } from '../../db/schema/p2p-offers';
import type { PaymentMethodUsage } from '../p2p-payment-methods/usage';

/** A saved method stays while any offer of its owner lists it (deleting it answers 409 payment_method_in_use). */
export const offerPaymentMethodUsage: PaymentMethodUsage = async (tx: Database, userId, methodId) => {
  const [row] = await tx
    .select({ offerId: p2pOfferMethods.offerId })
    .from(p2pOfferMethods)
    .innerJoin(p2pOffers, eq(p2pOffers.id, p2pOfferMethods.offerId))
    .where(and(eq(p2pOfferMethods.paymentMethodId, methodId), eq(p2pOffers.userId, userId)))
    .limit(1);
  return row !== undefined;
};
