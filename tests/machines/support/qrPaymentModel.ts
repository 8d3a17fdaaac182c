/**
 * The QR payment flow's model, shared by tests/machines/qrPayment.model.test.ts and the view test
 * that drives the payment screens along the same paths (tests/app/p2cPay/qrPayment.paths.view.test.tsx).
 *
 * Two halves that must not be confused:
 *
 * - the PATHS come from the machine (which states and transitions exist): the events tried from
 *   each state, the fakes' answers, and four scenarios (a client with a passcode scanning a code,
 *   one without a passcode, a payment opened by its id, a payment the app already holds);
 * - the EXPECTATIONS do not: `expectedAfter` is the flow written by hand from spec 001 s.3, s.4,
 *   s.9 and docs/p2c.md "The client's flow": the screen, which quote shows, the payment's status,
 *   how long until the next poll, and what the pay and dispute calls must be sent, as literals.
 *
 * The code asks 1 500 RUB of "Coffee House" (Sberbank). In USDT the quote is 15.779508 + 0.157796
 * fee = 15.937304 USDT at 95.06 RUB; in TON 7.5 TON… (the view test checks the texts).
 */
import { assign } from 'xstate';
import {
  type LookupAnswer,
  type QrPaymentEvent,
  type QrPaymentFailure,
  type QrPaymentInput,
  type QrPaymentProblem,
  qrPaymentMachine,
} from '../../../machines/qrPayment.machine.ts';
import type { P2cClientPayment, P2cClientStatus, P2cQrCode, P2cQuote } from '../../../src/contract/p2c.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
} from './model.ts';
import { NO_BIOMETRICS, NOW } from './passcodeModel.ts';
import { passcodeChildReplay } from './replay.ts';

export type QrPaymentMachine = typeof qrPaymentMachine;
type Settle = ActorSettleOf<QrPaymentMachine>;
type Snapshot = ReturnType<QrPaymentMachine['getInitialSnapshot']>;

export const CODE_ID = 'AD10006M8KQ3B4NJ9H1PLV7R2TXS5CEF';
export const PAYMENT_ID = 77;
export const TOKEN = 'confirmation-token-0001';
export const PASSCODE = '2580';

export const CODE: P2cQrCode = {
  id: CODE_ID,
  type: 'nspk',
  payee: { name: 'Coffee House', bank_name: 'Sberbank' },
  fiat_amount: '1500',
  fiat: 'RUB',
  purpose: 'Order 1042',
  state: 'payable',
};

const EXPIRES = '2026-01-15T00:00:30.000Z';

export const QUOTES = {
  USDT: {
    id: 'quote-usdt-1',
    asset: 'USDT',
    rate: '95.06',
    amount: '15779508',
    fee: '157796',
    total: '15937304',
    expires_at: EXPIRES,
  },
  TON: {
    id: 'quote-ton-1',
    asset: 'TON',
    rate: '196',
    amount: '7653062000',
    fee: '76530620',
    total: '7729592620',
    expires_at: EXPIRES,
  },
  'renewed USDT': {
    id: 'quote-usdt-2',
    asset: 'USDT',
    rate: '94.5',
    amount: '15873016',
    fee: '158731',
    total: '16031747',
    expires_at: '2026-01-15T00:01:10.000Z',
  },
} as const satisfies Record<string, P2cQuote>;
export type QuoteName = keyof typeof QUOTES;

