import { assertEvent, assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import type { P2cAsset, P2cClientPayment, P2cDisputeReason, P2cQrCode, P2cQuote } from '../src/contract/p2c.ts';
import { type PasscodeConfirmInput, passcodeConfirmMachine } from './passcodeConfirm.machine.ts';

/**
 * Paying a shop's QR code with crypto, as its client (spec 001 s.3 "P2C payment", s.4 "P2C payment,
 * client view", s.9 polling; spec 000 `/qr-pay`, token purpose `p2c_qr`). Decisions: docs/p2c.md
 * "The client's flow".
 *
 * Input: where the flow starts (`start`: a code's id and the asset to quote in, or a payment of the
 * caller's, with its last known state when the app has it), whether a passcode is set, and what the
 * passcode step needs.
 *
 * - `looking` asks what the code wants and the quote (`lookupCode`). The caller's own unfinished
 *   payment of it opens instead (`opening`, no second payment); a paid or expired code, an unknown
 *   one, or one out of range is `unavailable` with its `problem`; `p2c_pay_forbidden` is `forbidden`
 *   (the view asks to verify for p2c-client: `verify` → `verifying`, final); no answer `loadFailed`.
 * - `quote` shows the code and the quote. The quote holds 30 s: 25 s after it came (`quoteRefresh`)
 *   it is fetched again (`quote.refreshing`), a failed refresh tries again after 5 s. `asset.set`
 *   quotes in the other asset. `pay`: when the settings say the caller may not pay
 *   (`canPay`, `can_create_p2c_order`) → `forbidden`; without a passcode → `settingPasscode`
 *   (final: the view opens the set-passcode flow with the strict suggestion); else `passcode`.
 * - `passcode` invokes passcodeConfirm (child `passcode`) for `p2c_qr` with the payment's
 *   `unique_hash`; its token goes on to `paying` (`payCode`). Refusals: `quote_expired` → `quote`
 *   with the fresh quote of its data (`quoteRenewed`); `invalid_token` → the passcode again;
 *   `qr_not_payable` → `unavailable`; `p2c_pay_forbidden` → `forbidden`; no answer or a 5xx →
 *   `payFailed` (retry: the same hash and token, the server makes one payment per hash); anything
 *   else (`insufficient_funds`…) → `quote` with the refusal shown. Every refusal makes a new hash.
 * - `tracking` follows the payment: every 9 s while pending, every 500 ms while processing, every
 *   5 s while completed or disputed (spec 001 s.9); expired (shown canceled) and refunded no longer
 *   change, so they are not polled. A failed poll waits for the next one.
 * - `dispute.open` (completed, with a dispute window) → `disputing`: the reason and the message,
 *   `dispute.submit` sends them (`openDispute`) and goes back to the payment; a refusal stays on the
 *   form with its code.
 *
 * `unique_hash` (64 letters and digits) is made when the flow starts and after every refusal
 * (`makeHash`, replaced in tests). Tags: `loading`, `failed`, `quote`, `refreshing`, `passcode`,
 * `busy`, `unavailable`, `forbidden`, `payment`, `dispute`, `verify`, `setPasscode`.
 *
 * The app provides `lookupCode`, `payCode`, `fetchPayment` and `openDispute` (each rejecting with
 * a `QrPaymentFailure`) and `passcodeConfirm` with its actors.
 */

/** Spec 001 s.9 "Poll of QR payment": 9 s pending, 500 ms processing, 5 s otherwise. */
export const pendingPollMs = 9_000;
export const processingPollMs = 500;
export const settledPollMs = 5_000;
/** The quote is fetched again this long after it came: 5 s before its 30 s run out. */
export const quoteRefreshMs = 25_000;
/** After a refresh got no answer. */
export const quoteRetryMs = 5_000;
/** Spec 001 s.3: the dispute message's length. */
export const disputeMessageMaxLength = 1000;

export type QrPaymentStart =
  | { kind: 'code'; qrId: string; asset: P2cAsset }
  | {
      kind: 'payment';
      paymentId: number;
      payment: P2cClientPayment | null;
      /** Reloaded on the dispute form's URL: it opens again once the payment is known to be disputable. */
      resumeDispute?: boolean;
    };

export type QrPaymentPasscodeFacts = Omit<PasscodeConfirmInput, 'transactionType' | 'hash'>;

export interface QrPaymentInput {
  start: QrPaymentStart;
  /** The settings' `can_create_p2c_order`: false sends Pay to the verification prompt at once. */
  canPay: boolean;
  hasPasscode: boolean;
  passcode: QrPaymentPasscodeFacts;
}

/** Why a code cannot be paid here. */
export type QrPaymentProblem = 'not_found' | 'not_payable' | 'out_of_range' | 'payment_not_found';

/** How the app's calls reject: the HTTP status (null without an answer), the server's code and data. */
export interface QrPaymentFailure {
  status: number | null;
  code: string | null;
  data?: unknown;
}

/** A refusal shown on the quote or the dispute form, by its code, with its data. */
export interface QrPaymentRefusal {
  code: string | null;
  data: unknown;
}

export interface LookupAnswer {
  qr: P2cQrCode;
  quote: P2cQuote | null;
  payment_id: number | null;
}

export interface LookupInput {
  qrId: string;
  asset: P2cAsset;
}

export interface PayInput {
  qrId: string;
  body: { asset: P2cAsset; quote_id: string; unique_hash: string; token: string };
}

export interface DisputeInput {
  paymentId: number;
  body: { reason: P2cDisputeReason; message: string };
}

export interface QrPaymentContext {
  qrId: string | null;
  paymentId: number | null;
  asset: P2cAsset;
  canPay: boolean;
  hasPasscode: boolean;
  passcode: QrPaymentPasscodeFacts;
  code: P2cQrCode | null;
  quote: P2cQuote | null;
  /** The quote was replaced by the one a `quote_expired` answer brought: the view says the price moved. */
  quoteRenewed: boolean;
  problem: QrPaymentProblem | null;
  /** `qr_amount_out_of_range`'s limits, in roubles. */
  limits: { min: string; max: string } | null;
  refusal: QrPaymentRefusal | null;
  uniqueHash: string;
  token: string | null;
  tokenRefused: boolean;
  payment: P2cClientPayment | null;
  /** A reload on the dispute form's URL, until the payment is known: see `QrPaymentStart`. */
  resumeDispute: boolean;
  disputeReason: P2cDisputeReason | null;
  disputeMessage: string;
  disputeRefusal: QrPaymentRefusal | null;
}

export type QrPaymentEvent =
  | { type: 'asset.set'; asset: P2cAsset }
  | { type: 'pay' }
  | { type: 'retry' }
  | { type: 'back' }
  | { type: 'verify' }
  | { type: 'dispute.open' }
  | { type: 'dispute.reason'; reason: P2cDisputeReason }
  | { type: 'dispute.message'; text: string }
  | { type: 'dispute.submit' };

export type QrPaymentTag =
  | 'loading'
  | 'failed'
  | 'quote'
  | 'refreshing'
  | 'passcode'
  | 'busy'
  | 'unavailable'
  | 'forbidden'
  | 'payment'
  | 'dispute'
  | 'verify'
  | 'setPasscode';

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

function failureCode(error: unknown): string | null {
  const code = field(error, 'code');
  return typeof code === 'string' ? code : null;
}

function failureStatus(error: unknown): number | null {
  const status = field(error, 'status');
  return typeof status === 'number' ? status : null;
}

function isQuote(value: unknown): value is P2cQuote {
  return ['id', 'asset', 'rate', 'amount', 'fee', 'total', 'expires_at'].every(
    (key) => typeof field(value, key) === 'string',
  );
}

/** `qr_amount_out_of_range`'s data: `{ min, max }` in roubles. */
function limitsOf(error: unknown): { min: string; max: string } | null {
  const data = field(error, 'data');
  const min = field(data, 'min');
  const max = field(data, 'max');
  return typeof min === 'string' && typeof max === 'string' ? { min, max } : null;
}

function problemOf(error: unknown): QrPaymentProblem {
  switch (failureCode(error)) {
    case 'qr_amount_out_of_range':
      return 'out_of_range';
    case 'qr_not_found':
      return 'not_found';
    case 'payment_not_found':
      return 'payment_not_found';
    default:
      return failureStatus(error) === 404 ? 'not_found' : 'not_payable';
  }
}

const hashAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 64 random letters and digits (contract `p2cUniqueHash`); the modulo's slight bias leaves over 380 bits. */
export function newPaymentHash(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(64));
  return Array.from(bytes, (byte) => hashAlphabet[byte % hashAlphabet.length]).join('');
}

