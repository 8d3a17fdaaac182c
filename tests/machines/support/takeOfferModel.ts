/**
 * The take-offer flow's model, shared by tests/machines/takeOffer.model.test.ts and by the view
 * test that drives the take form along the same paths (tests/app/p2pOffer/takeOffer.view.test.tsx).
 *
 * Two halves that must not be confused:
 *
 * - the PATHS come from the machine (which states and transitions exist): the events tried from
 *   each state, the fakes, and four scenarios (a verified buyer on a sell offer, an unverified
 *   seller with a passcode on a buy offer, a seller with no passcode, an unverified buyer);
 * - the EXPECTATIONS do not: `expectedAfter` is the flow written by hand from spec 001 s.2, s.4,
 *   s.5 and docs/p2p.md "Taking an offer": the screen, what the amount field holds and says, and
 *   what the create call must be sent, as literal values.
 *
 * The numbers: USDT with 6 decimals at 95.5 RUB, limits 500–10 000 RUB, 200 USDT left on the
 * offer; a seller has 50 USDT. So a buyer's most is 104.712041 USDT (10 000 ÷ 95.5 rounded down),
 * a seller's 50 USDT (4 775 RUB). After `price_changed` the price is 96.
 */
import { assign } from 'xstate';
import type { TakeFacts } from '../../../machines/takeOffer/amountRules.ts';
import {
  type CreateOrderFailure,
  type TakeOfferEvent,
  type TakeOfferInput,
  takeOfferMachine,
} from '../../../machines/takeOffer.machine.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  eventsWhileActive,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
} from './model.ts';
import { NO_BIOMETRICS, NOW } from './passcodeModel.ts';
import { passcodeChildReplay } from './replay.ts';

export type TakeOfferMachine = typeof takeOfferMachine;
type Settle = ActorSettleOf<TakeOfferMachine>;
type Snapshot = ReturnType<TakeOfferMachine['getInitialSnapshot']>;

export const OFFER_ID = 42;
export const ORDER_ID = 501;
export const TOKEN = 'confirmation-token-0001';
export const PASSCODE = '2580';

const common = {
  price: '95.5',
  limits: { min: '500', max: '10000' },
  remainingVolume: '200000000',
  assetDecimals: 6,
  shownDecimals: 6,
} as const;

/** A sell offer: the taker buys, nothing of theirs bounds the amount. */
export const SELL_FACTS: TakeFacts = { ...common, type: 'sell', balance: null };
/** A buy offer: the taker sells from their 50 USDT. */
export const BUY_FACTS: TakeFacts = { ...common, type: 'buy', balance: '50000000' };

/** The method the order names: the maker's T-Bank card (sell offer) or the taker's own (buy offer). */
export const METHOD = { id: 7, identifier: 'tbank', childIdentifier: null };

export type ScenarioName =
  | 'a verified buyer'
  | 'an unverified seller'
  | 'a seller with no passcode'
  | 'an unverified buyer';

export interface TakeOfferScenario {
  readonly name: ScenarioName;
  readonly input: TakeOfferInput;
  readonly userEvents: readonly TakeOfferEvent[];
}

const passcode = { biometric: NO_BIOMETRICS, now: NOW };

function input(facts: TakeFacts, type: 'fiat' | 'crypto', extra: Pick<TakeOfferInput, 'noticeDue' | 'hasPasscode'>) {
  return {
    offerId: OFFER_ID,
    facts,
    online: true,
    draft: { amount: '', type },
    method: METHOD,
    passcode,
    ...extra,
  } satisfies TakeOfferInput;
}

const change = (text: string): TakeOfferEvent => ({ type: 'amount.change', text });
const steps: TakeOfferEvent[] = [{ type: 'submit' }, { type: 'confirm.accept' }, { type: 'back' }];
export const OFFLINE_FACTS_EVENT: TakeOfferEvent = { type: 'facts.update', facts: SELL_FACTS, online: false };