export function paymentIn(status: P2cClientStatus): P2cClientPayment {
  const completed = status === 'completed' || status === 'disputed' || status === 'refunded';
  return {
    id: PAYMENT_ID,
    qr_id: CODE_ID,
    type: 'nspk',
    method: status === 'pending' || status === 'expired' ? 'balance' : status === 'processing' ? 'qr' : 'qr-paid',
    status,
    payee: CODE.payee,
    fiat_amount: '1500',
    fiat: 'RUB',
    asset: 'USDT',
    rate: '95.06',
    amount: '15779508',
    fee: '157796',
    total: '15937304',
    created_at: '2026-01-15T00:00:10.000Z',
    deadline_at:
      status === 'pending' ? '2026-01-15T00:05:10.000Z' : status === 'processing' ? '2026-01-15T00:06:00.000Z' : null,
    completed_at: completed ? '2026-01-15T00:02:00.000Z' : null,
    dispute_until: status === 'completed' ? '2026-01-16T00:02:00.000Z' : null,
    dispute:
      status === 'disputed' || status === 'refunded'
        ? {
            reason: 'shop_not_paid',
            message: 'The shop says it got nothing.',
            opened_at: '2026-01-15T00:03:00.000Z',
            resolution: null,
          }
        : null,
  };
}

export type ScenarioName =
  | 'a client scanning a code'
  | 'a client not verified yet'
  | 'a client without a passcode'
  | 'a payment opened by its id'
  | 'a payment the app holds'
  | 'a dispute form reloaded'
  | 'a dispute form reloaded with the payment the app holds';

export interface QrPaymentScenario {
  readonly name: ScenarioName;
  readonly input: QrPaymentInput;
  readonly userEvents: readonly QrPaymentEvent[];
}

const passcode = { biometric: NO_BIOMETRICS, now: NOW };
const codeStart = { kind: 'code', qrId: CODE_ID, asset: 'USDT' } as const;
export const DISPUTE_MESSAGE = 'The shop says it got nothing.';

const disputeEvents: QrPaymentEvent[] = [
  { type: 'dispute.open' },
  { type: 'dispute.reason', reason: 'shop_not_paid' },
  { type: 'dispute.message', text: DISPUTE_MESSAGE },
  { type: 'dispute.submit' },
  { type: 'back' },
];

export const SCENARIOS: readonly QrPaymentScenario[] = [
  {
    name: 'a client scanning a code',
    input: { start: codeStart, canPay: true, hasPasscode: true, passcode },
    userEvents: [
      { type: 'asset.set', asset: 'TON' },
      { type: 'asset.set', asset: 'USDT' },
      { type: 'pay' },
      { type: 'back' },
      { type: 'retry' },
      { type: 'verify' },
    ],
  },
  {
    name: 'a client not verified yet',
    input: { start: codeStart, canPay: false, hasPasscode: false, passcode },
    userEvents: [{ type: 'pay' }, { type: 'verify' }],
  },
  {
    name: 'a client without a passcode',
    input: { start: codeStart, canPay: true, hasPasscode: false, passcode },
    userEvents: [{ type: 'pay' }],
  },
  {
    name: 'a payment opened by its id',
    input: {
      start: { kind: 'payment', paymentId: PAYMENT_ID, payment: null },
      canPay: true,
      hasPasscode: true,
      passcode,
    },
    userEvents: [{ type: 'retry' }, ...disputeEvents],
  },
  {
    name: 'a payment the app holds',
    input: {
      start: { kind: 'payment', paymentId: PAYMENT_ID, payment: paymentIn('completed') },
      canPay: true,
      hasPasscode: true,
      passcode,
    },
    userEvents: [...disputeEvents, { type: 'dispute.message', text: '   ' }],
  },
  {
    name: 'a dispute form reloaded',
    input: {
      start: { kind: 'payment', paymentId: PAYMENT_ID, payment: null, resumeDispute: true },
      canPay: true,
      hasPasscode: true,
      passcode,
    },
    userEvents: [{ type: 'retry' }, ...disputeEvents, { type: 'back' }],
  },
  {
    name: 'a dispute form reloaded with the payment the app holds',
    input: {
      start: { kind: 'payment', paymentId: PAYMENT_ID, payment: paymentIn('completed'), resumeDispute: true },
      canPay: true,
      hasPasscode: true,
      passcode,
    },
    userEvents: [{ type: 'back' }, { type: 'dispute.open' }],
  },
];

const noAnswer: QrPaymentFailure = { status: null, code: null };

