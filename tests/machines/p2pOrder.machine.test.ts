import { describe, expect, it } from 'vitest';
import {
  awaitsViewer,
  cancelCauseOf,
  decideOrderEvent,
  initialOrderFacts,
  type OrderEventActor,
  orderActionsFor,
  type P2pOrderEventType,
  type P2pOrderFacts,
} from '../../machines/p2pOrder.machine';
import type { OrderStatus } from '../../src/contract/p2p-orders';

// The lifecycle table of P2P.md, written out by hand: who may do what in each status. The server
// suite (tests/server/p2p-order-lifecycle.test.ts) drives the same paths through the real server.

const sellOffer = initialOrderFacts('seller');
const buyOffer = initialOrderFacts('buyer');

const to = (status: OrderStatus, facts: P2pOrderFacts, type: P2pOrderEventType, by: OrderEventActor) => {
  const decision = decideOrderEvent(
    status,
    facts,
    type === 'resolve' ? { type, by, outcome: 'release' } : { type, by },
  );
  return decision.accepted ? decision.to : decision.code;
};

describe('the order lifecycle machine', () => {
  it('offers the maker of a processed order accept and decline, and the taker cancel', () => {
    expect(orderActionsFor('processed', sellOffer, 'seller')).toEqual(['accept', 'decline']);
    expect(orderActionsFor('processed', sellOffer, 'buyer')).toEqual(['cancel']);
    expect(orderActionsFor('processed', buyOffer, 'buyer')).toEqual(['accept', 'decline']);
    expect(orderActionsFor('processed', buyOffer, 'seller')).toEqual(['cancel']);
  });

  it('lets the system accept for an auto-accepting offer, and nobody else but the maker', () => {
    expect(to('processed', sellOffer, 'accept', 'system')).toBe('accepted');
    expect(to('processed', sellOffer, 'accept', 'buyer')).toBe('order_status_conflict');
    expect(to('processed', sellOffer, 'accept', 'timer')).toBe('order_status_conflict');
  });

  it('lets only the buyer pay or cancel an accepted order', () => {
    expect(orderActionsFor('accepted', sellOffer, 'buyer')).toEqual(['cancel', 'mark_paid']);
    expect(orderActionsFor('accepted', sellOffer, 'seller')).toEqual([]);
    expect(to('accepted', sellOffer, 'cancel', 'seller')).toBe('order_status_conflict');
    expect(to('accepted', buyOffer, 'mark_paid', 'buyer')).toBe('pending');
  });

  it('cancels processed and accepted orders when their windows close', () => {
    expect(to('processed', sellOffer, 'acceptance_expired', 'timer')).toBe('canceled');
    expect(to('accepted', sellOffer, 'payment_expired', 'timer')).toBe('canceled');
  });

  it('never cancels a pending order by a timer or by either side', () => {
    expect(to('pending', sellOffer, 'payment_expired', 'timer')).toBe('order_status_conflict');
    expect(to('pending', sellOffer, 'acceptance_expired', 'timer')).toBe('order_status_conflict');
    expect(to('pending', sellOffer, 'cancel', 'buyer')).toBe('order_status_conflict');
    expect(to('pending', sellOffer, 'cancel', 'seller')).toBe('order_status_conflict');
    expect(to('pending', sellOffer, 'confirmation_expired', 'timer')).toBe('pending');
  });

  it('lets the seller dispute a pending order at once, the buyer only after the confirmation window', () => {
    expect(orderActionsFor('pending', sellOffer, 'seller')).toEqual(['confirm_receipt', 'open_dispute']);
    expect(orderActionsFor('pending', sellOffer, 'buyer')).toEqual(['unmark_paid']);
    expect(to('pending', sellOffer, 'open_dispute', 'buyer')).toBe('dispute_too_early');
    expect(to('pending', sellOffer, 'open_dispute', 'seller')).toBe('disputed');
    const windowPassed = { ...sellOffer, confirmationWindowPassed: true };
    expect(orderActionsFor('pending', windowPassed, 'buyer')).toEqual(['unmark_paid', 'open_dispute']);
    expect(to('pending', windowPassed, 'open_dispute', 'buyer')).toBe('disputed');
  });

  it('unlocks the buyer dispute when the confirmation window closes, and locks it again after "I have not paid"', () => {
    const passed = decideOrderEvent('pending', sellOffer, { type: 'confirmation_expired', by: 'timer' });
    expect(passed).toMatchObject({ accepted: true, to: 'pending', facts: { confirmationWindowPassed: true } });
    const again = { ...sellOffer, confirmationWindowPassed: true };
    expect(to('pending', again, 'confirmation_expired', 'timer')).toBe('order_status_conflict');
    const undone = decideOrderEvent(
      'pending',
      { ...sellOffer, confirmationWindowPassed: true },
      { type: 'unmark_paid', by: 'buyer' },
    );
    expect(undone).toMatchObject({ accepted: true, to: 'accepted', facts: { confirmationWindowPassed: false } });
  });

  it('lets only the seller confirm receipt, and only the settlement complete a confirmed order', () => {
    expect(to('pending', sellOffer, 'confirm_receipt', 'buyer')).toBe('order_status_conflict');
    expect(to('pending', sellOffer, 'confirm_receipt', 'seller')).toBe('confirmed');
    expect(orderActionsFor('confirmed', sellOffer, 'buyer')).toEqual([]);
    expect(orderActionsFor('confirmed', sellOffer, 'seller')).toEqual([]);
    expect(to('confirmed', sellOffer, 'settle', 'system')).toBe('completed');
    expect(to('confirmed', sellOffer, 'settle', 'seller')).toBe('order_status_conflict');
  });

  it('lets the side that did not open a dispute answer it once, and only support end it', () => {
    const opened = { ...sellOffer, disputeOpenedBy: 'seller' as const };
    expect(orderActionsFor('disputed', opened, 'buyer')).toEqual(['respond_dispute']);
    expect(orderActionsFor('disputed', opened, 'seller')).toEqual([]);
    expect(orderActionsFor('disputed', { ...opened, disputeAnswered: true }, 'buyer')).toEqual([]);
    expect(to('disputed', opened, 'resolve', 'support')).toBe('completed');
    expect(to('disputed', opened, 'resolve', 'seller')).toBe('order_status_conflict');
    expect(to('disputed', opened, 'confirm_receipt', 'seller')).toBe('order_status_conflict');
    const returned = decideOrderEvent('disputed', opened, { type: 'resolve', by: 'support', outcome: 'return' });
    expect(returned).toMatchObject({ accepted: true, to: 'canceled' });
  });

  it('lets each side review a completed order once, and nothing else', () => {
    expect(orderActionsFor('completed', sellOffer, 'buyer')).toEqual(['review']);
    const buyerReviewed = { ...sellOffer, reviewedBy: { buyer: true, seller: false } };
    expect(orderActionsFor('completed', buyerReviewed, 'buyer')).toEqual([]);
    expect(orderActionsFor('completed', buyerReviewed, 'seller')).toEqual(['review']);
  });

  it('accepts nothing once canceled', () => {
    expect(orderActionsFor('canceled', sellOffer, 'buyer')).toEqual([]);
    expect(orderActionsFor('canceled', sellOffer, 'seller')).toEqual([]);
    expect(to('canceled', sellOffer, 'accept', 'system')).toBe('order_status_conflict');
  });

  it("takes the timers' events only from the timer, support's only from support and the settlement only from the system", () => {
    const others = ['buyer', 'seller', 'support', 'system'] as const;
    for (const by of others) {
      expect(to('processed', sellOffer, 'acceptance_expired', by)).toBe('order_status_conflict');
      expect(to('accepted', sellOffer, 'payment_expired', by)).toBe('order_status_conflict');
      expect(to('pending', sellOffer, 'confirmation_expired', by)).toBe('order_status_conflict');
    }
    const opened = { ...sellOffer, disputeOpenedBy: 'seller' as const };
    for (const by of ['buyer', 'seller', 'timer', 'system'] as const) {
      const release = decideOrderEvent('disputed', opened, { type: 'resolve', by, outcome: 'release' });
      const giveBack = decideOrderEvent('disputed', opened, { type: 'resolve', by, outcome: 'return' });
      expect([release.accepted, giveBack.accepted]).toEqual([false, false]);
      expect(to('confirmed', sellOffer, 'settle', by === 'system' ? 'timer' : by)).toBe('order_status_conflict');
    }
    const windowPassed = { ...sellOffer, confirmationWindowPassed: true };
    for (const by of ['timer', 'support', 'system'] as const) {
      expect(to('pending', windowPassed, 'open_dispute', by)).toBe('order_status_conflict');
      expect(to('disputed', opened, 'respond_dispute', by)).toBe('order_status_conflict');
      expect(to('completed', sellOffer, 'review', by)).toBe('order_status_conflict');
    }
  });

  it('remembers who opened the dispute, that it was answered and who reviewed', () => {
    expect(initialOrderFacts('buyer')).toEqual({
      makerSide: 'buyer',
      confirmationWindowPassed: false,
      disputeOpenedBy: null,
      disputeAnswered: false,
      reviewedBy: { buyer: false, seller: false },
    });
    const opened = decideOrderEvent('pending', sellOffer, { type: 'open_dispute', by: 'seller' });
    expect(opened).toMatchObject({ accepted: true, facts: { disputeOpenedBy: 'seller', disputeAnswered: false } });
    const answered = decideOrderEvent(
      'disputed',
      { ...sellOffer, disputeOpenedBy: 'seller' },
      { type: 'respond_dispute', by: 'buyer' },
    );
    expect(answered).toMatchObject({
      accepted: true,
      to: 'disputed',
      facts: { disputeOpenedBy: 'seller', disputeAnswered: true },
    });
    const reviewed = decideOrderEvent('completed', sellOffer, { type: 'review', by: 'seller' });
    expect(reviewed).toMatchObject({
      accepted: true,
      to: 'completed',
      facts: { reviewedBy: { buyer: false, seller: true } },
    });
  });

  it('lets nobody answer a dispute that has no opener on record', () => {
    expect(to('disputed', sellOffer, 'respond_dispute', 'buyer')).toBe('order_status_conflict');
    expect(to('disputed', sellOffer, 'respond_dispute', 'seller')).toBe('order_status_conflict');
  });

  it('names who caused each cancellation', () => {
    expect(cancelCauseOf({ type: 'decline', by: 'seller' }, 'seller')).toBe('seller');
    expect(cancelCauseOf({ type: 'decline', by: 'buyer' }, 'buyer')).toBe('buyer');
    expect(cancelCauseOf({ type: 'cancel', by: 'buyer' }, 'seller')).toBe('buyer');
    expect(cancelCauseOf({ type: 'acceptance_expired', by: 'timer' }, 'seller')).toBe('maker_timeout');
    expect(cancelCauseOf({ type: 'payment_expired', by: 'timer' }, 'seller')).toBe('buyer_timeout');
    expect(cancelCauseOf({ type: 'resolve', by: 'support', outcome: 'return' }, 'seller')).toBe('support');
    expect(cancelCauseOf({ type: 'resolve', by: 'support', outcome: 'release' }, 'seller')).toBeNull();
    expect(cancelCauseOf({ type: 'mark_paid', by: 'buyer' }, 'seller')).toBeNull();
  });

  it('says an order waits for the viewer when they must accept, pay, confirm or answer', () => {
    expect(awaitsViewer(['accept', 'decline'])).toBe(true);
    expect(awaitsViewer(['cancel', 'mark_paid'])).toBe(true);
    expect(awaitsViewer(['confirm_receipt', 'open_dispute'])).toBe(true);
    expect(awaitsViewer(['respond_dispute'])).toBe(true);
    expect(awaitsViewer(['cancel'])).toBe(false);
    expect(awaitsViewer(['unmark_paid', 'open_dispute'])).toBe(false);
    expect(awaitsViewer(['review'])).toBe(false);
  });
});
