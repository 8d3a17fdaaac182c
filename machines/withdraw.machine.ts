import { assertEvent, assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { amountInputText } from '../src/app/lib/amountInput.ts';
import { type AmountError, type AmountLimits, checkAmount, maxSendable } from './withdraw/amountRules.ts';

/**
 * Withdrawal of one asset on one network (spec 000 s.2 `/wallet/withdraw/{asset}/{network}`,
 * s.4 "Withdrawal", s.7 check-address; the passcode confirmation of spec 001 s.4).
 *
 * Input: the asset code, network, decimals, and the balance and network limits as integer strings
 * of smallest units (`available`, `fee`, `min`, `max`, a max of "0" meaning no upper bound), and
 * optionally the `draft` a reload brought back (the app keeps the step, the address and the amount
 * text in the URL).
 *
 * - `start` (transient): with a draft past the address step, the address is checked again
 *   (`checking`) and the flow goes on to the draft's step when the check passes: the review only
 *   with a valid amount (and a new idempotency key), otherwise the amount. Without one, `address`.
 * - `address`: the person types, pastes, picks from the address book or scans a QR code; all of
 *   them are `address.set`. `address.submit` (a non-blank address) checks it.
 * - `checking` invokes `checkAddress` (`POST /wallet/withdrawal/check-address`): `valid` goes on to
 *   the amount with the address in its canonical form; `invalid`, `blocked`, `contract`,
 *   `invalid_smart_contract` and `failed` go back to the address with that error; no answer is
 *   `unreachable`.
 * - `amount`: `amount.change` with the typed text, checked at once (`AmountError`); `amount.max`
 *   puts the balance less the fee (never below 0). `amount.submit` only when valid; it makes the
 *   idempotency key (`makeIdempotencyKey`, a UUID) — once per confirmation: going back from the
 *   passcode or a failed submit keeps it, so a retry can never create a second withdrawal.
 * - `confirm`: the review (amount, fee, total, address); `confirm.accept` asks for the passcode.
 * - `passcode`: the view runs the passcode confirmation (machines/passcodeConfirm.machine.ts) for
 *   transaction type `withdraw` with the idempotency key as the hash and the device's facts it
 *   gathers itself (biometrics, a running lockout), and sends `passcode.confirmed` with its
 *   token, which goes on to `submitting`. The confirmation is the view's so that its machine, its
 *   rules, its lockout and the biometric facts load with that step, not with the withdraw screen
 *   (docs/performance.md); a child whose logic arrives later cannot be typed here without
 *   importing it.
 * - `submitting` invokes `createWithdrawal` (`POST /wallet/withdrawal` with the key and the token).
 *   Its output is the withdrawal; failures by the server's code: `invalid_token` → the passcode
 *   again; `insufficient_funds`, `amount_below_minimum`, `amount_above_maximum` → the amount with
 *   the server's numbers (`data`) taken in; `address_rejected` → the address with the check's
 *   result; `withdraw_forbidden` → `refused`; `network_not_found`, `idempotency_conflict` →
 *   `refused` as `unavailable`; anything else (no answer, 5xx) → `failed`, where `retry` sends the
 *   same key and token again.
 * - `done` (final): the output is the withdrawal id.
 *
 * `back` goes one step back from every state but `address` (the view leaves the flow from there)
 * and `submitting` (money may be moving). Tags: `address`, `amount`, `review`, `passcode`, `busy`,
 * `failed`, `refused`, `done`.
 *
 * The app provides actors `checkAddress` (input `{ asset, network, address }`, output
 * `{ result, address? }`) and `createWithdrawal` (input `CreateWithdrawalInput`, output `{ id }`),
 * rejecting with `WithdrawalFailure`. Inert defaults never settle. `makeIdempotencyKey` uses `crypto.randomUUID()`.
 */

export type AddressCheckFailure = 'invalid' | 'blocked' | 'contract' | 'invalid_smart_contract' | 'failed';
/** Why the address step shows an error: the check's answer, or no answer at all. */
export type AddressError = AddressCheckFailure | 'unreachable';
export type { AmountError } from './withdraw/amountRules.ts';
/** Why a submit did not create the withdrawal (the amount and address errors go to their steps). */
export type SubmitError = 'invalid_token' | 'withdraw_forbidden' | 'unavailable' | 'failed';

/** The step a draft was saved on: the passcode is never kept, so a reload there resumes at the review. */
export type WithdrawDraftStep = 'address' | 'amount' | 'review';

/** What was typed before a reload. */
export interface WithdrawDraft {
  step: WithdrawDraftStep;
  address: string;
  amountText: string;
}

export interface WithdrawInput extends AmountLimits {
  asset: string;
  network: string;
  draft?: WithdrawDraft;
}

export interface WithdrawContext extends Omit<WithdrawInput, 'draft'> {
  /** Where a restored draft goes once its address is checked again; null otherwise. */
  resumeAt: 'amount' | 'review' | null;
  address: string;
  addressError: AddressError | null;
  amountText: string;
  /** The amount in smallest units while the text is valid. */
  amount: string | null;
  amountError: AmountError | null;
  /** Made when the review opens; the passcode token is bound to it. */
  idempotencyKey: string | null;
  token: string | null;
  submitError: SubmitError | null;
  withdrawalId: string | null;
}

export interface WithdrawOutput {
  withdrawalId: string;
}

export type WithdrawEvent =
  | { type: 'address.set'; address: string }
  | { type: 'address.submit' }
  | { type: 'amount.change'; text: string }
  | { type: 'amount.max' }
  | { type: 'amount.submit' }
  | { type: 'confirm.accept' }
  /** The passcode step's confirmation ended with a token bound to the idempotency key. */
  | { type: 'passcode.confirmed'; token: string }
  | { type: 'retry' }
  | { type: 'back' };

export type WithdrawTag = 'address' | 'amount' | 'review' | 'passcode' | 'busy' | 'failed' | 'refused' | 'done';

export interface CheckAddressInput {
  asset: string;
  network: string;
  address: string;
}

export interface CheckAddressOutput {
  result: 'valid' | AddressCheckFailure;
  /** The canonical form of a valid address. */
  address?: string;
}

export interface CreateWithdrawalInput {
  asset: string;
  network: string;
  address: string;
  amount: string;
  idempotency_key: string;
  token: string;
}

/** How the app's `createWithdrawal` rejects: the HTTP status (null without an answer), the server's code and data. */
export interface WithdrawalFailure {
  status: number | null;
  code: string | null;
  data?: unknown;
}

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** An integer string of smallest units from a failure's data, or null. */
function unitsField(data: unknown, key: string): string | null {
  const value = field(data, key);
  return typeof value === 'string' && /^(0|[1-9]\d*)$/.test(value) ? value : null;
}

function failureCode(error: unknown): string | null {
  const code = field(error, 'code');
  return typeof code === 'string' ? code : null;
}

const addressCheckFailures: readonly AddressCheckFailure[] = [
  'invalid',
  'blocked',
  'contract',
  'invalid_smart_contract',
  'failed',
];

function asCheckFailure(value: unknown): AddressCheckFailure {
  return addressCheckFailures.find((failure) => failure === value) ?? 'invalid';
}

function amountOf(context: AmountLimits, text: string): Pick<WithdrawContext, 'amountText' | 'amount' | 'amountError'> {
  const { amount, error } = checkAmount(text, context);
  return { amountText: text, amount, amountError: error };
}

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
    output: {} as WithdrawOutput,
    tags: {} as WithdrawTag,
    children: {} as {
      checkAddress: 'checkAddress';
      createWithdrawal: 'createWithdrawal';
    },
  },
  actions: {
    setAddress: assign(({ event }) => {
      assertEvent(event, 'address.set');
      return { address: event.address, addressError: null };
    }),
    storeCheckedAddress: assign(({ context }, params: { output: CheckAddressOutput }) => ({
      address: params.output.address ?? context.address.trim(),
      addressError: null,
    })),
    setAddressError: assign((_, params: { error: AddressError }) => ({ addressError: params.error })),
    clearAddressError: assign({ addressError: null }),
    changeAmount: assign(({ context, event }) => {
      assertEvent(event, 'amount.change');
      return amountOf(context, event.text);
    }),
    putMaxAmount: assign(({ context }) => amountOf(context, amountInputText(maxSendable(context), context.decimals))),
    forgetResume: assign({ resumeAt: null }),
    // Replaced in tests for keys they can predict; a new key per confirmation (see above).
    makeIdempotencyKey: assign(() => ({ idempotencyKey: globalThis.crypto.randomUUID(), submitError: null })),
    storeToken: assign(({ event }) => {
      assertEvent(event, 'passcode.confirmed');
      return { token: event.token, submitError: null };
    }),
    setSubmitError: assign((_, params: { error: SubmitError }) => ({ submitError: params.error })),
    clearSubmitError: assign({ submitError: null }),
    // The server's numbers (insufficient_funds, amount_below_minimum, amount_above_maximum) are
    // taken in and the amount checked again; the server's refusal stands until the amount changes.
    takeBalance: assign(({ context }, params: { error: unknown }) => {
      const data = field(params.error, 'data');
      const limits = {
        ...context,
        available: unitsField(data, 'available') ?? context.available,
        fee: unitsField(data, 'fee') ?? context.fee,
      };
      const checked = amountOf(limits, context.amountText);
      return {
        ...checked,
        available: limits.available,
        fee: limits.fee,
        amount: null,
        amountError: checked.amountError ?? 'above_balance',
      };
    }),
    takeMinimum: assign(({ context }, params: { error: unknown }) => {
      const min = unitsField(field(params.error, 'data'), 'min') ?? context.min;
      const checked = amountOf({ ...context, min }, context.amountText);
      return { ...checked, min, amount: null, amountError: checked.amountError ?? 'below_minimum' };
    }),
    takeMaximum: assign(({ context }, params: { error: unknown }) => {
      const max = unitsField(field(params.error, 'data'), 'max') ?? context.max;
      const checked = amountOf({ ...context, max }, context.amountText);
      return { ...checked, max, amount: null, amountError: checked.amountError ?? 'above_maximum' };
    }),
    takeAddressRejection: assign((_, params: { error: unknown }) => ({
      addressError: asCheckFailure(field(field(params.error, 'data'), 'result')),
    })),
    storeWithdrawal: assign((_, params: { id: string }) => ({ withdrawalId: params.id, submitError: null })),
  },
  guards: {
    addressFilled: ({ context }) => context.address.trim() !== '',
    resumesPastAddress: ({ context }) => context.resumeAt !== null && context.address.trim() !== '',
    resumesAtReview: ({ context }, params: { output: CheckAddressOutput }) =>
      params.output.result === 'valid' &&
      context.resumeAt === 'review' &&
      context.amount !== null &&
      context.amountError === null,
    amountValid: ({ context }) => context.amount !== null && context.amountError === null,
    isValidAddress: (_, params: { output: CheckAddressOutput }) => params.output.result === 'valid',
    tokenRefused: (_, params: { error: unknown }) => failureCode(params.error) === 'invalid_token',
    fundsShort: (_, params: { error: unknown }) => failureCode(params.error) === 'insufficient_funds',
    belowServerMinimum: (_, params: { error: unknown }) => failureCode(params.error) === 'amount_below_minimum',
    aboveServerMaximum: (_, params: { error: unknown }) => failureCode(params.error) === 'amount_above_maximum',
    addressRejected: (_, params: { error: unknown }) => failureCode(params.error) === 'address_rejected',
    forbidden: (_, params: { error: unknown }) => failureCode(params.error) === 'withdraw_forbidden',
    isUnavailable: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'network_not_found' || code === 'idempotency_conflict';
    },
  },
  actors: {
    checkAddress: fromPending<CheckAddressOutput, CheckAddressInput>(),
    createWithdrawal: fromPending<{ id: string }, CreateWithdrawalInput>(),
  },
}).createMachine({
  id: 'withdraw',
  description: 'Sends an asset to an address: address, amount, review, passcode, then the withdrawal.',
  context: ({ input }) => {
    const { draft, ...limits } = input;
    return {
      ...limits,
      ...amountOf(limits, draft?.amountText ?? ''),
      resumeAt: draft === undefined || draft.step === 'address' ? null : draft.step,
      address: draft?.address ?? '',
      addressError: null,
      idempotencyKey: null,
      token: null,
      submitError: null,
      withdrawalId: null,
    };
  },
  initial: 'start',
  states: {
    start: {
      description: 'A draft past the address step checks its address again first.',
      always: [
        { guard: 'resumesPastAddress', target: 'checking' },
        { target: 'address', actions: 'forgetResume' },
      ],
    },
    address: {
      description: 'Typed, pasted, picked from the address book or scanned; the view leaves the flow on back.',
      tags: ['address'],
      on: {
        'address.set': { actions: 'setAddress' },
        'address.submit': { guard: 'addressFilled', target: 'checking', actions: 'clearAddressError' },
      },
    },
    checking: {
      tags: ['address', 'busy'],
      invoke: {
        id: 'checkAddress',
        src: 'checkAddress',
        input: ({ context }) => ({ asset: context.asset, network: context.network, address: context.address.trim() }),
        onDone: [
          {
            description: 'A restored draft on the review with a valid amount: back to the review.',
            guard: { type: 'resumesAtReview', params: ({ event }) => ({ output: event.output }) },
            target: 'confirm',
            actions: [
              { type: 'storeCheckedAddress', params: ({ event }) => ({ output: event.output }) },
              'makeIdempotencyKey',
              'forgetResume',
            ],
          },
          {
            guard: { type: 'isValidAddress', params: ({ event }) => ({ output: event.output }) },
            target: 'amount',
            actions: [
              { type: 'storeCheckedAddress', params: ({ event }) => ({ output: event.output }) },
              'forgetResume',
            ],
          },
          {
            target: 'address',
            actions: [
              { type: 'setAddressError', params: ({ event }) => ({ error: asCheckFailure(event.output.result) }) },
              'forgetResume',
            ],
          },
        ],
        onError: {
          description: 'No answer: the address could not be checked.',
          target: 'address',
          actions: [{ type: 'setAddressError', params: { error: 'unreachable' } }, 'forgetResume'],
        },
      },
      on: { back: { target: 'address', actions: 'forgetResume' } },
    },
    amount: {
      tags: ['amount'],
      on: {
        'amount.change': { actions: 'changeAmount' },
        'amount.max': { actions: 'putMaxAmount' },
        'amount.submit': { guard: 'amountValid', target: 'confirm', actions: 'makeIdempotencyKey' },
        back: { target: 'address' },
      },
    },
    confirm: {
      description: 'The review: amount, fee, total and address.',
      tags: ['review'],
      on: {
        'confirm.accept': { target: 'passcode' },
        back: { target: 'amount' },
      },
    },
    passcode: {
      description: 'The view confirms with the passcode for the idempotency key and sends the token.',
      tags: ['passcode'],
      on: {
        'passcode.confirmed': { target: 'submitting', actions: 'storeToken' },
        back: { target: 'confirm', actions: 'clearSubmitError' },
      },
    },
    submitting: {
      description: 'Money may be moving: no way back until the server answers.',
      tags: ['busy'],
      invoke: {
        id: 'createWithdrawal',
        src: 'createWithdrawal',
        input: ({ context }) => ({
          asset: context.asset,
          network: context.network,
          address: context.address,
          amount: context.amount ?? '0',
          idempotency_key: context.idempotencyKey ?? '',
          token: context.token ?? '',
        }),
        onDone: {
          target: 'done',
          actions: { type: 'storeWithdrawal', params: ({ event }) => ({ id: event.output.id }) },
        },
        onError: [
          {
            description: 'The token was spent or expired: confirm again, same key.',
            guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'passcode',
            actions: { type: 'setSubmitError', params: { error: 'invalid_token' } },
          },
          {
            guard: { type: 'fundsShort', params: ({ event }) => ({ error: event.error }) },
            target: 'amount',
            actions: { type: 'takeBalance', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'belowServerMinimum', params: ({ event }) => ({ error: event.error }) },
            target: 'amount',
            actions: { type: 'takeMinimum', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'aboveServerMaximum', params: ({ event }) => ({ error: event.error }) },
            target: 'amount',
            actions: { type: 'takeMaximum', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'addressRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'address',
            actions: { type: 'takeAddressRejection', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'setSubmitError', params: { error: 'withdraw_forbidden' } },
          },
          {
            guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'setSubmitError', params: { error: 'unavailable' } },
          },
          {
            description: 'No answer or a server error: the withdrawal may or may not exist.',
            target: 'failed',
            actions: { type: 'setSubmitError', params: { error: 'failed' } },
          },
        ],
      },
    },
    failed: {
      description: 'Retry sends the same idempotency key and token: at most one withdrawal.',
      tags: ['failed'],
      on: {
        retry: { target: 'submitting', actions: 'clearSubmitError' },
        back: { target: 'confirm', actions: 'clearSubmitError' },
      },
    },
    refused: {
      description: 'Withdrawals are off for this person or network.',
      tags: ['refused'],
      on: { back: { target: 'confirm', actions: 'clearSubmitError' } },
    },
    done: {
      tags: ['done'],
      type: 'final',
    },
  },
  output: ({ context }) => ({ withdrawalId: context.withdrawalId ?? '' }),
});