/** The server's answers to the lookup (`GET /p2c/qr/{id}`), by name. */
export const LOOKUPS = {
  'the code in USDT': { qr: CODE, quote: QUOTES.USDT, payment_id: null },
  'the code in TON': { qr: CODE, quote: QUOTES.TON, payment_id: null },
  'the code already paid': { qr: { ...CODE, state: 'paid' }, quote: null, payment_id: null },
  'the caller’s own payment of it': { qr: CODE, quote: QUOTES.USDT, payment_id: PAYMENT_ID },
} as const satisfies Record<string, LookupAnswer>;
export type LookupName = keyof typeof LOOKUPS;

export const LOOKUP_FAILURES = {
  'no answer': noAnswer,
  'an unknown code': { status: 404, code: 'qr_not_found' },
  'an amount out of range': { status: 422, code: 'qr_amount_out_of_range', data: { min: '100', max: '100000' } },
  'a client not verified': { status: 403, code: 'p2c_pay_forbidden' },
} as const satisfies Record<string, QrPaymentFailure>;
export type LookupFailureName = keyof typeof LOOKUP_FAILURES;

export const PAY_FAILURES = {
  'an expired quote': { status: 409, code: 'quote_expired', data: { quote: QUOTES['renewed USDT'] } },
  'a spent token': { status: 403, code: 'invalid_token' },
  'too little on the balance': { status: 422, code: 'insufficient_funds', data: { available: '10000000' } },
  'a code paid meanwhile': { status: 409, code: 'qr_not_payable' },
  'a client not verified': { status: 403, code: 'p2c_pay_forbidden' },
  'a server error': { status: 500, code: null },
  'no answer': noAnswer,
} as const satisfies Record<string, QrPaymentFailure>;
export type PayFailureName = keyof typeof PAY_FAILURES;

export const FETCH_FAILURES = {
  'a payment not found': { status: 404, code: 'payment_not_found' },
  'no answer': noAnswer,
} as const satisfies Record<string, QrPaymentFailure>;
export type FetchFailureName = keyof typeof FETCH_FAILURES;

export const DISPUTE_FAILURES = {
  'the window closed': { status: 409, code: 'dispute_window_closed' },
  'no answer': noAnswer,
} as const satisfies Record<string, QrPaymentFailure>;
export type DisputeFailureName = keyof typeof DISPUTE_FAILURES;

const statuses: readonly P2cClientStatus[] = ['pending', 'processing', 'completed', 'expired', 'disputed', 'refunded'];

/** Each fake answers only where the flow could be asked it: a lookup in the asset being quoted. */
function settlesFor(snapshot: Snapshot): Settle[] {
  const { children, context } = snapshot;
  const settles: Settle[] = [];
  if (children.lookupCode !== undefined) {
    const names: LookupName[] = [
      context.asset === 'USDT' ? 'the code in USDT' : 'the code in TON',
      'the code already paid',
      'the caller’s own payment of it',
    ];
    for (const name of names) settles.push({ type: 'actor.done', id: 'lookupCode', output: LOOKUPS[name] });
    for (const error of Object.values(LOOKUP_FAILURES)) settles.push({ type: 'actor.error', id: 'lookupCode', error });
  }
  if (children.passcode !== undefined) {
    settles.push({ type: 'actor.done', id: 'passcode', output: { token: TOKEN, enableBiometric: false } });
  }
  if (children.payCode !== undefined) {
    settles.push({ type: 'actor.done', id: 'payCode', output: paymentIn('pending') });
    for (const error of Object.values(PAY_FAILURES)) settles.push({ type: 'actor.error', id: 'payCode', error });
  }
  if (children.fetchPayment !== undefined) {
    // From a payment's page, the statuses it can move to next; opening, any status.
    const from = context.payment?.status;
    const next: readonly P2cClientStatus[] =
      from === undefined
        ? statuses
        : from === 'pending'
          ? ['pending', 'processing', 'expired']
          : from === 'processing'
            ? ['processing', 'completed', 'expired']
            : from === 'completed'
              ? ['completed', 'disputed']
              : ['disputed', 'completed', 'refunded'];
    for (const status of next) settles.push({ type: 'actor.done', id: 'fetchPayment', output: paymentIn(status) });
    for (const error of Object.values(FETCH_FAILURES)) settles.push({ type: 'actor.error', id: 'fetchPayment', error });
  }
  if (children.openDispute !== undefined) {
    settles.push({ type: 'actor.done', id: 'openDispute', output: paymentIn('disputed') });
    for (const error of Object.values(DISPUTE_FAILURES))
      settles.push({ type: 'actor.error', id: 'openDispute', error });
  }
  return settles;
}

