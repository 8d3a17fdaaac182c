import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CancelCause, CancelReason, DisputeReason } from '../../../contract/p2p-orders.ts';

/** Why a person cancels (they pick one; the other side sees it). */
export const cancelReasonNames: Readonly<Record<CancelReason, MessageDescriptor>> = {
  changed_mind: msg`I changed my mind`,
  counterparty_unresponsive: msg`The other side does not answer`,
  payment_details_wrong: msg`The payment details are wrong`,
  cannot_pay: msg`I can’t pay right now`,
  other: msg`Another reason`,
};

/** Dispute reasons, as the person picks them and both sides then read them. */
export const disputeReasonNames: Readonly<Record<DisputeReason, MessageDescriptor>> = {
  paid_not_released: msg`I paid, but the crypto was not released`,
  payment_not_received: msg`The payment has not arrived`,
  wrong_amount: msg`The amount paid is wrong`,
  counterparty_unresponsive: msg`The other side does not answer`,
  fraud_suspected: msg`I suspect fraud`,
  other: msg`Another reason`,
};

/** Who or what canceled the order, as both sides read it. */
export const cancelCauseNames: Readonly<Record<CancelCause, MessageDescriptor>> = {
  buyer: msg`The buyer canceled the order.`,
  seller: msg`The seller canceled the order.`,
  maker_timeout: msg`The order was not accepted in time.`,
  buyer_timeout: msg`The buyer did not pay in time.`,
  support: msg`Support returned the crypto to the seller.`,
};

const callErrors: Readonly<Record<string, MessageDescriptor>> = {
  order_status_conflict: msg`The order has moved on. Check what it shows now.`,
  cancel_limit: msg`You have canceled 3 orders in the last 24 hours. You can cancel again once a day has passed.`,
  dispute_too_early: msg`You can open a dispute once the seller’s time to confirm is over.`,
  already_reviewed: msg`You have already reviewed this order.`,
  invalid_token: msg`The confirmation expired. Enter your passcode again.`,
  file_invalid: msg`A file was not accepted. Remove it and add it again.`,
  order_not_found: msg`This order is not available.`,
};

/** The sentence for a refused order call by the server's code; no answer is the connection. */
export function orderCallErrorMessage(error: { code: string | null; status: number | null }): MessageDescriptor {
  if (error.status === null) return msg`No connection. Check the internet and try again.`;
  return (error.code === null ? undefined : callErrors[error.code]) ?? msg`Something went wrong. Try again.`;
}
