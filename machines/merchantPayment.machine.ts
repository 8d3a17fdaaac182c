import { assign, setup } from 'xstate';
import type { P2cMerchantStatus } from '../src/contract/p2c.ts';
import { type OrderCallFailure, orderCallFailureOf, pendingCall } from './p2pOrderCalls.ts';

/**
 * A merchant's side of a P2C payment (issue 14; docs/p2c.md "The merchant's payment"): take a
 * pending payment from the live list, pay the shop's code from the bank, upload the bank's
 * receipt, choose the account paid from, mark it paid. The server decides (who wins a take, the
 * deadline, the money); this machine runs the person's side and keeps what failed as the
 * server's code, never texts.
 *
 * Two pages run it. The live list (`/p2c/orders`) starts it `from: 'list'` in `browsing`:
 * `take.start` opens the confirmation of one payment, `take.confirm` sends the take. Won, it is
 * `paying` and the list opens the payment's page; refused (`payment_not_pending`: another
 * merchant was first or it expired; `p2c_too_many_taken`; `p2c_take_forbidden`: no active
 * account) it is back in `browsing` with the code. `list.changed` follows the list: only a
 * payment on it can be pressed, and one being confirmed that left it closes the confirmation with
 * `payment_not_pending`.
 *
 * The payment's page (`/p2c/orders/{id}`) starts it `from: 'payment'` with what the server says;
 * `paying` takes `check.uploaded` (the receipt is in; its upload is ui/FileUpload's machine) and
 * `account.choose`, and `paid.start` asks to confirm only once both are there; `paid.confirm`
 * sends mark paid (`markPaid`). A refusal goes back to `paying` with the code, forgetting the
 * receipt (`check_required`) or the account (`account_not_active`) the server did not take.
 * `payment.sync` follows the payment query: expired meanwhile → `canceled`; completed or beyond
 * elsewhere → `done`.
 *
 * Actors reject with `{ status, reason }` (the HTTP status and the server's code; null without an
 * answer). Tags: `confirming` (a dialog is open), `busy` (a call under way).
 */

export type MerchantPaymentError = OrderCallFailure & { call: 'take' | 'paid' };

/** What the page knows of the payment from the server. */
export interface PaymentFacts {
  status: P2cMerchantStatus;
  hasCheck: boolean;
}

export type MerchantPaymentInput =
  | { from: 'list' }
  | { from: 'payment'; paymentId: number; facts: PaymentFacts; accountId: number | null };

export interface MerchantPaymentContext {
  paymentId: number | null;
  /** The payment's status as last heard from the server (null on the list). */
  status: P2cMerchantStatus | null;
  /** The ids on the live list as last shown (only a payment on it can be taken). */
  listed: readonly number[];
  hasCheck: boolean;
  accountId: number | null;
  error: MerchantPaymentError | null;
}

export type MerchantPaymentEvent =
  | { type: 'take.start'; paymentId: number }
  | { type: 'take.confirm' }
  | { type: 'take.dismiss' }
  | { type: 'list.changed'; ids: readonly number[] }
  | { type: 'check.uploaded' }
  | { type: 'account.choose'; accountId: number | null }
  | { type: 'paid.start' }
  | { type: 'paid.confirm' }
  | { type: 'paid.dismiss' }
  | { type: 'payment.sync'; facts: PaymentFacts }
  | { type: 'error.dismiss' };

export interface TakeInput {
  paymentId: number;
}

export interface MarkPaidInput {
  paymentId: number;
  accountId: number;
}

/** The server's answer to take and to mark paid: the payment as the merchant now sees it. */
export type PaymentAnswer = PaymentFacts;

const checkRequired = 'check_required';
const accountNotActive = 'account_not_active';
const paymentNotPending = 'payment_not_pending';

const closedStatuses: readonly P2cMerchantStatus[] = ['completed', 'disputed', 'refunded'];