/** Hashes the tests can predict: 60 "h" and a 4-digit count, 64 letters and digits like the real ones. */
export function hashNumber(count: number): string {
  return `${'h'.repeat(60)}${String(count).padStart(4, '0')}`;
}

function nextHash(previous: string): string {
  return hashNumber(previous === '' ? 1 : Number(previous.slice(-4)) + 1);
}

/** The defaults are inert (pending calls, the passcode child waiting); hashes are predictable. */
export const modelMachine = qrPaymentMachine.provide({
  actions: { makeHash: assign({ uniqueHash: ({ context }) => nextHash(context.uniqueHash), token: null }) },
});

export interface ScenarioPath {
  readonly scenario: QrPaymentScenario;
  readonly path: ModelPath<QrPaymentMachine>;
}

export function qrPaymentPaths(): ScenarioPath[] {
  return SCENARIOS.flatMap((scenario) =>
    transitionPaths(modelMachine, {
      input: scenario.input,
      events: (snapshot: Snapshot) =>
        snapshot.status === 'active' ? [...scenario.userEvents, ...settlesFor(snapshot)] : [],
      // What each step shows: the hash count makes no new screen.
      key: (snapshot) => {
        const { context } = snapshot;
        return [
          snapshot.value,
          context.asset,
          context.quote?.id ?? null,
          context.quoteRenewed,
          context.problem,
          context.refusal?.code ?? null,
          context.tokenRefused,
          context.payment?.status ?? null,
          context.disputeReason,
          context.disputeMessage,
          context.disputeRefusal?.code ?? null,
        ];
      },
    }).map((path) => ({ scenario, path })),
  );
}

function asPayment(output: unknown): P2cClientPayment {
  const status: unknown = typeof output === 'object' && output !== null ? Reflect.get(output, 'status') : undefined;
  const known = statuses.find((each) => each === status);
  return paymentIn(known ?? 'pending');
}

function asLookup(output: unknown): LookupAnswer {
  return Object.values(LOOKUPS).find((answer) => answer === output) ?? LOOKUPS['the code in USDT'];
}

/**
 * The machine with deferred fakes for its calls and the passcode child's `confirmPasscode`, and
 * predictable hashes. Settling `passcode` pastes the passcode into the real passcodeConfirm child
 * and answers its call with the token (the view test types it instead).
 */
export function replayMachine() {
  const fakes = new DeferredActors();
  const child = passcodeChildReplay(fakes, { childId: 'passcode', passcode: PASSCODE, token: TOKEN });
  const machine = modelMachine.provide({
    actors: {
      lookupCode: fakes.actor('lookupCode', asLookup),
      payCode: fakes.actor('payCode', asPayment),
      fetchPayment: fakes.actor('fetchPayment', asPayment),
      openDispute: fakes.actor('openDispute', asPayment),
      passcodeConfirm: child.machine,
    },
  });
  return { machine, fakes, settler: child.settler };
}

function nameOf<TName extends string>(table: Readonly<Record<TName, unknown>>, value: unknown): TName {
  const names = Object.keys(table).filter((name): name is TName => name in table);
  const found = names.find((name) => table[name] === value);
  if (found === undefined) throw new Error(`Unknown answer ${JSON.stringify(value)}`);
  return found;
}

