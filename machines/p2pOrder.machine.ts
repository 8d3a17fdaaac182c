import { assign, type SnapshotFrom, setup, transition } from 'xstate';
import type { CancelCause, OrderAction, OrderActor, OrderSide, OrderStatus } from '../src/contract/p2p-orders.ts';

/**
 * The lifecycle of one P2P order (../shared/design/P2P.md "The order lifecycle"; docs/p2p.md
 * "Orders: lifecycle, transitions and timers"). Pure: no effects. The server resolves an order's
 * row into a snapshot of this machine to decide whether an event is accepted, and for whom
 * (`decideOrderEvent`), and which actions the viewer is offered (`orderActionsFor`); the money,
 * history, timers and notifications of a transition are the server's (transitions.ts).
 *
 * `processed` waits for the maker: `accept` (the maker, or `system` for an auto-accepting offer)
 * → `accepted`; `decline` (the maker) or `cancel` (the taker) → `canceled`; `acceptance_expired`
 * (the timer) → `canceled` caused by `maker_timeout`. `accepted`: the buyer pays off the platform;
 * `mark_paid` (the buyer) → `pending`, `cancel` (the buyer) → `canceled`, `payment_expired` →
 * `canceled` caused by `buyer_timeout`. `pending` is never cancelled by a timer:
 * `confirm_receipt` (the seller) → `confirmed`, `unmark_paid` (the buyer) → `accepted`,
 * `open_dispute` → `disputed` (the seller at once, the buyer once `confirmation_expired` has
 * unlocked it). `confirmed` → `completed` by `settle` (the settlement worker). In `disputed`
 * the side that did not open it may `respond_dispute` once, and `resolve` (support) releases
 * (→ `completed`) or returns (→ `canceled`, caused by `support`). In `completed` each side may
 * `review` once. `canceled` is final.
 */

/** Who sends an event: one of the two parties, the timer worker, support or the server itself (the history's actors). */
export type OrderEventActor = OrderActor;

/** The lifecycle's events: `resolve` is support's decision, the rest name what happened. */
export type P2pOrderEvent =
  | {
      type:
        | 'accept'
        | 'decline'
        | 'cancel'
        | 'mark_paid'
        | 'unmark_paid'
        | 'confirm_receipt'
        | 'open_dispute'
        | 'respond_dispute'
        | 'review'
        | 'acceptance_expired'
        | 'payment_expired'
        | 'confirmation_expired'
        | 'settle';
      by: OrderEventActor;
    }
  | { type: 'resolve'; by: OrderEventActor; outcome: 'release' | 'return' };

export type P2pOrderEventType = P2pOrderEvent['type'];

/** What the row says beyond its status: everything a guard needs. */
export interface P2pOrderFacts {
  /** The maker's side: `seller` on a sell offer, `buyer` on a buy offer. */
  makerSide: OrderSide;
  /** The confirmation window of `pending` has passed: the buyer may open a dispute. */
  confirmationWindowPassed: boolean;
  /** Who opened the dispute, once opened. */
  disputeOpenedBy: OrderSide | null;
  /** The other side has answered the dispute. */
  disputeAnswered: boolean;
  /** Which sides have reviewed the completed order. */
  reviewedBy: { buyer: boolean; seller: boolean };
}

export const initialOrderFacts = (makerSide: OrderSide): P2pOrderFacts => ({
  makerSide,
  confirmationWindowPassed: false,
  disputeOpenedBy: null,
  disputeAnswered: false,
  reviewedBy: { buyer: false, seller: false },
});

interface GuardArgs {
  context: P2pOrderFacts;
  event: P2pOrderEvent;
}

const sideOf = (event: P2pOrderEvent): OrderSide | null =>
  event.by === 'buyer' || event.by === 'seller' ? event.by : null;
const takerSide = (facts: P2pOrderFacts): OrderSide => (facts.makerSide === 'seller' ? 'buyer' : 'seller');

