import type { QueryClient } from '@tanstack/react-query';
import type { CreateOrderFailure, CreateOrderInput } from '../../../machines/takeOffer.machine.ts';
import { p2pOrderEndpoints } from '../../contract/p2p-orders.ts';
import { balanceQueryKey } from './balanceQueryKey.ts';
import { call } from './call.ts';
import { toApiError } from './errors.ts';
import { p2pOffersQueryKey } from './p2pOfferQueries.ts';
import { refreshOrders } from './p2pOrderQueries.ts';

/**
 * Taking an offer: `POST /p2p/orders/{offerId}` (spec 001 s.7). It rejects with a
 * `CreateOrderFailure`: the HTTP status (null when no answer came), the server's code (shown as
 * errors.create.{code}) and its data (`price_changed`'s new price, a restriction's figures).
 * No abort signal: once sent, the answer is wanted even if the person leaves the page.
 */
export async function createOrder(input: CreateOrderInput): Promise<{ id: number }> {
  try {
    const answer = await call(p2pOrderEndpoints.createOrder, { params: { id: input.offerId }, body: input.body });
    return { id: answer.order.id };
  } catch (thrown) {
    throw toCreateOrderFailure(thrown);
  }
}

export function toCreateOrderFailure(thrown: unknown): CreateOrderFailure {
  const error = toApiError(thrown);
  if (error === null) return { status: null, code: null };
  return { status: error.code, code: error.reason, data: error.data };
}

/**
 * After an order is made (spec 001 s.4: "the offer, order and stats queries are refreshed"): the
 * offers (its remaining volume fell), every order query (the list, the counts), and the balance
 * (a seller's escrow left it).
 */
export async function refreshAfterOrder(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: p2pOffersQueryKey }),
    refreshOrders(queryClient),
    queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
  ]);
}
