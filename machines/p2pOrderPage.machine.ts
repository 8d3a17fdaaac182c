import { assign, setup } from 'xstate';
import type { CancelReason, OrderAction } from '../src/contract/p2p-orders.ts';
import type { ReviewType } from '../src/contract/p2p-profile.ts';
import { type OrderCallFailure, orderCallFailureOf, pendingCall } from './p2pOrderCalls.ts';

/**
 * The actions on the P2P order page (issue 13; docs/p2p.md "The order page"). The server decides
 * what the viewer may do (the order's `actions`, from machines/p2pOrder.machine.ts); this machine
 * only runs the person's side of it: a confirmation before each step that cannot be taken back,
 * the call, and what failed.
 *
 * `ready`: `action.start` opens the confirmation of one of the offered `accept`, `decline`,
 * `cancel`, `mark_paid`, `unmark_paid` (nothing happens for an action the order does not offer).
 * `confirming`: `cancel` first needs a reason (`cancel.reason`); `action.confirm` sends it
 * (`transition`: POST /p2p/orders/{id}/{action}), `action.dismiss` closes the dialog. The answer
 * is the order as the viewer now sees it: its `actions` replace ours. A refusal goes back to
 * `ready` keeping which action failed and the server's code (`order_status_conflict`,
 * `cancel_limit`…), never texts. `order.sync` follows the order query's refresh: when the other
 * side or a timer moved the order on, an open confirmation of an action no longer offered closes.
 * The review form (offered by the `review` action after completion): `review.type` and
 * `review.comment` fill it, `review.submit` sends it (`submitReview`) once a type is chosen and
 * the comment fits.
 *
 * Actors reject with `{ status, reason }` (the HTTP status and the server's code; null without an
 * answer). Tags: `confirming` (the dialog is open), `busy` (a call under way).
 */

/** The actions the page confirms and sends itself (release and disputes have pages of their own). */
export const pageActions = ['accept', 'decline', 'cancel', 'mark_paid', 'unmark_paid'] as const;
export type PageAction = (typeof pageActions)[number];

export interface OrderPageError extends OrderCallFailure {
  action: PageAction | 'review';
}

export interface ReviewDraft {
  type: ReviewType | null;
  comment: string;
}

export interface OrderPageInput {
  orderId: number;
  actions: readonly OrderAction[];
  /** The longest review comment the server takes (the contract's `maxReviewCommentLength`). */
  maxCommentLength: number;
}

export interface OrderPageContext {
  orderId: number;
  actions: readonly OrderAction[];
  maxCommentLength: number;
  /** The action being confirmed or sent. */
  pending: PageAction | null;
  cancelReason: CancelReason | null;
  review: ReviewDraft;
  error: OrderPageError | null;
}

export type OrderPageEvent =
  | { type: 'action.start'; action: PageAction }
  | { type: 'cancel.reason'; reason: CancelReason }
  | { type: 'action.confirm' }
  | { type: 'action.dismiss' }
  | { type: 'order.sync'; actions: readonly OrderAction[] }
  | { type: 'review.type'; reviewType: ReviewType }
  | { type: 'review.comment'; comment: string }
  | { type: 'review.submit' }
  | { type: 'error.dismiss' };

export interface TransitionInput {
  orderId: number;
  action: PageAction;
  /** Only for `cancel`. */
  reason: CancelReason | null;
}

export interface ReviewInput {
  orderId: number;
  type: ReviewType;
  /** Trimmed; null when empty. */
  comment: string | null;
}

/** What a transition answers that the page needs: the actions now offered. */
export interface TransitionOutput {
  actions: readonly OrderAction[];
}

const emptyReview: ReviewDraft = { type: null, comment: '' };

/** The comment as sent: trimmed, null when nothing is left. */
export function reviewComment(comment: string): string | null {
  const trimmed = comment.trim();
  return trimmed === '' ? null : trimmed;
}

export const orderPageMachine = setup({
  types: {
    context: {} as OrderPageContext,
    events: {} as OrderPageEvent,
    input: {} as OrderPageInput,
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    transition: pendingCall<TransitionOutput, TransitionInput>(),
    submitReview: pendingCall<TransitionOutput, ReviewInput>(),
  },
  guards: {
    isOffered: ({ context, event }) => event.type === 'action.start' && context.actions.includes(event.action),
    isReady: ({ context }) => context.pending !== 'cancel' || context.cancelReason !== null,
    pendingWithdrawn: ({ context, event }) =>
      event.type === 'order.sync' && context.pending !== null && !event.actions.includes(context.pending),
    reviewReady: ({ context }) =>
      context.actions.includes('review') &&
      context.review.type !== null &&
      context.review.comment.trim().length <= context.maxCommentLength,
  },
  actions: {
    syncActions: assign({ actions: ({ event }) => (event.type === 'order.sync' ? event.actions : []) }),
    forgetPending: assign({ pending: null, cancelReason: null }),
  },
}).createMachine({
  id: 'orderPage',
  context: ({ input }) => ({
    orderId: input.orderId,
    actions: input.actions,
    maxCommentLength: input.maxCommentLength,
    pending: null,
    cancelReason: null,
    review: emptyReview,
    error: null,
  }),
  initial: 'ready',
  on: {
    'order.sync': { actions: 'syncActions' },
  },
  states: {
    ready: {
      on: {
        'action.start': {
          guard: 'isOffered',
          target: 'confirming',
          actions: assign({
            pending: ({ event }) => event.action,
            cancelReason: null,
            error: null,
          }),
        },
        'review.type': {
          actions: assign({ review: ({ context, event }) => ({ ...context.review, type: event.reviewType }) }),
        },
        'review.comment': {
          actions: assign({ review: ({ context, event }) => ({ ...context.review, comment: event.comment }) }),
        },
        'review.submit': { guard: 'reviewReady', target: 'reviewing', actions: assign({ error: null }) },
        'error.dismiss': { actions: assign({ error: null }) },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'cancel.reason': { actions: assign({ cancelReason: ({ event }) => event.reason }) },
        'action.confirm': { guard: 'isReady', target: 'sending' },
        'action.dismiss': { target: 'ready', actions: 'forgetPending' },
        'order.sync': [
          {
            description: 'The other side or a timer moved the order on: this step is no longer offered.',
            guard: 'pendingWithdrawn',
            target: 'ready',
            actions: ['syncActions', 'forgetPending'],
          },
          { actions: 'syncActions' },
        ],
      },
    },
    sending: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'transition',
        src: 'transition',
        input: ({ context }) => ({
          orderId: context.orderId,
          action: context.pending ?? 'accept',
          reason: context.pending === 'cancel' ? context.cancelReason : null,
        }),
        onDone: {
          target: 'ready',
          actions: [assign({ actions: ({ event }) => event.output.actions }), 'forgetPending'],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({
              error: ({ context, event }) => ({
                action: context.pending ?? 'accept',
                ...orderCallFailureOf(event.error),
              }),
            }),
            'forgetPending',
          ],
        },
      },
    },
    reviewing: {
      tags: ['busy'],
      invoke: {
        id: 'submitReview',
        src: 'submitReview',
        input: ({ context }) => ({
          orderId: context.orderId,
          type: context.review.type ?? 'positive',
          comment: reviewComment(context.review.comment),
        }),
        onDone: {
          target: 'ready',
          actions: assign({ actions: ({ event }) => event.output.actions, review: emptyReview }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) => ({ action: 'review' as const, ...orderCallFailureOf(event.error) }),
          }),
        },
      },
    },
  },
});