export const SCENARIOS: readonly TakeOfferScenario[] = [
  {
    name: 'a verified buyer',
    input: input(SELL_FACTS, 'crypto', { noticeDue: false, hasPasscode: false }),
    userEvents: [
      ...['', '1', '10,5', '200', '1e3'].map(change),
      { type: 'amount.toggle' },
      { type: 'amount.max' },
      { type: 'method.set', method: null },
      { type: 'method.set', method: METHOD },
      OFFLINE_FACTS_EVENT,
      ...steps,
      { type: 'retry' },
    ],
  },
  {
    name: 'an unverified seller',
    input: input(BUY_FACTS, 'fiat', { noticeDue: true, hasPasscode: true }),
    userEvents: [
      ...['100', '1000', '6000'].map(change),
      { type: 'amount.max' },
      ...steps,
      { type: 'notice.verify' },
      { type: 'notice.skip' },
      { type: 'retry' },
    ],
  },
  {
    name: 'a seller with no passcode',
    input: input(BUY_FACTS, 'fiat', { noticeDue: false, hasPasscode: false }),
    userEvents: [change('1000'), { type: 'submit' }],
  },
  {
    name: 'an unverified buyer',
    input: input(SELL_FACTS, 'crypto', { noticeDue: true, hasPasscode: false }),
    userEvents: [change('10,5'), ...steps, { type: 'notice.skip' }],
  },
];

/** The server's refusals of the create call, with the data their codes carry (contract: orderErrorCodes). */
export const CREATE_FAILURES = {
  'the price changed': { status: 409, code: 'price_changed', data: { price: '96' } },
  'a spent token': { status: 403, code: 'invalid_token' },
  'a raised minimum': { status: 422, code: 'amount_too_small', data: { min: '1200' } },
  'a failed restriction': {
    status: 403,
    code: 'restriction_failed',
    data: { restriction: 'trades_count_min', required: 5, actual: 2 },
  },
  'an offline offer': { status: 409, code: 'offer_offline' },
  'a server error': { status: 500, code: null },
  'no response': { status: null, code: null },
} as const satisfies Readonly<Record<string, CreateOrderFailure>>;
export type CreateFailureName = keyof typeof CREATE_FAILURES;

const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'passcode', output: { token: TOKEN, enableBiometric: false } },
  { type: 'actor.done', id: 'createOrder', output: { id: ORDER_ID } },
  ...Object.values(CREATE_FAILURES).map((error): Settle => ({ type: 'actor.error', id: 'createOrder', error })),
];

/** Hashes the tests can predict: 60 "h" and a 4-digit count, 64 characters like the real ones. */
export function hashNumber(count: number): string {
  return `${'h'.repeat(60)}${String(count).padStart(4, '0')}`;
}

function nextHash(previous: string): string {
  return hashNumber(previous === '' ? 1 : Number(previous.slice(-4)) + 1);
}

/** The defaults are inert (a pending call, the passcode child waiting); hashes are predictable. */
export const modelMachine = takeOfferMachine.provide({
  actions: { makeHash: assign({ uniqueHash: ({ context }) => nextHash(context.uniqueHash), token: null }) },
});

export interface ScenarioPath {
  readonly scenario: TakeOfferScenario;
  readonly path: ModelPath<TakeOfferMachine>;
}

export function takeOfferPaths(): ScenarioPath[] {
  return SCENARIOS.flatMap((scenario) =>
    transitionPaths(modelMachine, {
      input: scenario.input,
      events: (snapshot: Snapshot) => eventsWhileActive(snapshot, scenario.userEvents, SETTLES),
      // What each step shows: the exact digits and hashes make no new screen.
      key: (snapshot) => {
        const { context } = snapshot;
        return [
          snapshot.value,
          context.amountType,
          context.check.status,
          context.method !== null,
          context.online,
          context.refusal !== null,
          context.priceChanged,
          context.tokenRefused,
          context.noticeDue,
        ];
      },
    }).map((path) => ({ scenario, path })),
  );
}

function asOrder(output: unknown): { id: number } {
  const id: unknown = typeof output === 'object' && output !== null ? Reflect.get(output, 'id') : undefined;
  return { id: typeof id === 'number' ? id : 0 };
}

/**
 * The machine with a deferred fake for the create call and the passcode child's
 * `confirmPasscode`, and predictable hashes. Settling `passcode` pastes the passcode into the real
 * passcodeConfirm child and answers its call with the token (the view test types it instead).
 */
export function replayMachine() {
  const fakes = new DeferredActors();
  const child = passcodeChildReplay(fakes, { childId: 'passcode', passcode: PASSCODE, token: TOKEN });
  const noticesShown: number[] = [];
  const machine = modelMachine.provide({
    actors: { createOrder: fakes.actor('createOrder', asOrder), passcodeConfirm: child.machine },
    actions: { rememberNotice: () => noticesShown.push(1) },
  });
  return { machine, fakes, settler: child.settler, noticesShown };
}

export function failureName(error: unknown): CreateFailureName {
  const names = Object.keys(CREATE_FAILURES).filter((name): name is CreateFailureName => name in CREATE_FAILURES);
  return names.find((name) => CREATE_FAILURES[name] === error) ?? 'no response';
}

