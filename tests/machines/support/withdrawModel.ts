/**
 * The withdraw flow's model, shared by tests/machines/withdraw.model.test.ts and by the view test
 * that drives `/wallet/withdraw/{asset}/{network}` along the same paths
 * (tests/app/withdraw/withdrawFlow.view.test.tsx).
 *
 * Two halves that must not be confused:
 *
 * - the PATHS come from the machine (which states and transitions exist): the events tried from
 *   each state, the fakes, the scenarios (a new withdrawal, and reloads that bring a draft back);
 * - the EXPECTATIONS do not: `expectedAfter` is the flow written by hand from spec 000 s.4 and
 *   docs/withdraw.md, one screen per step with its texts as literal strings. A machine that skips a
 *   step, accepts a wrong amount or forgets what was typed disagrees with it, whatever paths it
 *   generates.
 *
 * The numbers: USDT on TRX with 6 decimals, 100.5 available, a 1 USDT fee, withdrawals between 1
 * and 100 USDT, so "Max" is 99.5. The passcode step's confirmation is run by the view (the
 * passcodeConfirm machine, model-tested on its own), which sends `passcode.confirmed` with its
 * token: the model sends that event, the view test types the passcode on the keypad and its fake
 * server answers with the token for the key it was asked about.
 */
import { assign } from 'xstate';
import {
  type CheckAddressOutput,
  type WithdrawalFailure,
  type WithdrawEvent,
  type WithdrawInput,
  withdrawMachine,
} from '../../../machines/withdraw.machine.ts';
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

export type WithdrawMachine = typeof withdrawMachine;
type Settle = ActorSettleOf<WithdrawMachine>;
type Snapshot = ReturnType<WithdrawMachine['getInitialSnapshot']>;

export const INPUT: WithdrawInput = {
  asset: 'USDT',
  network: 'TRX',
  decimals: 6,
  available: '100500000',
  fee: '1000000',
  min: '1000000',
  max: '100000000',
};

/** The address as pasted (with spaces around it) and as the check answers it. */
export const PASTED_ADDRESS = '  TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE ';
export const CANONICAL_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
export const SHORT_ADDRESS = 'TQn9Y2k…cbLSE';
export const TOKEN = 'confirmation-token-0001';
export const PASSCODE = '2580';
export const WITHDRAWAL_ID = 'wd_000123';

/**
 * Texts typed into the amount field: empty, under the minimum, over the maximum, over the balance,
 * valid with a point and with a comma, and the three ways of writing a number the app refuses to
 * guess at (two marks, an exponent, more decimals than USDT has here).
 */
export const AMOUNT_TEXTS = ['', '0.5', '150', '100', '12.5', '12,5', '1,000.5', '1e3', '12.1234567'] as const;

/** The server's answers to a submit, with the data its error codes carry (contract: withdrawalErrorCodes). */
export const SUBMIT_FAILURES = {
  'a spent token': { status: 403, code: 'invalid_token' },
  'not enough funds': { status: 422, code: 'insufficient_funds', data: { available: '10000000', fee: '1000000' } },
  'a higher minimum': { status: 422, code: 'amount_below_minimum', data: { min: '20000000' } },
  'a lower maximum': { status: 422, code: 'amount_above_maximum', data: { max: '10000000' } },
  'a blocked address': { status: 422, code: 'address_rejected', data: { result: 'blocked' } },
  'withdrawals forbidden': { status: 403, code: 'withdraw_forbidden' },
  'an unknown network': { status: 404, code: 'network_not_found' },
  'a reused key': { status: 409, code: 'idempotency_conflict' },
  'a server error': { status: 500, code: null },
  'no response': { status: null, code: null },
} as const satisfies Readonly<Record<string, WithdrawalFailure>>;
export type SubmitFailureName = keyof typeof SUBMIT_FAILURES;

export const CHECK_FAILURES = ['invalid', 'blocked', 'contract', 'invalid_smart_contract', 'failed'] as const;
export type CheckFailure = (typeof CHECK_FAILURES)[number];
export const CHECK_NO_RESPONSE = { status: null };

