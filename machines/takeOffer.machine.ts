import { and, assertEvent, assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { type PasscodeConfirmInput, passcodeConfirmMachine } from './passcodeConfirm.machine.ts';
import {
  type AmountType,
  checkTakeAmount,
  convertAmountText,
  maxAmountText,
  type TakeAmountCheck,
  type TakeFacts,
  takerSells,
} from './takeOffer/amountRules.ts';

/**
 * Taking a P2P offer (spec 001 s.2 "Take-offer form", "Confirm sheet"; s.4 "Taker order flow",
 * "Take-offer passcode rule"; s.7 `POST /p2p/orders/{offerId}`; P2P.md "Price lock", "Unverified
 * sellers"). Decisions: docs/p2p.md "Taking an offer".
 *
 * Input: the offer's id, the amount facts (`TakeFacts`: type, price, limits, remaining volume,
 * decimals, the taker's balance when they sell), whether the offer is online, the remembered
 * `draft` (amount text and type), the chosen payment method, whether the one-time verification
 * notice is due (an unverified seller who has not seen it), whether a passcode is set, and what
 * the passcode step needs.
 *
 * - `editing`: `amount.change` (checked at once by the shared rules), `amount.toggle` (the typed
 *   amount converted to the other currency), `amount.max`, `method.set`, `facts.update` (the offer
 *   and balance refresh). `submit` only with a valid amount, a method, and the offer online: a
 *   taker who sells (a buy offer) without a passcode goes to `settingPasscode` (final: the view
 *   opens the set-passcode flow with the strict suggestion), everyone else to `confirming`.
 * - `confirming`: the confirm sheet, at the price quoted when it opened (the price the order is
 *   asked for). `confirm.accept` → `notice` when due, else `passcode` (a seller) or `submitting`.
 * - `notice`: the verification notice, shown once (`rememberNotice` on entry). `notice.verify` →
 *   `verifying` (final: the view opens verification); `notice.skip` goes on as above.
 * - `passcode` invokes the passcodeConfirm machine as the child `passcode` for transaction type
 *   `p2p` with the order's `unique_hash` as the hash; its token goes on to `submitting`.
 * - `submitting` invokes `createOrder`. Done → `done` (final, the order's id). Failures by the
 *   server's code: `price_changed` → `confirming` again at `data.price`; `invalid_token` → the
 *   passcode again (a seller's; a buyer sends none); no answer or a 5xx → `failed` (retry sends the same hash and token: the
 *   server makes one order per hash); anything else → `editing` with the code and data shown
 *   (errors.create.{code}). Every refusal makes a new hash (spec 001 s.3, s.4).
 *
 * `unique_hash` (64 characters) is made when the flow starts and after every refusal
 * (`makeHash`, replaced in tests). `back` goes one step back from every state but `editing` (the
 * view leaves the offer) and `submitting`. Tags: `form`, `sheet`, `notice`, `passcode`, `busy`,
 * `failed`, `done`, `verify`, `setPasscode`.
 *
 * The app provides `createOrder` (input `CreateOrderInput`, output `{ id }`, rejecting with
 * `CreateOrderFailure`), `passcodeConfirm` with its actors, and `rememberNotice`.
 */

/** The payment method the order names: its saved id and catalogue entry. */
export interface TakeMethod {
  id: number;
  identifier: string;
  childIdentifier: string | null;
}

export interface TakeOfferDraft {
  amount: string;
  type: AmountType;
}

/** What the passcode step needs besides the transaction type and hash. */
export type TakeOfferPasscodeFacts = Omit<PasscodeConfirmInput, 'transactionType' | 'hash'>;

export interface TakeOfferInput {
  offerId: number;
  facts: TakeFacts;
  online: boolean;
  draft: TakeOfferDraft;
  method: TakeMethod | null;
  /** An unverified seller who has not seen the verification notice yet. */
  noticeDue: boolean;
  hasPasscode: boolean;
  passcode: TakeOfferPasscodeFacts;
}

/** A refusal of the create call, shown as errors.create.{code} with its data. */
export interface TakeOfferRefusal {
  code: string | null;
  data: unknown;
}

export interface TakeOfferContext extends Omit<TakeOfferInput, 'draft'> {
  amountText: string;
  amountType: AmountType;
  check: TakeAmountCheck;
  /** The price on the confirm sheet: the price the order asks for. */
  quotedPrice: string | null;
  /** The server refused the quoted price: the sheet says the price changed. */
  priceChanged: boolean;
  uniqueHash: string;
  token: string | null;
  /** The passcode token was refused: the passcode step says so. */
  tokenRefused: boolean;
  refusal: TakeOfferRefusal | null;
  orderId: number | null;
}

export type TakeOfferEvent =
  | { type: 'amount.change'; text: string }
  | { type: 'amount.toggle' }
  | { type: 'amount.max' }
  | { type: 'method.set'; method: TakeMethod | null }
  | { type: 'facts.update'; facts: TakeFacts; online: boolean }
  | { type: 'submit' }
  | { type: 'confirm.accept' }
  | { type: 'notice.verify' }
  | { type: 'notice.skip' }
  | { type: 'retry' }
  | { type: 'back' };

export type TakeOfferTag =
  | 'form'
  | 'sheet'
  | 'notice'
  | 'passcode'
  | 'busy'
  | 'failed'
  | 'done'
  | 'verify'
  | 'setPasscode';

/** The body of `POST /p2p/orders/{offerId}` (contract `createOrderBody`) and the offer's id. */
export interface CreateOrderInput {
  offerId: number;
  body: {
    identifier: string;
    child_identifier: string | null;
    payment_method_id: number;
    amount: string;
    amount_type: AmountType;
    price: string;
    unique_hash: string;
    token: string | null;
  };
}

/** How the app's `createOrder` rejects: the HTTP status (null without an answer), the code and data. */
export interface CreateOrderFailure {
  status: number | null;
  code: string | null;
  data?: unknown;
}

export interface TakeOfferOutput {
  orderId: number;
}

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

/** A fiat price as the contract writes it ("95.5"), from a `price_changed` answer's data. */
function changedPrice(error: unknown): string | null {
  const price = field(field(error, 'data'), 'price');
  return typeof price === 'string' && /^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/.test(price) ? price : null;
}

const hashAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 64 random characters of the contract's alphabet (`orderUniqueHash`): 384 bits. */
export function newUniqueHash(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(64));
  return Array.from(bytes, (byte) => hashAlphabet[byte % 64]).join('');
}

