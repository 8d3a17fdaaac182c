import { and, eq, isNull } from 'drizzle-orm';
import type { OrderActor, OrderSide, OrderStatus } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { p2pNotifications } from '../../db/schema/p2p-notifications';
import type { OrderNoticeKind } from './kinds';

/**
 * What happened to an order, as the notifications module needs to know it: the status before
 * (null at creation) and after, and who did it. A change that keeps the status (a dispute's
 * answer, the confirmation window passing) names its event instead.
 */
export interface OrderChange {
  readonly orderId: number;
  readonly buyerId: number;
  readonly sellerId: number;
  readonly makerSide: OrderSide;
  readonly from: OrderStatus | null;
  readonly to: OrderStatus;
  readonly actor: OrderActor;
  /** Set for the changes that keep the status. */
  readonly event?: 'respond_dispute' | 'confirmation_expired';
}

type Action = '' | '-confirm-payment' | '-create-dispute' | '-dispute-response';

interface NoticeRule {
  /** The deep link's suffix after `order-{id}` (docs/deep-links.md). */
  readonly action: Action;
  /**
   * No running clock behind it: held while the receiver is in quiet hours. Notices that ask for
   * an action before a window closes (accept, pay, confirm, answer a dispute) never wait.
   */
  readonly canWait: boolean;
}

export const noticeRules: Readonly<Record<OrderNoticeKind, NoticeRule>> = {
  created: { action: '', canWait: false },
  accepted_pay: { action: '', canWait: false },
  accepted_wait: { action: '', canWait: true },
  paid: { action: '-confirm-payment', canWait: false },
  unpaid: { action: '', canWait: true },
  completed: { action: '', canWait: true },
  declined: { action: '', canWait: true },
  canceled_by_buyer: { action: '', canWait: true },
  canceled_by_seller: { action: '', canWait: true },
  canceled_maker_timeout: { action: '', canWait: true },
  canceled_buyer_timeout: { action: '', canWait: true },
  confirm_reminder: { action: '-confirm-payment', canWait: true },
  dispute_unlocked: { action: '-create-dispute', canWait: true },
  dispute_opened: { action: '-dispute-response', canWait: false },
  dispute_answered: { action: '', canWait: true },
  dispute_released: { action: '', canWait: true },
  dispute_returned: { action: '', canWait: true },
};

export interface Notice {
  readonly side: OrderSide;
  readonly kind: OrderNoticeKind;
}

const otherSide = (side: OrderSide): OrderSide => (side === 'buyer' ? 'seller' : 'buyer');
const both = (kind: OrderNoticeKind): Notice[] => [
  { side: 'buyer', kind },
  { side: 'seller', kind },
];

/**
 * Who hears of a change, and what: the side that did not act (both sides when the timer or
 * support acted). A change nobody needs to hear of (the release queued by `confirmed`, whose
 * `completed` follows within seconds) gives none.
 */
export function noticesFor(change: OrderChange): Notice[] {
  const actingSide = change.actor === 'buyer' || change.actor === 'seller' ? change.actor : null;
  const toOther = (kind: OrderNoticeKind): Notice[] =>
    actingSide === null ? [] : [{ side: otherSide(actingSide), kind }];
  if (change.event === 'respond_dispute') return toOther('dispute_answered');
  if (change.event === 'confirmation_expired') {
    return [
      { side: 'seller', kind: 'confirm_reminder' },
      { side: 'buyer', kind: 'dispute_unlocked' },
    ];
  }
  switch (change.to) {
    case 'processed':
      return change.from === null ? [{ side: change.makerSide, kind: 'created' }] : [];
    case 'accepted':
      if (change.from === 'pending') return toOther('unpaid');
      return acceptedNotices(change, actingSide);
    case 'pending':
      return toOther('paid');
    case 'confirmed':
      return [];
    case 'completed':
      return change.from === 'disputed' ? both('dispute_released') : [{ side: 'buyer', kind: 'completed' }];
    case 'disputed':
      return toOther('dispute_opened');
    case 'canceled':
      return canceledNotices(change, actingSide);
  }
}

/**
 * The maker's acceptance tells the taker; an auto-accepted order (actor `system`, in the creating
 * transaction) tells the maker instead, in place of the "new order" notice it replaces.
 */
function acceptedNotices(change: OrderChange, actingSide: OrderSide | null): Notice[] {
  const receiver = change.actor === 'system' ? change.makerSide : actingSide === null ? null : otherSide(actingSide);
  if (receiver === null) return [];
  return [{ side: receiver, kind: receiver === 'buyer' ? 'accepted_pay' : 'accepted_wait' }];
}

function canceledNotices(change: OrderChange, actingSide: OrderSide | null): Notice[] {
  if (change.actor === 'support') return both('dispute_returned');
  if (change.actor === 'timer') {
    return both(change.from === 'processed' ? 'canceled_maker_timeout' : 'canceled_buyer_timeout');
  }
  if (actingSide === null) return [];
  const declined = change.from === 'processed' && actingSide === change.makerSide;
  return [
    {
      side: otherSide(actingSide),
      kind: declined ? 'declined' : actingSide === 'buyer' ? 'canceled_by_buyer' : 'canceled_by_seller',
    },
  ];
}

/** The deep link's start parameter for a notice (resolved by the app, docs/deep-links.md). */
export function startParamOf(orderId: number, kind: OrderNoticeKind): string {
  return `order-${orderId}${noticeRules[kind].action}`;
}

function isAutoAcceptance(change: OrderChange): boolean {
  return change.from === 'processed' && change.to === 'accepted' && change.actor === 'system';
}

/**
 * THE HOOK: call it inside the transaction that makes the change (applyTransition, order creation,
 * the dispute answer, the timers worker), after the change is written. It writes one row per
 * receiver; the worker sends them after commit, so a rolled-back change sends nothing and a
 * committed one is never lost.
 */
export async function enqueueOrderNotices(tx: Database, change: OrderChange, now: Date): Promise<void> {
  if (isAutoAcceptance(change)) {
    await tx
      .delete(p2pNotifications)
      .where(
        and(
          eq(p2pNotifications.orderId, change.orderId),
          eq(p2pNotifications.kind, 'created'),
          isNull(p2pNotifications.sentAt),
        ),
      );
  }
  const notices = noticesFor(change);
  if (notices.length === 0) return;
  await tx.insert(p2pNotifications).values(
    notices.map((notice) => ({
      userId: notice.side === 'buyer' ? change.buyerId : change.sellerId,
      orderId: change.orderId,
      kind: notice.kind,
      startParam: startParamOf(change.orderId, notice.kind),
      canWait: noticeRules[notice.kind].canWait,
      dueAt: now,
      createdAt: now,
    })),
  );
}