export function describeEvent(event: ModelEvent<TakeOfferMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    if (event.id === 'passcode') return 'the passcode is confirmed';
    if (event.type === 'actor.error') return `the order is refused with ${failureName(event.error)}`;
    return 'the order is made';
  }
  switch (event.type) {
    case 'amount.change':
      return `the person types "${event.text}"`;
    case 'amount.toggle':
      return 'the person switches the currency';
    case 'amount.max':
      return 'the person taps Max';
    case 'method.set':
      return event.method === null ? 'the method is no longer there' : 'the person chooses the method';
    case 'facts.update':
      return event.online ? 'the offer refreshes' : 'the offer goes offline';
    case 'submit':
      return 'the person taps the main button';
    case 'confirm.accept':
      return 'the person confirms the sheet';
    case 'notice.verify':
      return 'the person taps Verify';
    case 'notice.skip':
      return 'the person taps Skip';
    case 'retry':
      return 'the person retries';
    case 'back':
      return 'the person goes back';
  }
}

// ─── The expectations, by hand ──────────────────────────────────────────────────────────────────

const EXPONENT = 'Write the amount out in full, like 1000';
const MIN_CRYPTO = 'Minimum amount is 5.235603\u00a0USDT';
const MIN_FIAT = 'Minimum amount is 500\u00a0RUB';
const MAX_CRYPTO = 'Maximum amount is 104.712041\u00a0USDT';
const MAX_FIAT = 'Maximum amount is 9\u00a0999.99\u00a0RUB';
const MIN_CRYPTO_96 = 'Minimum amount is 5.208334\u00a0USDT';
const MAX_CRYPTO_96 = 'Maximum amount is 104.166666\u00a0USDT';
const NOT_ENOUGH = 'Not enough USDT on your balance';

/** One text in one currency at one price: what the field says (null: nothing) and what it is worth. */
interface AmountFacts {
  /** The field's message; null when nothing is wrong. */
  readonly alert: string | null;
  /** Valid: the fiat (2 decimals) and crypto (smallest units) the order asks for. */
  readonly valid: { readonly fiat: string; readonly crypto: string } | null;
  /** What the toggle writes in the other currency. */
  readonly toggled: string;
}

const empty: AmountFacts = { alert: null, valid: null, toggled: '' };
const alert = (text: string, toggled: string): AmountFacts => ({ alert: text, valid: null, toggled });
const valid = (fiat: string, crypto: string, toggled: string): AmountFacts => ({
  alert: null,
  valid: { fiat, crypto },
  toggled,
});

type Price = '95.5' | '96';
type Side = 'buyer' | 'seller';

/** Every text a path types, puts with Max or gets from the toggle, by hand. */
const AMOUNTS: Record<Side, Record<Price, Record<'fiat' | 'crypto', Readonly<Record<string, AmountFacts>>>>> = {
  buyer: {
    '95.5': {
      crypto: {
        '': empty,
        '1': alert(MIN_CRYPTO, '95.5'),
        '10,5': valid('1002.75', '10500000', '1002.75'),
        '10.5': valid('1002.75', '10500000', '1002.75'),
        '200': alert(MAX_CRYPTO, '19100'),
        '1e3': alert(EXPONENT, ''),
        '104.712041': valid('9999.99', '104712041', '9999.99'),
        '104.711937': valid('9999.98', '104711937', '9999.98'),
        '0.010471': alert(MIN_CRYPTO, '0.99'),
      },
      fiat: {
        '': empty,
        '95.5': alert(MIN_FIAT, '1'),
        '1002.75': valid('1002.75', '10500000', '10.5'),
        '19100': alert(MAX_FIAT, '200'),
        '9999.99': valid('9999.99', '104711937', '104.711937'),
        '1': alert(MIN_FIAT, '0.010471'),
        '10,5': alert(MIN_FIAT, '0.109947'),
        '200': alert(MIN_FIAT, '2.09424'),
        '1e3': alert(EXPONENT, ''),
      },
    },
    '96': {
      crypto: {
        '': empty,
        '1': alert(MIN_CRYPTO_96, '96'),
        '0.010416': alert(MIN_CRYPTO_96, '0.99'),
        '10,5': valid('1008', '10500000', '1008'),
        '10.5': valid('1008', '10500000', '1008'),
        '200': alert(MAX_CRYPTO_96, '19200'),
        '1e3': alert(EXPONENT, ''),
        '104.712041': alert(MAX_CRYPTO_96, '10052.35'),
        '104.166666': valid('9999.99', '104166666', '9999.99'),
        '10.445312': valid('1002.74', '10445312', '1002.74'),
      },
      fiat: {
        '': empty,
        '1': alert(MIN_FIAT, '0.010416'),
        '10,5': alert(MIN_FIAT, '0.109375'),
        '96': alert(MIN_FIAT, '1'),
        '200': alert(MIN_FIAT, '2.083333'),
        '1e3': alert(EXPONENT, ''),
        '1002.75': valid('1002.75', '10445312', '10.445312'),
        '1008': valid('1008', '10500000', '10.5'),
        '9999.99': valid('9999.99', '104166562', '104.166562'),
      },
    },
  },
  seller: {
    '95.5': {
      fiat: {
        '': empty,
        '100': alert(MIN_FIAT, '1.04712'),
        '1000': valid('1000', '10471204', '10.471204'),
        '6000': alert(NOT_ENOUGH, '62.827225'),
        '4775': valid('4775', '50000000', '50'),
      },
      crypto: {},
    },
    '96': {
      fiat: {
        '': empty,
        '100': alert(MIN_FIAT, '1.041666'),
        '1000': valid('1000', '10416666', '10.416666'),
        '6000': alert(NOT_ENOUGH, '62.5'),
        '4775': valid('4775', '49739583', '49.739583'),
        '4800': valid('4800', '50000000', '50'),
      },
      crypto: {},
    },
  },
};