export const userEvents: WithdrawEvent[] = [
  { type: 'address.set', address: PASTED_ADDRESS },
  { type: 'address.set', address: '' },
  { type: 'address.submit' },
  ...AMOUNT_TEXTS.map((text): WithdrawEvent => ({ type: 'amount.change', text })),
  { type: 'amount.max' },
  { type: 'amount.submit' },
  { type: 'confirm.accept' },
  { type: 'passcode.confirmed', token: TOKEN },
  { type: 'retry' },
  { type: 'back' },
];

const CHECK_SETTLES: Settle[] = [
  { type: 'actor.done', id: 'checkAddress', output: { result: 'valid', address: CANONICAL_ADDRESS } },
  ...CHECK_FAILURES.map((result): Settle => ({ type: 'actor.done', id: 'checkAddress', output: { result } })),
  { type: 'actor.error', id: 'checkAddress', error: CHECK_NO_RESPONSE },
];

/** How each call may settle: the check's answers, the withdrawal's outcomes. */
const SETTLES: Settle[] = [
  ...CHECK_SETTLES,
  { type: 'actor.done', id: 'createWithdrawal', output: { id: WITHDRAWAL_ID } },
  ...Object.values(SUBMIT_FAILURES).map((error): Settle => ({ type: 'actor.error', id: 'createWithdrawal', error })),
];

/** A reload: the flow starts from what the URL kept. */
export interface WithdrawScenario {
  readonly name: string;
  readonly input: WithdrawInput;
}

export const NEW_WITHDRAWAL: WithdrawScenario = { name: 'a new withdrawal', input: INPUT };

/**
 * Reloads: the draft's address is checked again, then the flow goes on to the draft's step. Only
 * the check's answers and "Back" are tried from them (what follows is the new withdrawal's model).
 */
export const RELOADS: readonly WithdrawScenario[] = [
  {
    name: 'a reload on the review',
    input: { ...INPUT, draft: { step: 'review', address: CANONICAL_ADDRESS, amountText: '12,5' } },
  },
  {
    name: 'a reload on the review of an amount over the balance',
    input: { ...INPUT, draft: { step: 'review', address: CANONICAL_ADDRESS, amountText: '100' } },
  },
  {
    name: 'a reload on the amount',
    input: { ...INPUT, draft: { step: 'amount', address: CANONICAL_ADDRESS, amountText: '12.5' } },
  },
  {
    name: 'a reload on the address',
    input: { ...INPUT, draft: { step: 'address', address: PASTED_ADDRESS, amountText: '12.5' } },
  },
];

export const SCENARIOS: readonly WithdrawScenario[] = [NEW_WITHDRAWAL, ...RELOADS];

function modelEvents(snapshot: Snapshot): Array<WithdrawEvent | Settle> {
  return eventsWhileActive(snapshot, userEvents, SETTLES);
}

function reloadEvents(snapshot: Snapshot): Array<WithdrawEvent | Settle> {
  if (!snapshot.matches('checking')) return [];
  return eventsWhileActive(snapshot, [{ type: 'back' }], CHECK_SETTLES);
}

/** Keys the tests can predict: 00000000-0000-4000-8000-000000000001, then …002 for the next confirmation. */
export function nextKey(previous: string | null): string {
  const count = previous === null ? 0 : Number(previous.slice(-12));
  return `00000000-0000-4000-8000-${String(count + 1).padStart(12, '0')}`;
}

/** The defaults are inert (pending calls); keys are predictable. */
export const modelMachine = withdrawMachine.provide({
  actions: {
    makeIdempotencyKey: assign({ idempotencyKey: ({ context }) => nextKey(context.idempotencyKey), submitError: null }),
  },
});

export interface ScenarioPath {
  readonly scenario: WithdrawScenario;
  readonly path: ModelPath<WithdrawMachine>;
}

