import { assign, setup } from 'xstate';
import { type OrderCallFailure, orderCallFailureOf, pendingCall } from './p2pOrderCalls.ts';
import { type PasscodeConfirmInput, passcodeConfirmMachine } from './passcodeConfirm.machine.ts';

/**
 * The seller releases a P2P order's escrow (issue 13; docs/p2p.md "The order page"): the
 * `/p2p/orders/{id}/confirm-payment` page.
 *
 * `review` shows what goes to whom and asks the seller to check their bank first; `release.start`
 * → `passcode`: the passcodeConfirm machine as the child `passcode`, transaction type `p2p`, hash
 * `releaseHash(id)` (given as `hash`); `back` returns to `review`. Its token → `releasing`
 * (`confirmReceipt`: POST /p2p/orders/{id}/confirm {token}) → `released` (final; `showOrder`). A
 * refused token (spent, expired: `invalid_token`) asks for the passcode again; any other refusal
 * (the order moved on: `order_status_conflict`; no answer) goes back to `review` with the code.
 *
 * Actors reject with `{ status, reason }`. Tags: `passcode`, `busy`.
 */

export interface OrderReleaseInput {
  orderId: number;
  /** The passcode token's hash: `releaseHash(orderId)` from the contract. */
  hash: string;
  /** The passcode step's facts (biometrics, now, a running lockout). */
  passcode: Omit<PasscodeConfirmInput, 'transactionType' | 'hash'>;
}

export interface OrderReleaseContext extends OrderReleaseInput {
  token: string | null;
  error: OrderCallFailure | null;
}

export type OrderReleaseEvent = { type: 'release.start' } | { type: 'back' } | { type: 'error.dismiss' };

export interface ConfirmReceiptInput {
  orderId: number;
  token: string;
}

export const orderReleaseMachine = setup({
  types: {
    context: {} as OrderReleaseContext,
    events: {} as OrderReleaseEvent,
    input: {} as OrderReleaseInput,
    tags: {} as 'passcode' | 'busy',
    children: {} as { passcode: 'passcodeConfirm'; confirmReceipt: 'confirmReceipt' },
  },
  actors: {
    passcodeConfirm: passcodeConfirmMachine,
    confirmReceipt: pendingCall<unknown, ConfirmReceiptInput>(),
  },
  actions: {
    /** Released: the order page, which now shows the order completing. */
    showOrder: () => {},
  },
  guards: {
    tokenRefused: (_, params: { error: unknown }) => orderCallFailureOf(params.error).code === 'invalid_token',
  },
}).createMachine({
  id: 'orderRelease',
  context: ({ input }) => ({ ...input, token: null, error: null }),
  initial: 'review',
  states: {
    review: {
      on: {
        'release.start': { target: 'passcode', actions: assign({ error: null }) },
        'error.dismiss': { actions: assign({ error: null }) },
      },
    },
    passcode: {
      tags: ['passcode'],
      invoke: {
        id: 'passcode',
        src: 'passcodeConfirm',
        input: ({ context }) => ({ ...context.passcode, transactionType: 'p2p' as const, hash: context.hash }),
        onDone: { target: 'releasing', actions: assign({ token: ({ event }) => event.output.token }) },
      },
      on: { back: { target: 'review' } },
    },
    releasing: {
      description: 'Money moves: no way back until the server answers.',
      tags: ['busy'],
      invoke: {
        id: 'confirmReceipt',
        src: 'confirmReceipt',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token ?? '' }),
        onDone: { target: 'released' },
        onError: [
          {
            description: 'The token was spent or expired: confirm again.',
            guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'passcode',
            actions: assign({ token: null, error: ({ event }) => orderCallFailureOf(event.error) }),
          },
          { target: 'review', actions: assign({ token: null, error: ({ event }) => orderCallFailureOf(event.error) }) },
        ],
      },
    },
    released: { type: 'final', entry: 'showOrder' },
  },
});
