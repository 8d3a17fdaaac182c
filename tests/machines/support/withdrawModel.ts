/**
 * The withdraw machine's model, shared by tests/machines/withdraw.model.test.ts and by the view
 * test that drives `/wallet/withdraw/{asset}/{network}` along the same paths
 * (tests/app/withdraw/withdrawFlow.view.test.tsx): the input, the events tried from each state,
 * the fakes, and how a step reads as a sentence.
 *
 * The numbers: USDT on TRX with 6 decimals, 100.5 available, a 1 USDT fee, withdrawals between 1
 * and 100 USDT, so "Max" is 99.5. The passcode step is the passcodeConfirm machine as the child
 * `passcode` (model-tested on its own): the model ends it with its output (`actor.done`), a replay
 * by giving the real child the passcode and answering its call with the token.
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
import { NO_BIOMETRICS, NOW } from './passcodeModel.ts';
import { passcodeChildReplay } from './replay.ts';

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
  passcode: { biometric: NO_BIOMETRICS, now: NOW },
};

/** The address as pasted (with spaces around it) and as the check answers it. */
export const PASTED_ADDRESS = '  TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE ';
export const CANONICAL_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
export const TOKEN = 'confirmation-token-0001';
export const PASSCODE = '2580';
export const WITHDRAWAL_ID = 'wd_000123';

/**
 * Texts the amount field sends: empty, under the minimum, over the maximum, over the balance,
 * valid. The field drops what is not a number and extra decimals as they are typed
 * (`sanitiseAmountTyping`), so "format" and "too many decimals" never come from it; the machine
 * still refuses them (tests/machines/withdraw.model.test.ts, amount rules).
 */
export const AMOUNT_TEXTS = ['', '0.5', '150', '100', '12.5'] as const;

/** The server's answers to a submit, with the data its error codes carry (contract: withdrawalErrorCodes). */
export const SUBMIT_FAILURES: Readonly<Record<string, WithdrawalFailure>> = {
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
};

export const CHECK_FAILURES = ['invalid', 'blocked', 'contract', 'invalid_smart_contract', 'failed'] as const;
export const CHECK_NO_RESPONSE = { status: null };

export const userEvents: WithdrawEvent[] = [
  { type: 'address.set', address: PASTED_ADDRESS },
  { type: 'address.set', address: '' },
  { type: 'address.submit' },
  ...AMOUNT_TEXTS.map((text): WithdrawEvent => ({ type: 'amount.change', text })),
  { type: 'amount.max' },
  { type: 'amount.submit' },
  { type: 'confirm.accept' },
  { type: 'retry' },
  { type: 'back' },
];

/** How each call may settle: the check's answers, the passcode child's end, the withdrawal's outcomes. */
const SETTLES: Settle[] = [
  { type: 'actor.done', id: 'checkAddress', output: { result: 'valid', address: CANONICAL_ADDRESS } },
  ...CHECK_FAILURES.map((result): Settle => ({ type: 'actor.done', id: 'checkAddress', output: { result } })),
  { type: 'actor.error', id: 'checkAddress', error: CHECK_NO_RESPONSE },
  { type: 'actor.done', id: 'passcode', output: { token: TOKEN, enableBiometric: false } },
  { type: 'actor.done', id: 'createWithdrawal', output: { id: WITHDRAWAL_ID } },
  ...Object.values(SUBMIT_FAILURES).map((error): Settle => ({ type: 'actor.error', id: 'createWithdrawal', error })),
];

export function modelEvents(snapshot: Snapshot): Array<WithdrawEvent | Settle> {
  return eventsWhileActive(snapshot, userEvents, SETTLES);
}

/** Keys the tests can predict: 00000000-0000-4000-8000-000000000001, then …002 for the next confirmation. */
export function nextKey(previous: string | null): string {
  const count = previous === null ? 0 : Number(previous.slice(-12));
  return `00000000-0000-4000-8000-${String(count + 1).padStart(12, '0')}`;
}

/** The defaults are inert (pending calls, the passcodeConfirm child waiting for digits); keys are predictable. */
export const modelMachine = withdrawMachine.provide({
  actions: {
    makeIdempotencyKey: assign({ idempotencyKey: ({ context }) => nextKey(context.idempotencyKey), submitError: null }),
  },
});

export function withdrawPaths(): Array<ModelPath<WithdrawMachine>> {
  return transitionPaths(modelMachine, {
    input: INPUT,
    events: modelEvents,
    // What each step shows: a new key per confirmation, the exact text typed or the server's new
    // limits make no new screen, so they are left out (each path is still replayed in full).
    key: (snapshot) => {
      const { context } = snapshot;
      if (snapshot.hasTag('address')) return [snapshot.value, context.address.trim() !== '', context.addressError];
      if (snapshot.hasTag('amount')) return [snapshot.value, context.amountError];
      return [snapshot.value, context.submitError];
    },
  });
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

/**
 * The machine with deferred fakes for the two calls and the passcode child's `confirmPasscode`, and
 * predictable keys. Settling `passcode` pastes the passcode into the real passcodeConfirm child and
 * answers its call with the token (the view test types it on the keypad instead).
 */
export function replayMachine() {
  const fakes = new DeferredActors();
  const passcode = passcodeChildReplay(fakes, { childId: 'passcode', passcode: PASSCODE, token: TOKEN });
  const machine = modelMachine.provide({
    actors: {
      checkAddress: fakes.actor('checkAddress', asCheckOutput),
      passcodeConfirm: passcode.machine,
      createWithdrawal: fakes.actor('createWithdrawal', asWithdrawal),
    },
  });
  return { machine, fakes, settler: passcode.settler };
}

function describeFailureOf(error: unknown): string {
  const named = Object.entries(SUBMIT_FAILURES).find(([, failure]) => failure === error);
  return named?.[0] ?? 'no response';
}

export function describeEvent(event: ModelEvent<WithdrawMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    if (event.id === 'checkAddress') {
      if (event.type === 'actor.error') return 'the address check gets no response';
      return `the address check answers ${asCheckOutput(event.output).result}`;
    }
    if (event.id === 'passcode') return 'the passcode is confirmed';
    if (event.type === 'actor.error') return `the withdrawal fails with ${describeFailureOf(event.error)}`;
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
    case 'retry':
      return 'the person retries';
    case 'back':
      return 'the person goes back';
  }
}