export function withdrawPaths(): ScenarioPath[] {
  return SCENARIOS.flatMap((scenario) =>
    transitionPaths(modelMachine, {
      input: scenario.input,
      events: scenario === NEW_WITHDRAWAL ? modelEvents : reloadEvents,
      // What each step shows: a new key per confirmation, the exact text typed or the server's new
      // limits make no new screen, so they are left out (each path is still replayed in full).
      key: (snapshot) => {
        const { context } = snapshot;
        if (snapshot.hasTag('address')) return [snapshot.value, context.address.trim() !== '', context.addressError];
        if (snapshot.hasTag('amount')) return [snapshot.value, context.amountError];
        return [snapshot.value, context.submitError];
      },
    }).map((path) => ({ scenario, path })),
  );
}

export function asCheckOutput(output: unknown): CheckAddressOutput {
  const result: unknown = typeof output === 'object' && output !== null ? Reflect.get(output, 'result') : undefined;
  const address: unknown = typeof output === 'object' && output !== null ? Reflect.get(output, 'address') : undefined;
  const failure = CHECK_FAILURES.find((candidate) => candidate === result);
  const answer: CheckAddressOutput = { result: result === 'valid' ? 'valid' : (failure ?? 'invalid') };
  return typeof address === 'string' ? { ...answer, address } : answer;
}

function asWithdrawal(output: unknown): { id: string } {
  const id: unknown = typeof output === 'object' && output !== null ? Reflect.get(output, 'id') : undefined;
  return { id: typeof id === 'string' ? id : '' };
}

/** The machine with deferred fakes for the two calls, and predictable keys. */
export function replayMachine() {
  const fakes = new DeferredActors();
  const machine = modelMachine.provide({
    actors: {
      checkAddress: fakes.actor('checkAddress', asCheckOutput),
      createWithdrawal: fakes.actor('createWithdrawal', asWithdrawal),
    },
  });
  return { machine, fakes };
}

function failureName(error: unknown): SubmitFailureName {
  const names = Object.keys(SUBMIT_FAILURES).filter((name): name is SubmitFailureName => name in SUBMIT_FAILURES);
  return names.find((name) => SUBMIT_FAILURES[name] === error) ?? 'no response';
}

export function describeEvent(event: ModelEvent<WithdrawMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    if (event.id === 'checkAddress') {
      if (event.type === 'actor.error') return 'the address check gets no response';
      return `the address check answers ${asCheckOutput(event.output).result}`;
    }
    if (event.type === 'actor.error') return `the withdrawal fails with ${failureName(event.error)}`;
    return 'the withdrawal is created';
  }
  switch (event.type) {
    case 'address.set':
      return event.address === '' ? 'the person clears the address' : 'the person pastes an address';
    case 'address.submit':
      return 'the person continues with the address';
    case 'amount.change':
      return `the person types "${event.text}"`;
    case 'amount.max':
      return 'the person taps Max';
    case 'amount.submit':
      return 'the person continues with the amount';
    case 'confirm.accept':
      return 'the person confirms the review';
    case 'passcode.confirmed':
      return 'the person confirms with the passcode';
    case 'retry':
      return 'the person retries';
    case 'back':
      return 'the person goes back';
  }
}

// ─── The expectations, by hand ──────────────────────────────────────────────────────────────────

/** The limits the flow knows: the page's, or those a refused submit brought. */
type Limits = 'page' | 'funds 10' | 'minimum 20' | 'maximum 10';

const LIMITS_OF_FAILURE: Partial<Record<SubmitFailureName, Exclude<Limits, 'page'>>> = {
  'not enough funds': 'funds 10',
  'a higher minimum': 'minimum 20',
  'a lower maximum': 'maximum 10',
};

/** What "Max" writes: what is available less the 1 USDT fee. */
const MAX_TEXT: Record<Limits, string> = {
  page: '99.5',
  'funds 10': '9',
  'minimum 20': '99.5',
  'maximum 10': '99.5',
};