export function describeEvent(event: ModelEvent<QrPaymentMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    switch (event.id) {
      case 'passcode':
        return 'the passcode is confirmed';
      case 'lookupCode':
        return event.type === 'actor.done'
          ? `the server answers ${nameOf(LOOKUPS, event.output)}`
          : `the lookup fails with ${nameOf(LOOKUP_FAILURES, event.error)}`;
      case 'payCode':
        return event.type === 'actor.done'
          ? 'the payment is made'
          : `paying fails with ${nameOf(PAY_FAILURES, event.error)}`;
      case 'fetchPayment':
        return event.type === 'actor.done'
          ? `the payment is ${asPayment(event.output).status}`
          : `the payment fails to load with ${nameOf(FETCH_FAILURES, event.error)}`;
      case 'openDispute':
        return event.type === 'actor.done'
          ? 'the dispute is opened'
          : `the dispute fails with ${nameOf(DISPUTE_FAILURES, event.error)}`;
    }
  }
  switch (event.type) {
    case 'asset.set':
      return `the person picks ${event.asset}`;
    case 'pay':
      return 'the person taps Pay';
    case 'retry':
      return 'the person retries';
    case 'back':
      return 'the person goes back';
    case 'verify':
      return 'the person taps Verify';
    case 'dispute.open':
      return 'the person taps Open a dispute';
    case 'dispute.reason':
      return `the person picks the reason ${event.reason}`;
    case 'dispute.message':
      return `the person writes "${event.text}"`;
    case 'dispute.submit':
      return 'the person sends the dispute';
  }
}

// ─── The expectations, by hand ──────────────────────────────────────────────────────────────────

export type ExpectedScreen =
  | 'loading'
  | 'failed'
  | 'quote'
  | 'passcode'
  | 'paying'
  | 'payFailed'
  | 'unavailable'
  | 'forbidden'
  | 'payment'
  | 'dispute'
  | 'sendingDispute'
  | 'verify'
  | 'setPasscode';

/** The flow as the person has driven it so far: the screen, and what the flow remembers. */
export interface ExpectedFlow {
  readonly screen: ExpectedScreen;
  readonly canPay: boolean;
  readonly hasPasscode: boolean;
  /** Where a retry from `failed` goes: the code's lookup or the payment's. */
  readonly opensPayment: boolean;
  readonly asset: 'USDT' | 'TON';
  readonly quote: QuoteName | null;
  readonly quoteRenewed: boolean;
  /** The quote is being fetched again. */
  readonly refreshing: boolean;
  /** Milliseconds until the quote is fetched again, when one is due. */
  readonly refreshIn: number | null;
  readonly problem: QrPaymentProblem | null;
  readonly refusal: string | null;
  readonly tokenRefused: boolean;
  readonly hashes: number;
  readonly token: string | null;
  readonly status: P2cClientStatus | null;
  /** A poll of the payment is on its way. */
  readonly polling: boolean;
  readonly disputeReason: string | null;
  readonly disputeMessage: string;
  /** Why the dispute was not sent: the server's code, or no answer. */
  readonly disputeRefusal: 'dispute_window_closed' | 'no answer' | null;
  /** Reloaded on the dispute form's URL, and the payment not shown yet: a completed one reopens the form. */
  readonly reopensDispute: boolean;
}

export function expectedStart(scenario: QrPaymentScenario): ExpectedFlow {
  const { start, canPay, hasPasscode } = scenario.input;
  const base: ExpectedFlow = {
    screen: 'loading',
    canPay,
    hasPasscode,
    opensPayment: start.kind === 'payment',
    asset: 'USDT',
    quote: null,
    quoteRenewed: false,
    refreshing: false,
    refreshIn: null,
    problem: null,
    refusal: null,
    tokenRefused: false,
    hashes: 1,
    token: null,
    status: null,
    polling: false,
    disputeReason: null,
    disputeMessage: '',
    disputeRefusal: null,
    reopensDispute: start.kind === 'payment' && start.resumeDispute === true,
  };
  if (start.kind === 'payment' && start.payment !== null) {
    return showPayment(base, start.payment.status);
  }
  return base;
}