export const p2pOrderMachine = setup({
  types: {
    context: {} as P2pOrderFacts,
    events: {} as P2pOrderEvent,
    input: {} as P2pOrderFacts,
  },
  guards: {
    byMaker: ({ context, event }: GuardArgs) => event.by === context.makerSide,
    byMakerOrSystem: ({ context, event }: GuardArgs) => event.by === context.makerSide || event.by === 'system',
    byTaker: ({ context, event }: GuardArgs) => event.by === takerSide(context),
    byBuyer: ({ event }: GuardArgs) => event.by === 'buyer',
    bySeller: ({ event }: GuardArgs) => event.by === 'seller',
    byTimer: ({ event }: GuardArgs) => event.by === 'timer',
    /** The confirmation window closes once: after it, `pending` has no clock left. */
    confirmationWindowCloses: ({ context, event }: GuardArgs) =>
      event.by === 'timer' && !context.confirmationWindowPassed,
    bySystem: ({ event }: GuardArgs) => event.by === 'system',
    bySupportReleasing: ({ event }: GuardArgs) =>
      event.by === 'support' && event.type === 'resolve' && event.outcome === 'release',
    bySupportReturning: ({ event }: GuardArgs) =>
      event.by === 'support' && event.type === 'resolve' && event.outcome === 'return',
    mayOpenDispute: ({ context, event }: GuardArgs) =>
      event.by === 'seller' || (event.by === 'buyer' && context.confirmationWindowPassed),
    mayAnswerDispute: ({ context, event }: GuardArgs) => {
      const side = sideOf(event);
      return (
        side !== null &&
        context.disputeOpenedBy !== null &&
        side !== context.disputeOpenedBy &&
        !context.disputeAnswered
      );
    },
    mayReview: ({ context, event }: GuardArgs) => {
      const side = sideOf(event);
      return side !== null && !context.reviewedBy[side];
    },
  },
  actions: {
    unlockBuyerDispute: assign({ confirmationWindowPassed: true }),
    restartPayment: assign({ confirmationWindowPassed: false }),
    recordDisputeOpener: assign({ disputeOpenedBy: ({ event }) => sideOf(event) }),
    recordDisputeAnswer: assign({ disputeAnswered: true }),
    recordReview: assign({
      reviewedBy: ({ context, event }) =>
        event.by === 'buyer' ? { ...context.reviewedBy, buyer: true } : { ...context.reviewedBy, seller: true },
    }),
  },
}).createMachine({
  id: 'p2pOrder',
  context: ({ input }) => input,
  initial: 'processed',
  states: {
    processed: {
      on: {
        accept: { guard: 'byMakerOrSystem', target: 'accepted' },
        decline: { guard: 'byMaker', target: 'canceled' },
        cancel: { guard: 'byTaker', target: 'canceled' },
        acceptance_expired: { guard: 'byTimer', target: 'canceled' },
      },
    },
    accepted: {
      on: {
        mark_paid: { guard: 'byBuyer', target: 'pending' },
        cancel: { guard: 'byBuyer', target: 'canceled' },
        payment_expired: { guard: 'byTimer', target: 'canceled' },
      },
    },
    pending: {
      on: {
        confirm_receipt: { guard: 'bySeller', target: 'confirmed' },
        unmark_paid: { guard: 'byBuyer', target: 'accepted', actions: 'restartPayment' },
        open_dispute: { guard: 'mayOpenDispute', target: 'disputed', actions: 'recordDisputeOpener' },
        confirmation_expired: { guard: 'confirmationWindowCloses', actions: 'unlockBuyerDispute' },
      },
    },
    confirmed: {
      on: { settle: { guard: 'bySystem', target: 'completed' } },
    },
    disputed: {
      on: {
        respond_dispute: { guard: 'mayAnswerDispute', actions: 'recordDisputeAnswer' },
        resolve: [
          { guard: 'bySupportReleasing', target: 'completed' },
          { guard: 'bySupportReturning', target: 'canceled' },
        ],
      },
    },
    completed: {
      on: { review: { guard: 'mayReview', actions: 'recordReview' } },
    },
    canceled: { type: 'final' },
  },
});

type P2pOrderSnapshot = SnapshotFrom<typeof p2pOrderMachine>;

/** The machine standing where an order's row stands. */
export function orderSnapshot(status: OrderStatus, facts: P2pOrderFacts): P2pOrderSnapshot {
  return p2pOrderMachine.resolveState({ value: status, context: facts });
}

export type OrderDecision =
  | { accepted: true; from: OrderStatus; to: OrderStatus; facts: P2pOrderFacts }
  /** `dispute_too_early`: the buyer asked for a dispute before the confirmation window passed. */
  | { accepted: false; code: 'order_status_conflict' | 'dispute_too_early' };

function statusOf(snapshot: P2pOrderSnapshot): OrderStatus {
  return snapshot.value;
}

/** Whether the order's status accepts `event` from its sender, and where it leads. */
export function decideOrderEvent(status: OrderStatus, facts: P2pOrderFacts, event: P2pOrderEvent): OrderDecision {
  const snapshot = orderSnapshot(status, facts);
  if (!snapshot.can(event)) {
    const tooEarly = status === 'pending' && event.type === 'open_dispute' && event.by === 'buyer';
    return { accepted: false, code: tooEarly ? 'dispute_too_early' : 'order_status_conflict' };
  }
  const [next] = transition(p2pOrderMachine, snapshot, event);
  return { accepted: true, from: status, to: statusOf(next), facts: next.context };
}

/** Who caused a cancellation that `event` makes (P2P.md "Cancellations carry a cause"). */
export function cancelCauseOf(event: P2pOrderEvent, makerSide: OrderSide): CancelCause | null {
  switch (event.type) {
    case 'decline':
      return makerSide;
    case 'cancel':
      return sideOf(event);
    case 'acceptance_expired':
      return 'maker_timeout';
    case 'payment_expired':
      return 'buyer_timeout';
    case 'resolve':
      return event.outcome === 'return' ? 'support' : null;
    default:
      return null;
  }
}

/** The viewer's actions and the event each one sends (the contract's `actions`, in its order). */
const actionEvents: ReadonlyArray<readonly [OrderAction, P2pOrderEventType]> = [
  ['accept', 'accept'],
  ['decline', 'decline'],
  ['cancel', 'cancel'],
  ['mark_paid', 'mark_paid'],
  ['unmark_paid', 'unmark_paid'],
  ['confirm_receipt', 'confirm_receipt'],
  ['open_dispute', 'open_dispute'],
  ['respond_dispute', 'respond_dispute'],
  ['review', 'review'],
];

/** What the viewer on `side` may do now: exactly the events the machine accepts from them. */
export function orderActionsFor(status: OrderStatus, facts: P2pOrderFacts, side: OrderSide): OrderAction[] {
  const snapshot = orderSnapshot(status, facts);
  return actionEvents.filter(([, type]) => snapshot.can(viewerEvent(type, side))).map(([action]) => action);
}

function viewerEvent(type: P2pOrderEventType, by: OrderSide): P2pOrderEvent {
  return type === 'resolve' ? { type, by, outcome: 'release' } : { type, by };
}

/** Actions that mean the order waits for the viewer (the statistic's `action_required`). */
const waitingActions: ReadonlySet<OrderAction> = new Set(['accept', 'mark_paid', 'confirm_receipt', 'respond_dispute']);

export function awaitsViewer(actions: readonly OrderAction[]): boolean {
  return actions.some((action) => waitingActions.has(action));
}