const TWO_MARKS = 'Use one decimal mark and no thousands separators, like 1000.5';
const EXPONENT = 'Write the amount out in full, like 1000';
const DECIMALS = 'USDT allows at most 6 decimal places';
const MIN_1 = 'Minimum amount is 1\u00a0USDT';
const MAX_100 = 'Maximum amount is 100\u00a0USDT';
const FUNDS_99_5 = 'Not enough funds: you can send up to 99.5\u00a0USDT after the 1\u00a0USDT fee';
const FUNDS_9 = 'Not enough funds: you can send up to 9\u00a0USDT after the 1\u00a0USDT fee';
const MIN_20 = 'Minimum amount is 20\u00a0USDT';
const MAX_10 = 'Maximum amount is 10\u00a0USDT';

/** What the field says under each text, by the limits known (null: nothing wrong). */
const AMOUNT_ALERTS: Record<Limits, Readonly<Record<string, string | null>>> = {
  page: {
    '': null,
    '0.5': MIN_1,
    '150': MAX_100,
    '100': FUNDS_99_5,
    '12.5': null,
    '12,5': null,
    '1,000.5': TWO_MARKS,
    '1e3': EXPONENT,
    '12.1234567': DECIMALS,
    '99.5': null,
  },
  'funds 10': {
    '': null,
    '0.5': MIN_1,
    '150': MAX_100,
    '100': FUNDS_9,
    '12.5': FUNDS_9,
    '12,5': FUNDS_9,
    '1,000.5': TWO_MARKS,
    '1e3': EXPONENT,
    '12.1234567': DECIMALS,
    '9': null,
    '99.5': FUNDS_9,
  },
  'minimum 20': {
    '': null,
    '0.5': MIN_20,
    '150': MAX_100,
    '100': FUNDS_99_5,
    '12.5': MIN_20,
    '12,5': MIN_20,
    '1,000.5': TWO_MARKS,
    '1e3': EXPONENT,
    '12.1234567': DECIMALS,
    '99.5': null,
  },
  'maximum 10': {
    '': null,
    '0.5': MIN_1,
    '150': MAX_10,
    '100': MAX_10,
    '12.5': MAX_10,
    '12,5': MAX_10,
    '1,000.5': TWO_MARKS,
    '1e3': EXPONENT,
    '12.1234567': DECIMALS,
    '99.5': MAX_10,
  },
};

/** What a refused submit says until the amount changes: the server's word stands. */
const REFUSAL_ALERTS: Record<Exclude<Limits, 'page'>, string> = {
  'funds 10': FUNDS_9,
  'minimum 20': MIN_20,
  'maximum 10': MAX_10,
};

const AVAILABLE: Record<Limits, string> = {
  page: '100.5\u00a0USDT',
  'funds 10': '10\u00a0USDT',
  'minimum 20': '100.5\u00a0USDT',
  'maximum 10': '100.5\u00a0USDT',
};

/** The review's amount and total, and what reaches the server, for each valid text. */
const REVIEWED: Readonly<Record<string, { amount: string; total: string; units: string }>> = {
  '12.5': { amount: '12.5\u00a0USDT', total: '13.5\u00a0USDT', units: '12500000' },
  '12,5': { amount: '12.5\u00a0USDT', total: '13.5\u00a0USDT', units: '12500000' },
  '99.5': { amount: '99.5\u00a0USDT', total: '100.5\u00a0USDT', units: '99500000' },
  '9': { amount: '9\u00a0USDT', total: '10\u00a0USDT', units: '9000000' },
};

const CHECK_ALERTS: Record<CheckFailure | 'no response', string> = {
  invalid: 'Invalid address',
  blocked: 'This address is blocked',
  contract: 'This is a contract address',
  invalid_smart_contract: 'This smart contract cannot receive USDT',
  failed: 'Couldn’t check the address, try again',
  'no response': 'Couldn’t check the address, try again',
};

export const FAILED_TEXT = 'Check your connection and try again. Trying again won’t send the money twice.';
export const EXPIRED_TEXT = 'The confirmation has expired. Enter your passcode again.';
export const FORBIDDEN_TEXT =
  'Withdrawals are turned off for your account. Contact support if you think this is a mistake.';