/** Spec 001 s.9: the next poll of a payment shown in `status`, or null when it no longer changes. */
export const POLL_AFTER: Record<P2cClientStatus, number | null> = {
  pending: 9000,
  processing: 500,
  completed: 5000,
  disputed: 5000,
  expired: null,
  refunded: null,
};

function showPayment(flow: ExpectedFlow, status: P2cClientStatus): ExpectedFlow {
  const shown = { ...flow, status, polling: false, opensPayment: true, refreshIn: null, refreshing: false };
  // A completed payment in these answers is within its dispute window.
  if (flow.reopensDispute && status === 'completed') return { ...shown, screen: 'dispute', reopensDispute: false };
  return { ...shown, screen: 'payment', reopensDispute: false };
}

function showQuote(flow: ExpectedFlow, quote: QuoteName): ExpectedFlow {
  return { ...flow, screen: 'quote', quote, refreshing: false, refreshIn: 25_000 };
}

function afterLookup(flow: ExpectedFlow, event: Settle): ExpectedFlow {
  if (event.type === 'actor.done') {
    const name = nameOf(LOOKUPS, event.output);
    switch (name) {
      case 'the code in USDT':
        return showQuote({ ...flow, quoteRenewed: false }, 'USDT');
      case 'the code in TON':
        return showQuote({ ...flow, quoteRenewed: false }, 'TON');
      case 'the code already paid':
        return { ...flow, screen: 'unavailable', problem: 'not_payable', refreshing: false, refreshIn: null };
      case 'the caller’s own payment of it':
        return { ...flow, screen: 'loading', opensPayment: true, refreshing: false, refreshIn: null };
    }
  }
  const name = nameOf(LOOKUP_FAILURES, event.type === 'actor.error' ? event.error : null);
  switch (name) {
    case 'no answer':
      // A refresh that got no answer keeps the quote and tries again 5 s later.
      if (flow.screen === 'quote') return { ...flow, refreshing: false, refreshIn: 5000 };
      return { ...flow, screen: 'failed' };
    case 'a client not verified':
      return { ...flow, screen: 'forbidden', refreshing: false, refreshIn: null };
    case 'an unknown code':
      return { ...flow, screen: 'unavailable', problem: 'not_found', refreshing: false, refreshIn: null };
    case 'an amount out of range':
      return { ...flow, screen: 'unavailable', problem: 'out_of_range', refreshing: false, refreshIn: null };
  }
}

function afterPay(flow: ExpectedFlow, event: Settle): ExpectedFlow {
  if (event.type === 'actor.done') return showPayment(flow, 'pending');
  const name = nameOf(PAY_FAILURES, event.type === 'actor.error' ? event.error : null);
  const renewed = { ...flow, hashes: flow.hashes + 1, token: null };
  switch (name) {
    case 'an expired quote':
      return { ...showQuote(renewed, 'renewed USDT'), quoteRenewed: true, refusal: null };
    case 'a spent token':
      return { ...renewed, screen: 'passcode', tokenRefused: true };
    case 'a server error':
    case 'no answer':
      return { ...flow, screen: 'payFailed' };
    case 'a code paid meanwhile':
      return { ...flow, screen: 'unavailable', problem: 'not_payable' };
    case 'a client not verified':
      return { ...flow, screen: 'forbidden' };
    case 'too little on the balance':
      return { ...showQuote(renewed, flow.quote ?? 'USDT'), refusal: 'insufficient_funds' };
  }
}

function afterFetch(flow: ExpectedFlow, event: Settle): ExpectedFlow {
  if (event.type === 'actor.done') return showPayment(flow, asPayment(event.output).status);
  const name = nameOf(FETCH_FAILURES, event.type === 'actor.error' ? event.error : null);
  if (flow.screen === 'payment') return { ...flow, polling: false };
  return name === 'a payment not found'
    ? { ...flow, screen: 'unavailable', problem: 'payment_not_found' }
    : { ...flow, screen: 'failed' };
}