/** What Max writes, by side, currency and price. */
const MAX_TEXT: Record<Side, Record<Price, Record<'fiat' | 'crypto', string>>> = {
  buyer: { '95.5': { crypto: '104.712041', fiat: '9999.99' }, '96': { crypto: '104.166666', fiat: '9999.99' } },
  seller: { '95.5': { fiat: '4775', crypto: '50' }, '96': { fiat: '4800', crypto: '50' } },
};

/** The refusals shown above the amount (errors.create.{code}), by hand. */
export const REFUSAL_TEXTS: Partial<Record<CreateFailureName, string>> = {
  'a raised minimum': 'The amount is below what this offer takes now. Minimum amount is 1\u00a0200\u00a0RUB.',
  'a failed restriction': 'This offer needs at least 5 completed orders. You have 2.',
  'an offline offer':
    'This offer has just gone offline. Try again once its author turns it online, or choose another offer.',
  // A buyer sends no token: one refused is a refusal like the others.
  'a spent token': 'The confirmation has expired. Place the order again.',
};

export type ExpectedScreen =
  | 'form'
  | 'sheet'
  | 'notice'
  | 'passcode'
  | 'placing'
  | 'failed'
  | 'done'
  | 'setPasscode'
  | 'verify';

/** The flow as the person has driven it so far: the screen, and what the flow remembers. */
export interface ExpectedFlow {
  readonly side: Side;
  readonly screen: ExpectedScreen;
  readonly amountText: string;
  readonly amountType: 'fiat' | 'crypto';
  readonly method: boolean;
  readonly online: boolean;
  readonly price: Price;
  /** The refusal's text above the amount, standing until the amount or method changes. */
  readonly refusal: string | null;
  readonly priceChanged: boolean;
  readonly tokenRefused: boolean;
  readonly noticeDue: boolean;
  readonly hasPasscode: boolean;
  /** How many hashes were made: the current one is `hashNumber(hashes)`. */
  readonly hashes: number;
  /** The token the next submit carries (sellers, after the passcode). */
  readonly token: string | null;
}

export function amountFacts(flow: Pick<ExpectedFlow, 'side' | 'price' | 'amountType' | 'amountText'>): AmountFacts {
  const found = AMOUNTS[flow.side][flow.price][flow.amountType][flow.amountText];
  if (found === undefined) {
    throw new Error(
      `Write down what "${flow.amountText}" (${flow.amountType}) shows at ${flow.price} for a ${flow.side}`,
    );
  }
  return found;
}

/** The main button works: a valid amount, a method, an online offer. */
export function canSubmit(flow: ExpectedFlow): boolean {
  return amountFacts(flow).valid !== null && flow.method && flow.online;
}

export function expectedStart(scenario: TakeOfferScenario): ExpectedFlow {
  const { input } = scenario;
  return {
    side: input.facts.type === 'sell' ? 'buyer' : 'seller',
    screen: 'form',
    amountText: input.draft.amount,
    amountType: input.draft.type,
    method: input.method !== null,
    online: input.online,
    price: '95.5',
    refusal: null,
    priceChanged: false,
    tokenRefused: false,
    noticeDue: input.noticeDue,
    hasPasscode: input.hasPasscode,
    hashes: 1,
    token: null,
  };
}