export const UNAVAILABLE_TEXT = 'Withdrawals of USDT on this network are not available right now.';

/** The screens a person can see, each with what it must show. */
export type ExpectedScreen =
  | { readonly screen: 'address'; readonly field: string; readonly alert: string | null; readonly canContinue: boolean }
  | { readonly screen: 'checking'; readonly field: string }
  | {
      readonly screen: 'amount';
      readonly field: string;
      readonly alert: string | null;
      readonly canContinue: boolean;
      readonly available: string;
    }
  | { readonly screen: 'review'; readonly amount: string; readonly total: string }
  | { readonly screen: 'passcode'; readonly subtitle: string }
  | { readonly screen: 'sending' }
  | { readonly screen: 'failed' }
  | { readonly screen: 'refused'; readonly text: string }
  | { readonly screen: 'done' };

/** The flow as the person has driven it so far: the screen, and what the flow remembers. */
export interface ExpectedFlow {
  readonly shown: ExpectedScreen;
  /** The address field's text, and the address after the check (trimmed). */
  readonly addressText: string;
  readonly amountText: string;
  readonly limits: Limits;
  /** A refused submit's message, standing until the amount changes. */
  readonly refusal: string | null;
  readonly addressAlert: string | null;
  /** The confirmation was refused: the passcode step says so. */
  readonly expired: boolean;
  /** Where a reload resumes once the address is checked again. */
  readonly resumeAt: 'amount' | 'review' | null;
}

function amountAlert(flow: Pick<ExpectedFlow, 'limits' | 'amountText' | 'refusal'>): string | null {
  if (flow.refusal !== null) return flow.refusal;
  const alert = AMOUNT_ALERTS[flow.limits][flow.amountText];
  if (alert === undefined) throw new Error(`Write down what "${flow.amountText}" shows with the ${flow.limits} limits`);
  return alert;
}

function amountValid(flow: ExpectedFlow): boolean {
  return flow.amountText.trim() !== '' && amountAlert(flow) === null;
}

function onAddress(flow: ExpectedFlow): ExpectedFlow {
  return {
    ...flow,
    shown: {
      screen: 'address',
      field: flow.addressText,
      alert: flow.addressAlert,
      canContinue: flow.addressText.trim() !== '',
    },
  };
}

function onAmount(flow: ExpectedFlow): ExpectedFlow {
  const alert = amountAlert(flow);
  return {
    ...flow,
    shown: {
      screen: 'amount',
      field: flow.amountText,
      alert,
      canContinue: alert === null && flow.amountText.trim() !== '',
      available: AVAILABLE[flow.limits],
    },
  };
}

function onReview(flow: ExpectedFlow): ExpectedFlow {
  const reviewed = REVIEWED[flow.amountText];
  if (reviewed === undefined) throw new Error(`Write down how the review shows "${flow.amountText}"`);
  return { ...flow, shown: { screen: 'review', amount: reviewed.amount, total: reviewed.total } };
}

function onPasscode(flow: ExpectedFlow): ExpectedFlow {
  const reviewed = REVIEWED[flow.amountText];
  const subtitle = flow.expired ? EXPIRED_TEXT : `Enter your passcode to send ${reviewed?.amount ?? '?'}.`;
  return { ...flow, shown: { screen: 'passcode', subtitle } };
}

/** Where a scenario starts, by hand: a reload past the address checks it first. */
export function expectedStart(scenario: WithdrawScenario): ExpectedFlow {
  const draft = scenario.input.draft;
  const flow: ExpectedFlow = {
    shown: { screen: 'address', field: '', alert: null, canContinue: false },
    addressText: draft?.address ?? '',
    amountText: draft?.amountText ?? '',
    limits: 'page',
    refusal: null,
    addressAlert: null,
    expired: false,
    resumeAt: draft === undefined || draft.step === 'address' ? null : draft.step,
  };
  if (flow.resumeAt !== null) return { ...flow, shown: { screen: 'checking', field: flow.addressText } };
  return onAddress(flow);
}