function checked(facts: TakeFacts, amountText: string, amountType: AmountType) {
  return { amountText, amountType, check: checkTakeAmount(amountText, amountType, facts) };
}

/** What the order asks for in the typed currency: fiat as a decimal, crypto in smallest units. */
function orderAmount(context: TakeOfferContext): string {
  if (context.check.status !== 'valid') return '0';
  return context.amountType === 'fiat' ? context.check.fiat : context.check.crypto;
}

export const takeOfferMachine = setup({
  types: {
    context: {} as TakeOfferContext,
    events: {} as TakeOfferEvent,
    input: {} as TakeOfferInput,
    output: {} as TakeOfferOutput,
    tags: {} as TakeOfferTag,
    children: {} as { passcode: 'passcodeConfirm'; createOrder: 'createOrder' },
  },
  actions: {
    changeAmount: assign(({ context, event }) => {
      assertEvent(event, 'amount.change');
      return { ...checked(context.facts, event.text, context.amountType), refusal: null };
    }),
    toggleAmount: assign(({ context }) => {
      const other: AmountType = context.amountType === 'fiat' ? 'crypto' : 'fiat';
      const text = convertAmountText(context.amountText, context.amountType, context.facts);
      return { ...checked(context.facts, text, other), refusal: null };
    }),
    putMax: assign(({ context }) => ({
      ...checked(context.facts, maxAmountText(context.amountType, context.facts), context.amountType),
      refusal: null,
    })),
    setMethod: assign(({ event }) => {
      assertEvent(event, 'method.set');
      return { method: event.method };
    }),
    updateFacts: assign(({ context, event }) => {
      assertEvent(event, 'facts.update');
      return {
        facts: event.facts,
        online: event.online,
        check: checkTakeAmount(context.amountText, context.amountType, event.facts),
      };
    }),
    quotePrice: assign(({ context }) => ({ quotedPrice: context.facts.price, priceChanged: false, refusal: null })),
    // Replaced in tests for hashes they can predict.
    makeHash: assign(() => ({ uniqueHash: newUniqueHash(), token: null })),
    forgetNotice: assign({ noticeDue: false }),
    rememberNotice: () => {},
    storeToken: assign((_, params: { token: string }) => ({ token: params.token, tokenRefused: false })),
    markTokenRefused: assign({ tokenRefused: true }),
    clearTokenRefused: assign({ tokenRefused: false }),
    takeNewPrice: assign(({ context }, params: { error: unknown }) => {
      const price = changedPrice(params.error) ?? context.facts.price;
      const facts = { ...context.facts, price };
      return {
        facts,
        check: checkTakeAmount(context.amountText, context.amountType, facts),
        quotedPrice: price,
        priceChanged: true,
      };
    }),
    storeRefusal: assign((_, params: { error: unknown }) => ({
      refusal: { code: failureCode(params.error), data: field(params.error, 'data') },
    })),
    storeOrder: assign((_, params: { id: number }) => ({ orderId: params.id })),
  },
  guards: {
    canSubmit: ({ context }) => context.check.status === 'valid' && context.method !== null && context.online,
    needsPasscodeSet: ({ context }) => takerSells(context.facts.type) && !context.hasPasscode,
    noticeDue: ({ context }) => context.noticeDue,
    takerSells: ({ context }) => takerSells(context.facts.type),
    priceChanged: (_, params: { error: unknown }) =>
      failureCode(params.error) === 'price_changed' && changedPrice(params.error) !== null,
    tokenRefused: ({ context }, params: { error: unknown }) =>
      takerSells(context.facts.type) && failureCode(params.error) === 'invalid_token',
    noAnswer: (_, params: { error: unknown }) => {
      const status = failureStatus(params.error);
      return status === null || status >= 500;
    },
  },
  actors: {
    passcodeConfirm: passcodeConfirmMachine,
    createOrder: fromPending<{ id: number }, CreateOrderInput>(),
  },
}).createMachine({
  id: 'takeOffer',
  description: 'Takes a P2P offer: amount and method, the confirm sheet, the notice, the passcode, the order.',
  context: ({ input }) => {
    const { draft, ...rest } = input;
    return {
      ...rest,
      ...checked(input.facts, draft.amount, draft.type),
      quotedPrice: null,
      priceChanged: false,
      uniqueHash: '',
      token: null,
      tokenRefused: false,
      refusal: null,
      orderId: null,
    };
  },
  entry: 'makeHash',
  initial: 'editing',
  states: {
    editing: {
      description: 'The take form; the view leaves the offer on back.',
      tags: ['form'],
      on: {
        'amount.change': { actions: 'changeAmount' },
        'amount.toggle': { actions: 'toggleAmount' },
        'amount.max': { actions: 'putMax' },
        'method.set': { actions: 'setMethod' },
        'facts.update': { actions: 'updateFacts' },
        submit: [
          {
            description: 'A seller with no passcode sets one first (the strict suggestion).',
            guard: and(['canSubmit', 'needsPasscodeSet']),
            target: 'settingPasscode',
          },
          { guard: 'canSubmit', target: 'confirming', actions: 'quotePrice' },
        ],
      },
    },
    confirming: {
      description: 'The confirm sheet at the quoted price; a price that moves since is the server’s price_changed.',
      tags: ['form', 'sheet'],
      on: {
        'confirm.accept': [
          { guard: 'noticeDue', target: 'notice' },
          { guard: 'takerSells', target: 'passcode' },
          { target: 'submitting' },
        ],
        back: { target: 'editing' },
      },
    },
    notice: {
      description: 'The verification notice with the unlock duration, shown once per person.',
      tags: ['notice'],
      entry: ['forgetNotice', 'rememberNotice'],
      on: {
        'notice.verify': { target: 'verifying' },
        'notice.skip': [{ guard: 'takerSells', target: 'passcode' }, { target: 'submitting' }],
        back: { target: 'confirming' },
      },
    },
    passcode: {
      tags: ['passcode'],
      invoke: {
        id: 'passcode',
        src: 'passcodeConfirm',
        input: ({ context }) => ({ ...context.passcode, transactionType: 'p2p' as const, hash: context.uniqueHash }),
        onDone: {
          target: 'submitting',
          actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
        },
      },
      on: { back: { target: 'confirming', actions: 'clearTokenRefused' } },
    },
    submitting: {
      description: 'The order may be being made: no way back until the server answers.',
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          offerId: context.offerId,
          body: {
            identifier: context.method?.identifier ?? '',
            child_identifier: context.method?.childIdentifier ?? null,
            payment_method_id: context.method?.id ?? 0,
            amount: orderAmount(context),
            amount_type: context.amountType,
            price: context.quotedPrice ?? context.facts.price,
            unique_hash: context.uniqueHash,
            token: context.token,
          },
        }),
        onDone: {
          target: 'done',
          actions: { type: 'storeOrder', params: ({ event }) => ({ id: event.output.id }) },
        },
        onError: [
          {
            description: 'The price moved: confirm again at the new one, with a new hash.',
            guard: { type: 'priceChanged', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming',
            actions: [{ type: 'takeNewPrice', params: ({ event }) => ({ error: event.error }) }, 'makeHash'],
          },
          {
            description: 'A seller’s token was spent or expired: a new hash, and the passcode again.',
            guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'passcode',
            actions: ['makeHash', 'markTokenRefused'],
          },
          {
            description: 'No answer: the order may exist; a retry with the same hash finds it.',
            guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
          },
          {
            target: 'editing',
            actions: [{ type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) }, 'makeHash'],
          },
        ],
      },
    },
    failed: {
      description: 'Retry sends the same hash and token: at most one order.',
      tags: ['failed'],
      on: {
        retry: { target: 'submitting' },
        back: { target: 'editing', actions: 'makeHash' },
      },
    },
    settingPasscode: {
      description: 'The view opens the set-passcode flow with the strict suggestion.',
      tags: ['setPasscode'],
      type: 'final',
    },
    verifying: {
      description: 'The view opens account verification.',
      tags: ['verify'],
      type: 'final',
    },
    done: {
      tags: ['done'],
      type: 'final',
    },
  },
  output: ({ context }) => ({ orderId: context.orderId ?? 0 }),
});