/** After the sheet (or the notice): the seller confirms with the passcode, a buyer's order is sent. */
function afterConfirm(flow: ExpectedFlow): ExpectedFlow {
  if (flow.noticeDue) return { ...flow, screen: 'notice', noticeDue: false };
  return flow.side === 'seller' ? { ...flow, screen: 'passcode' } : { ...flow, screen: 'placing' };
}

function refused(flow: ExpectedFlow, refusal: string): ExpectedFlow {
  return { ...flow, screen: 'form', refusal, hashes: flow.hashes + 1, token: null, priceChanged: false };
}

/** What the person must see after `event`, from what they saw before: the flow, by hand. */
export function expectedAfter(flow: ExpectedFlow, event: ModelEvent<TakeOfferMachine>): ExpectedFlow {
  if (isTimePass(event)) throw new Error('the take-offer flow has no timers');
  if (isActorSettle(event)) {
    if (event.id === 'passcode' && flow.screen === 'passcode') {
      return { ...flow, screen: 'placing', token: TOKEN, tokenRefused: false };
    }
    if (event.id === 'createOrder' && flow.screen === 'placing') {
      if (event.type === 'actor.done') return { ...flow, screen: 'done' };
      const name = failureName(event.error);
      switch (name) {
        case 'the price changed':
          return { ...flow, screen: 'sheet', price: '96', priceChanged: true, hashes: flow.hashes + 1, token: null };
        case 'a spent token':
          if (flow.side === 'buyer') return refused(flow, REFUSAL_TEXTS[name] ?? '');
          return { ...flow, screen: 'passcode', tokenRefused: true, hashes: flow.hashes + 1, token: null };
        case 'a server error':
        case 'no response':
          return { ...flow, screen: 'failed' };
        default:
          return refused(flow, REFUSAL_TEXTS[name] ?? 'Couldn’t place the order. Try again.');
      }
    }
    throw new Error(`${describeEvent(event)} cannot happen on the ${flow.screen} screen`);
  }
  switch (flow.screen) {
    case 'form':
      switch (event.type) {
        case 'amount.change':
          return { ...flow, amountText: event.text, refusal: null };
        case 'amount.toggle':
          return {
            ...flow,
            amountText: amountFacts(flow).toggled,
            amountType: flow.amountType === 'fiat' ? 'crypto' : 'fiat',
            refusal: null,
          };
        case 'amount.max':
          return { ...flow, amountText: MAX_TEXT[flow.side][flow.price][flow.amountType], refusal: null };
        case 'method.set':
          return { ...flow, method: event.method !== null };
        case 'facts.update':
          // The offer as refreshed: offline, at its price of 95.5 (after a price change too).
          return { ...flow, online: event.online, price: '95.5' };
        case 'submit':
          if (!canSubmit(flow)) return flow;
          if (flow.side === 'seller' && !flow.hasPasscode) return { ...flow, screen: 'setPasscode' };
          return { ...flow, screen: 'sheet', priceChanged: false, refusal: null };
        default:
          return flow;
      }
    case 'sheet':
      if (event.type === 'confirm.accept') return afterConfirm(flow);
      if (event.type === 'back') return { ...flow, screen: 'form' };
      return flow;
    case 'notice':
      if (event.type === 'notice.verify') return { ...flow, screen: 'verify' };
      if (event.type === 'notice.skip') return afterConfirm(flow);
      if (event.type === 'back') return { ...flow, screen: 'sheet' };
      return flow;
    case 'passcode':
      if (event.type === 'back') return { ...flow, screen: 'sheet', tokenRefused: false };
      return flow;
    case 'failed':
      if (event.type === 'retry') return { ...flow, screen: 'placing' };
      if (event.type === 'back') return { ...flow, screen: 'form', hashes: flow.hashes + 1, token: null };
      return flow;
    case 'placing':
    case 'done':
    case 'setPasscode':
    case 'verify':
      return flow;
  }
}

/** The body the create call must get now, written from the flow. */
export function expectedBody(flow: ExpectedFlow) {
  const worth = amountFacts(flow).valid;
  if (worth === null) throw new Error(`"${flow.amountText}" cannot be sent`);
  return {
    offerId: OFFER_ID,
    body: {
      identifier: 'tbank',
      child_identifier: null,
      payment_method_id: 7,
      amount: flow.amountType === 'fiat' ? worth.fiat : worth.crypto,
      amount_type: flow.amountType,
      price: flow.price,
      unique_hash: hashNumber(flow.hashes),
      token: flow.token,
    },
  };
}