/** What the person must see after `event`, from what they saw before: the flow, by hand. */
export function expectedAfter(flow: ExpectedFlow, event: ModelEvent<WithdrawMachine>): ExpectedFlow {
  const { shown } = flow;
  if (isTimePass(event)) throw new Error('the withdraw flow has no timers');
  if (isActorSettle(event)) {
    if (event.id === 'checkAddress' && shown.screen === 'checking') {
      const resumeAt = null;
      if (event.type === 'actor.error')
        return onAddress({ ...flow, resumeAt, addressAlert: CHECK_ALERTS['no response'] });
      const result = asCheckOutput(event.output).result;
      if (result !== 'valid') return onAddress({ ...flow, resumeAt, addressAlert: CHECK_ALERTS[result] });
      const checked = { ...flow, resumeAt, addressText: CANONICAL_ADDRESS };
      if (flow.resumeAt === 'review' && amountValid(checked)) return onReview(checked);
      return onAmount(checked);
    }
    if (event.id === 'createWithdrawal' && shown.screen === 'sending') {
      if (event.type === 'actor.done') return { ...flow, shown: { screen: 'done' } };
      const name = failureName(event.error);
      const limits = LIMITS_OF_FAILURE[name];
      if (limits !== undefined) return onAmount({ ...flow, limits, refusal: REFUSAL_ALERTS[limits] });
      if (name === 'a spent token') return onPasscode({ ...flow, expired: true });
      if (name === 'a blocked address') return onAddress({ ...flow, addressAlert: CHECK_ALERTS.blocked });
      if (name === 'withdrawals forbidden') return { ...flow, shown: { screen: 'refused', text: FORBIDDEN_TEXT } };
      if (name === 'an unknown network' || name === 'a reused key')
        return { ...flow, shown: { screen: 'refused', text: UNAVAILABLE_TEXT } };
      return { ...flow, shown: { screen: 'failed' } };
    }
    throw new Error(`${describeEvent(event)} cannot happen on the ${shown.screen} screen`);
  }
  switch (shown.screen) {
    case 'address':
      if (event.type === 'address.set') return onAddress({ ...flow, addressText: event.address, addressAlert: null });
      if (event.type === 'address.submit' && shown.canContinue)
        return { ...flow, addressAlert: null, shown: { screen: 'checking', field: flow.addressText } };
      return flow;
    case 'checking':
      if (event.type === 'back') return onAddress({ ...flow, resumeAt: null });
      return flow;
    case 'amount':
      if (event.type === 'amount.change') return onAmount({ ...flow, amountText: event.text, refusal: null });
      if (event.type === 'amount.max') return onAmount({ ...flow, amountText: MAX_TEXT[flow.limits], refusal: null });
      if (event.type === 'amount.submit' && shown.canContinue) return onReview({ ...flow, expired: false });
      if (event.type === 'back') return onAddress(flow);
      return flow;
    case 'review':
      if (event.type === 'confirm.accept') return onPasscode(flow);
      if (event.type === 'back') return onAmount(flow);
      return flow;
    case 'passcode':
      if (event.type === 'passcode.confirmed') return { ...flow, shown: { screen: 'sending' } };
      if (event.type === 'back') return onReview({ ...flow, expired: false });
      return flow;
    case 'failed':
      if (event.type === 'retry') return { ...flow, shown: { screen: 'sending' } };
      if (event.type === 'back') return onReview(flow);
      return flow;
    case 'refused':
      if (event.type === 'back') return onReview(flow);
      return flow;
    case 'sending':
    case 'done':
      return flow;
  }
}

/** What `createWithdrawal` gets for the amount typed, in smallest units. */
export function submittedUnits(flow: ExpectedFlow): string {
  const reviewed = REVIEWED[flow.amountText];
  if (reviewed === undefined) throw new Error(`Write down the units of "${flow.amountText}"`);
  return reviewed.units;
}
