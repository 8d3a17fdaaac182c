import type { Order } from '../../../contract/p2p-orders.ts';

/**
 * What the order waits for, from the viewer's side: the page leads with it (its sentence, the
 * running timer, the buttons). Read from the status, the viewer's side and the actions the server
 * offers them (the server decides; this only names the situation).
 */
export type NextStep =
  /** The maker: accept or decline within the acceptance window. */
  | 'accept'
  /** The taker: the maker has not accepted yet. */
  | 'awaitAcceptance'
  /** The buyer: pay off the platform, then say so. */
  | 'pay'
  /** The seller: the buyer has not paid yet. */
  | 'awaitPayment'
  /** The seller: the buyer says they paid; check the bank, then release. */
  | 'checkPayment'
  /** The buyer: paid; the seller checks. */
  | 'awaitRelease'
  /** Confirmed: the release is on its way. */
  | 'releasing'
  /** Disputed, and the viewer is asked to answer. */
  | 'respondDispute'
  /** Disputed: support decides. */
  | 'awaitSupport'
  | 'completed'
  | 'canceled';

export function nextStepOf(order: Pick<Order, 'status' | 'side' | 'is_maker' | 'actions'>): NextStep {
  switch (order.status) {
    case 'processed':
      return order.actions.includes('accept') ? 'accept' : 'awaitAcceptance';
    case 'accepted':
      return order.side === 'buyer' ? 'pay' : 'awaitPayment';
    case 'pending':
      return order.side === 'seller' ? 'checkPayment' : 'awaitRelease';
    case 'confirmed':
      return 'releasing';
    case 'disputed':
      return order.actions.includes('respond_dispute') ? 'respondDispute' : 'awaitSupport';
    case 'completed':
      return 'completed';
    case 'canceled':
      return 'canceled';
  }
}