/** What the person must see after `event`, from what they saw before: the flow, by hand. */
export function expectedAfter(flow: ExpectedFlow, event: ModelEvent<QrPaymentMachine>): ExpectedFlow {
  if (isTimePass(event)) {
    if (flow.screen === 'quote' && flow.refreshIn === event.ms) return { ...flow, refreshing: true, refreshIn: null };
    const poll = flow.status === null ? null : POLL_AFTER[flow.status];
    if (flow.screen === 'payment' && !flow.polling && poll === event.ms) return { ...flow, polling: true };
    throw new Error(`${event.ms} ms should change nothing on the ${flow.screen} screen`);
  }
  if (isActorSettle(event)) {
    switch (event.id) {
      case 'lookupCode':
        return afterLookup(flow, event);
      case 'passcode':
        return { ...flow, screen: 'paying', token: TOKEN, tokenRefused: false };
      case 'payCode':
        return afterPay(flow, event);
      case 'fetchPayment':
        return afterFetch(flow, event);
      case 'openDispute':
        if (event.type === 'actor.done') {
          return { ...showPayment(flow, 'disputed'), disputeReason: null, disputeMessage: '', disputeRefusal: null };
        }
        return {
          ...flow,
          screen: 'dispute',
          disputeRefusal: nameOf(DISPUTE_FAILURES, event.error) === 'no answer' ? 'no answer' : 'dispute_window_closed',
        };
    }
  }
  switch (event.type) {
    case 'asset.set':
      if (flow.screen !== 'quote' || event.asset === flow.asset) return flow;
      return {
        ...flow,
        screen: 'loading',
        asset: event.asset,
        refusal: null,
        quoteRenewed: false,
        refreshing: false,
        refreshIn: null,
      };
    case 'pay':
      if (flow.screen !== 'quote') return flow;
      if (!flow.canPay) return { ...flow, screen: 'forbidden', refreshIn: null, refreshing: false };
      if (!flow.hasPasscode) return { ...flow, screen: 'setPasscode', refreshIn: null, refreshing: false };
      return { ...flow, screen: 'passcode', refusal: null, quoteRenewed: false, refreshIn: null, refreshing: false };
    case 'retry':
      if (flow.screen === 'failed') return { ...flow, screen: 'loading' };
      if (flow.screen === 'payFailed') return { ...flow, screen: 'paying' };
      return flow;
    case 'back':
      if (flow.screen === 'passcode') return { ...flow, screen: 'quote', refreshing: true, tokenRefused: false };
      if (flow.screen === 'payFailed') {
        return { ...flow, screen: 'quote', refreshing: true, hashes: flow.hashes + 1, token: null };
      }
      if (flow.screen === 'dispute') return { ...flow, screen: 'payment', polling: false };
      return flow;
    case 'verify':
      return flow.screen === 'forbidden' ? { ...flow, screen: 'verify' } : flow;
    case 'dispute.open':
      return flow.screen === 'payment' && flow.status === 'completed' ? { ...flow, screen: 'dispute' } : flow;
    case 'dispute.reason':
      return flow.screen === 'dispute' ? { ...flow, disputeReason: event.reason, disputeRefusal: null } : flow;
    case 'dispute.message':
      return flow.screen === 'dispute' ? { ...flow, disputeMessage: event.text, disputeRefusal: null } : flow;
    case 'dispute.submit': {
      const ready = flow.disputeReason !== null && flow.disputeMessage.trim() !== '';
      return flow.screen === 'dispute' && ready ? { ...flow, screen: 'sendingDispute' } : flow;
    }
  }
}

/** The pay call a flow arriving at `paying` sends: literal, from what the person did. */
export function expectedPayBody(flow: ExpectedFlow) {
  const quoteIds: Record<QuoteName, string> = {
    USDT: 'quote-usdt-1',
    TON: 'quote-ton-1',
    'renewed USDT': 'quote-usdt-2',
  };
  return {
    qrId: CODE_ID,
    body: {
      asset: flow.asset,
      quote_id: flow.quote === null ? '' : quoteIds[flow.quote],
      unique_hash: hashNumber(flow.hashes),
      token: TOKEN,
    },
  };
}