export const merchantPaymentMachine = setup({
  types: {
    context: {} as MerchantPaymentContext,
    events: {} as MerchantPaymentEvent,
    input: {} as MerchantPaymentInput,
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    take: pendingCall<PaymentAnswer, TakeInput>(),
    markPaid: pendingCall<PaymentAnswer, MarkPaidInput>(),
  },
  guards: {
    fromList: ({ context }) => context.paymentId === null,
    isCanceled: ({ event }) => event.type === 'payment.sync' && event.facts.status === 'canceled',
    isClosed: ({ event }) => event.type === 'payment.sync' && closedStatuses.includes(event.facts.status),
    readyToMark: ({ context }) => context.hasCheck && context.accountId !== null,
    isListed: ({ context, event }) => event.type === 'take.start' && context.listed.includes(event.paymentId),
    leftTheList: ({ context, event }) =>
      event.type === 'list.changed' && context.paymentId !== null && !event.ids.includes(context.paymentId),
  },
  actions: {
    keepListed: assign({
      listed: ({ context, event }) => (event.type === 'list.changed' ? event.ids : context.listed),
    }),
    sync: assign(({ context, event }) =>
      event.type === 'payment.sync' ? { status: event.facts.status, hasCheck: event.facts.hasCheck } : context,
    ),
  },
}).createMachine({
  id: 'merchantPayment',
  context: ({ input }) =>
    input.from === 'list'
      ? { paymentId: null, status: null, listed: [], hasCheck: false, accountId: null, error: null }
      : {
          paymentId: input.paymentId,
          status: input.facts.status,
          listed: [],
          hasCheck: input.facts.hasCheck,
          accountId: input.accountId,
          error: null,
        },
  initial: 'entry',
  states: {
    entry: {
      description: 'Where the page starts: the list, or the payment in the status the server gave.',
      always: [
        { guard: 'fromList', target: 'browsing' },
        { guard: ({ context }) => context.status === 'processing', target: 'paying' },
        { guard: ({ context }) => context.status === 'canceled', target: 'canceled' },
        { target: 'done' },
      ],
    },
    browsing: {
      on: {
        'list.changed': { actions: 'keepListed' },
        'take.start': {
          description: 'Only a payment the list shows: one that left it meanwhile is not taken.',
          guard: 'isListed',
          target: 'confirmingTake',
          actions: assign({ paymentId: ({ event }) => event.paymentId, error: null }),
        },
        'error.dismiss': { actions: assign({ error: null }) },
      },
    },
    confirmingTake: {
      tags: ['confirming'],
      on: {
        'take.confirm': { target: 'taking' },
        'take.dismiss': { target: 'browsing', actions: assign({ paymentId: null }) },
        'list.changed': [
          {
            description: 'Another merchant took it or it expired while the person looked at the confirmation.',
            guard: 'leftTheList',
            target: 'browsing',
            actions: [
              'keepListed',
              assign({ paymentId: null, error: { call: 'take', status: 409, code: paymentNotPending } }),
            ],
          },
          { actions: 'keepListed' },
        ],
      },
    },
    taking: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'take',
        src: 'take',
        input: ({ context }) => ({ paymentId: context.paymentId ?? 0 }),
        onDone: {
          target: 'paying',
          actions: assign({
            status: ({ event }) => event.output.status,
            hasCheck: ({ event }) => event.output.hasCheck,
          }),
        },
        onError: {
          target: 'browsing',
          actions: assign({
            paymentId: null,
            error: ({ event }) => ({ call: 'take' as const, ...orderCallFailureOf(event.error) }),
          }),
        },
      },
    },
    paying: {
      on: {
        'check.uploaded': { actions: assign({ hasCheck: true }) },
        'account.choose': { actions: assign({ accountId: ({ event }) => event.accountId }) },
        'paid.start': { guard: 'readyToMark', target: 'confirmingPaid', actions: assign({ error: null }) },
        'payment.sync': [
          { guard: 'isCanceled', target: 'canceled', actions: 'sync' },
          { guard: 'isClosed', target: 'done', actions: 'sync' },
          { actions: 'sync' },
        ],
        'error.dismiss': { actions: assign({ error: null }) },
      },
    },
    confirmingPaid: {
      tags: ['confirming'],
      on: {
        'paid.confirm': { target: 'markingPaid' },
        'paid.dismiss': { target: 'paying' },
        'payment.sync': [
          { guard: 'isCanceled', target: 'canceled', actions: 'sync' },
          { guard: 'isClosed', target: 'done', actions: 'sync' },
        ],
      },
    },
    markingPaid: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'markPaid',
        src: 'markPaid',
        input: ({ context }) => ({ paymentId: context.paymentId ?? 0, accountId: context.accountId ?? 0 }),
        onDone: { target: 'done', actions: assign({ status: ({ event }) => event.output.status }) },
        onError: {
          target: 'paying',
          actions: assign(({ context, event }) => {
            const failure = orderCallFailureOf(event.error);
            return {
              error: { call: 'paid' as const, ...failure },
              hasCheck: failure.code === checkRequired ? false : context.hasCheck,
              accountId: failure.code === accountNotActive ? null : context.accountId,
            };
          }),
        },
      },
    },
    canceled: { type: 'final' },
    done: { type: 'final' },
  },
});