export const qrPaymentMachine = setup({
  types: {
    context: {} as QrPaymentContext,
    events: {} as QrPaymentEvent,
    input: {} as QrPaymentInput,
    tags: {} as QrPaymentTag,
    children: {} as {
      passcode: 'passcodeConfirm';
      lookupCode: 'lookupCode';
      payCode: 'payCode';
      fetchPayment: 'fetchPayment';
      openDispute: 'openDispute';
    },
  },
  delays: {
    quoteRefresh: quoteRefreshMs,
    quoteRetry: quoteRetryMs,
    pendingPoll: pendingPollMs,
    processingPoll: processingPollMs,
    settledPoll: settledPollMs,
  },
  actions: {
    // Replaced in tests for hashes they can predict.
    makeHash: assign(() => ({ uniqueHash: newPaymentHash(), token: null })),
    setAsset: assign(({ event }) => {
      assertEvent(event, 'asset.set');
      return { asset: event.asset, refusal: null, quoteRenewed: false };
    }),
    storeLookup: assign((_, params: { answer: LookupAnswer }) => ({
      code: params.answer.qr,
      quote: params.answer.quote,
      quoteRenewed: false,
    })),
    openOwnPayment: assign((_, params: { answer: LookupAnswer }) => ({ paymentId: params.answer.payment_id })),
    markNotPayable: assign({ problem: 'not_payable' as const }),
    storeProblem: assign((_, params: { error: unknown }) => ({
      problem: problemOf(params.error),
      limits: limitsOf(params.error),
    })),
    clearRefusal: assign({ refusal: null, quoteRenewed: false }),
    storeToken: assign((_, params: { token: string }) => ({ token: params.token, tokenRefused: false })),
    markTokenRefused: assign({ tokenRefused: true }),
    clearTokenRefused: assign({ tokenRefused: false }),
    takeRenewedQuote: assign((_, params: { error: unknown }) => {
      const quote = field(field(params.error, 'data'), 'quote');
      return isQuote(quote) ? { quote, quoteRenewed: true, refusal: null } : {};
    }),
    storeRefusal: assign((_, params: { error: unknown }) => ({
      refusal: { code: failureCode(params.error), data: field(params.error, 'data') },
    })),
    storePayment: assign((_, params: { payment: P2cClientPayment }) => ({
      payment: params.payment,
      paymentId: params.payment.id,
    })),
    setDisputeReason: assign(({ event }) => {
      assertEvent(event, 'dispute.reason');
      return { disputeReason: event.reason, disputeRefusal: null };
    }),
    setDisputeMessage: assign(({ event }) => {
      assertEvent(event, 'dispute.message');
      return { disputeMessage: event.text, disputeRefusal: null };
    }),
    storeDisputeRefusal: assign((_, params: { error: unknown }) => ({
      disputeRefusal: { code: failureCode(params.error), data: field(params.error, 'data') },
    })),
    forgetDispute: assign({ disputeReason: null, disputeMessage: '', disputeRefusal: null }),
    forgetResume: assign({ resumeDispute: false }),
  },
  guards: {
    startsWithKnownPayment: ({ context }) => context.payment !== null,
    startsWithPayment: ({ context }) => context.paymentId !== null,
    ownPaymentOpen: (_, params: { answer: LookupAnswer }) => params.answer.payment_id !== null,
    payable: (_, params: { answer: LookupAnswer }) =>
      params.answer.qr.state === 'payable' && params.answer.quote !== null,
    otherAsset: ({ context, event }) => event.type === 'asset.set' && event.asset !== context.asset,
    cannotPay: ({ context }) => !context.canPay,
    noPasscode: ({ context }) => !context.hasPasscode,
    noAnswer: (_, params: { error: unknown }) => {
      const status = failureStatus(params.error);
      return status === null || status >= 500;
    },
    forbidden: (_, params: { error: unknown }) => failureCode(params.error) === 'p2c_pay_forbidden',
    quoteExpired: (_, params: { error: unknown }) =>
      failureCode(params.error) === 'quote_expired' && isQuote(field(field(params.error, 'data'), 'quote')),
    tokenRefused: (_, params: { error: unknown }) => failureCode(params.error) === 'invalid_token',
    notPayable: (_, params: { error: unknown }) => failureCode(params.error) === 'qr_not_payable',
    paymentMissing: (_, params: { error: unknown }) => failureStatus(params.error) === 404,
    statusIs: ({ context }, params: { status: P2cClientPayment['status'] }) =>
      context.payment?.status === params.status,
    disputable: ({ context }) => context.payment?.status === 'completed' && context.payment.dispute_until !== null,
    resumesDispute: ({ context }) =>
      context.resumeDispute && context.payment?.status === 'completed' && context.payment.dispute_until !== null,
    disputeReady: ({ context }) => {
      const length = context.disputeMessage.trim().length;
      return context.disputeReason !== null && length > 0 && length <= disputeMessageMaxLength;
    },
  },
  actors: {
    passcodeConfirm: passcodeConfirmMachine,
    lookupCode: fromPending<LookupAnswer, LookupInput>(),
    payCode: fromPending<P2cClientPayment, PayInput>(),
    fetchPayment: fromPending<P2cClientPayment, { paymentId: number }>(),
    openDispute: fromPending<P2cClientPayment, DisputeInput>(),
  },
}).createMachine({
  id: 'qrPayment',
  description: 'Pays a shop’s QR code with crypto: the quote, the passcode, then the payment until it settles.',
  context: ({ input }) => ({
    qrId: input.start.kind === 'code' ? input.start.qrId : null,
    paymentId: input.start.kind === 'payment' ? input.start.paymentId : null,
    asset: input.start.kind === 'code' ? input.start.asset : 'USDT',
    canPay: input.canPay,
    hasPasscode: input.hasPasscode,
    passcode: input.passcode,
    code: null,
    quote: null,
    quoteRenewed: false,
    problem: null,
    limits: null,
    refusal: null,
    uniqueHash: '',
    token: null,
    tokenRefused: false,
    payment: input.start.kind === 'payment' ? input.start.payment : null,
    resumeDispute: input.start.kind === 'payment' && input.start.resumeDispute === true,
    disputeReason: null,
    disputeMessage: '',
    disputeRefusal: null,
  }),
  entry: 'makeHash',
  initial: 'starting',
  states: {
    starting: {
      description: 'A payment the app already holds shows at once; a payment id is fetched; a code is looked up.',
      always: [
        { guard: 'startsWithKnownPayment', target: 'tracking' },
        { guard: 'startsWithPayment', target: 'opening' },
        { target: 'looking' },
      ],
    },
    looking: {
      tags: ['loading'],
      invoke: {
        id: 'lookupCode',
        src: 'lookupCode',
        input: ({ context }) => ({ qrId: context.qrId ?? '', asset: context.asset }),
        onDone: [
          {
            description: 'The caller already pays this code: that payment opens, no second one.',
            guard: { type: 'ownPaymentOpen', params: ({ event }) => ({ answer: event.output }) },
            target: 'opening',
            actions: { type: 'openOwnPayment', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'payable', params: ({ event }) => ({ answer: event.output }) },
            target: 'quote',
            actions: { type: 'storeLookup', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'unavailable',
            actions: [{ type: 'storeLookup', params: ({ event }) => ({ answer: event.output }) }, 'markNotPayable'],
          },
        ],
        onError: [
          { guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) }, target: 'loadFailed' },
          { guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) }, target: 'forbidden' },
          {
            target: 'unavailable',
            actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    opening: {
      tags: ['loading'],
      invoke: {
        id: 'fetchPayment',
        src: 'fetchPayment',
        input: ({ context }) => ({ paymentId: context.paymentId ?? 0 }),
        onDone: {
          target: 'tracking',
          actions: { type: 'storePayment', params: ({ event }) => ({ payment: event.output }) },
        },
        onError: [
          {
            guard: { type: 'paymentMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: { type: 'storeProblem', params: () => ({ error: { code: 'payment_not_found' } }) },
          },
          { target: 'loadFailed' },
        ],
      },
    },
    loadFailed: {
      description: 'No answer: the code or the payment is asked for again on retry.',
      tags: ['failed'],
      on: { retry: { target: 'starting' } },
    },
    unavailable: {
      description: 'Unknown, paid, expired or out of range: nothing to pay; the view leaves on back.',
      tags: ['unavailable'],
    },
    forbidden: {
      description: 'The caller may not pay codes yet (p2c-client verification).',
      tags: ['forbidden'],
      on: { verify: { target: 'verifying' } },
    },
    quote: {
      tags: ['quote'],
      initial: 'showing',
      on: {
        'asset.set': { guard: 'otherAsset', target: 'looking', actions: 'setAsset' },
        pay: [
          {
            description: 'Not allowed to pay yet (can_create_p2c_order): verify first, no passcode typed in vain.',
            guard: 'cannotPay',
            target: 'forbidden',
          },
          {
            description: 'No passcode: set one first (the strict suggestion).',
            guard: 'noPasscode',
            target: 'settingPasscode',
          },
          { target: 'passcode', actions: 'clearRefusal' },
        ],
      },
      states: {
        showing: { after: { quoteRefresh: { target: 'refreshing' } } },
        waitingToRetry: { after: { quoteRetry: { target: 'refreshing' } } },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'lookupCode',
            src: 'lookupCode',
            input: ({ context }) => ({ qrId: context.qrId ?? '', asset: context.asset }),
            onDone: [
              {
                guard: { type: 'ownPaymentOpen', params: ({ event }) => ({ answer: event.output }) },
                target: '#qrPayment.opening',
                actions: { type: 'openOwnPayment', params: ({ event }) => ({ answer: event.output }) },
              },
              {
                guard: { type: 'payable', params: ({ event }) => ({ answer: event.output }) },
                target: 'showing',
                actions: { type: 'storeLookup', params: ({ event }) => ({ answer: event.output }) },
              },
              {
                target: '#qrPayment.unavailable',
                actions: [{ type: 'storeLookup', params: ({ event }) => ({ answer: event.output }) }, 'markNotPayable'],
              },
            ],
            onError: [
              {
                guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
                target: 'waitingToRetry',
              },
              {
                guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
                target: '#qrPayment.forbidden',
              },
              {
                target: '#qrPayment.unavailable',
                actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    passcode: {
      tags: ['passcode'],
      invoke: {
        id: 'passcode',
        src: 'passcodeConfirm',
        input: ({ context }) => ({ ...context.passcode, transactionType: 'p2c_qr' as const, hash: context.uniqueHash }),
        onDone: {
          target: 'paying',
          actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
        },
      },
      on: {
        back: {
          description: 'The quote may have aged while the passcode was typed: it is fetched again.',
          target: 'quote.refreshing',
          actions: 'clearTokenRefused',
        },
      },
    },
    paying: {
      description: 'The crypto may be being held: no way back until the server answers.',
      tags: ['busy'],
      invoke: {
        id: 'payCode',
        src: 'payCode',
        input: ({ context }) => ({
          qrId: context.qrId ?? '',
          body: {
            asset: context.asset,
            quote_id: context.quote?.id ?? '',
            unique_hash: context.uniqueHash,
            token: context.token ?? '',
          },
        }),
        onDone: {
          target: 'tracking',
          actions: { type: 'storePayment', params: ({ event }) => ({ payment: event.output }) },
        },
        onError: [
          {
            description: 'The quote ran out: its fresh one shows, to pay again at it.',
            guard: { type: 'quoteExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'quote',
            actions: [{ type: 'takeRenewedQuote', params: ({ event }) => ({ error: event.error }) }, 'makeHash'],
          },
          {
            guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'passcode',
            actions: ['makeHash', 'markTokenRefused'],
          },
          {
            description: 'No answer: the payment may exist; a retry with the same hash finds it.',
            guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'payFailed',
          },
          {
            guard: { type: 'notPayable', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: 'markNotPayable',
          },
          {
            guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'forbidden',
          },
          {
            target: 'quote',
            actions: [{ type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) }, 'makeHash'],
          },
        ],
      },
    },
    payFailed: {
      description: 'Retry sends the same hash and token: at most one payment.',
      tags: ['failed'],
      on: {
        retry: { target: 'paying' },
        back: { target: 'quote.refreshing', actions: 'makeHash' },
      },
    },
    tracking: {
      tags: ['payment'],
      initial: 'sorting',
      on: { 'dispute.open': { guard: 'disputable', target: 'disputing' } },
      states: {
        sorting: {
          exit: 'forgetResume',
          always: [
            {
              description: 'Reloaded on the dispute form: it opens again if the payment can still be disputed.',
              guard: 'resumesDispute',
              target: '#qrPayment.disputing',
            },
            { guard: { type: 'statusIs', params: { status: 'pending' } }, target: 'pending' },
            { guard: { type: 'statusIs', params: { status: 'processing' } }, target: 'processing' },
            { guard: { type: 'statusIs', params: { status: 'completed' } }, target: 'watching' },
            { guard: { type: 'statusIs', params: { status: 'disputed' } }, target: 'watching' },
            { target: 'settled' },
          ],
        },
        pending: { after: { pendingPoll: { target: 'fetching' } } },
        processing: { after: { processingPoll: { target: 'fetching' } } },
        watching: {
          description: 'Completed or disputed: the dispute window closes, support decides.',
          after: { settledPoll: { target: 'fetching' } },
        },
        settled: {
          description: 'Expired (shown canceled) or refunded: it no longer changes.',
        },
        fetching: {
          invoke: {
            id: 'fetchPayment',
            src: 'fetchPayment',
            input: ({ context }) => ({ paymentId: context.paymentId ?? 0 }),
            onDone: {
              target: 'sorting',
              actions: { type: 'storePayment', params: ({ event }) => ({ payment: event.output }) },
            },
            onError: { target: 'sorting' },
          },
        },
      },
    },
    disputing: {
      tags: ['dispute'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'dispute.reason': { actions: 'setDisputeReason' },
            'dispute.message': { actions: 'setDisputeMessage' },
            'dispute.submit': { guard: 'disputeReady', target: 'sending' },
            back: { target: '#qrPayment.tracking' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'openDispute',
            src: 'openDispute',
            input: ({ context }) => ({
              paymentId: context.paymentId ?? 0,
              body: { reason: context.disputeReason ?? 'other', message: context.disputeMessage.trim() },
            }),
            onDone: {
              target: '#qrPayment.tracking',
              actions: [{ type: 'storePayment', params: ({ event }) => ({ payment: event.output }) }, 'forgetDispute'],
            },
            onError: {
              target: 'editing',
              actions: { type: 'storeDisputeRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    settingPasscode: {
      description: 'The view opens the set-passcode flow with the strict suggestion.',
      tags: ['setPasscode'],
      type: 'final',
    },
    verifying: {
      description: 'The view opens the p2c-client verification.',
      tags: ['verify'],
      type: 'final',
    },
  },
});
