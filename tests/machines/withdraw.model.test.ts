/**
 * Model-based test of the withdraw machine (spec 000 s.4 "Withdrawal", s.7 check-address).
 *
 * The paths come from the machine (tests/machines/support/withdrawModel.ts): every state and
 * transition, for a new withdrawal and for reloads that bring a draft back. The expectations do
 * not: after every step the running machine must be at the screen the hand-written flow
 * (`expectedAfter`) says, remember what the person typed, and have sent the calls with the
 * literal bodies below. Then one named test per rule of the spec and of docs/withdraw.md.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkAmount, effectiveMinimum, maxSendable } from '../../machines/withdraw/amountRules.ts';
import { type CheckAddressInput, type CheckAddressOutput, withdrawMachine } from '../../machines/withdraw.machine.ts';
import { coverageOf, flush, initialModelState, replayOnModel } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';
import {
  CANONICAL_ADDRESS,
  describeEvent,
  type ExpectedFlow,
  expectedAfter,
  expectedStart,
  INPUT,
  modelMachine,
  PASTED_ADDRESS,
  RELOADS,
  replayMachine,
  SCENARIOS,
  submittedUnits,
  TOKEN,
  type WithdrawMachine,
  withdrawPaths,
} from './support/withdrawModel.ts';

const paths = withdrawPaths();
type Snapshot = ReturnType<WithdrawMachine['getInitialSnapshot']>;

/** The machine is at the screen the flow expects, with what the person typed. */
function expectAt(snapshot: Snapshot, flow: ExpectedFlow) {
  const { shown } = flow;
  const tags = [...snapshot.tags].sort();
  const expectedTags = {
    address: ['address'],
    checking: ['address', 'busy'],
    amount: ['amount'],
    review: ['review'],
    passcode: ['passcode'],
    sending: ['busy'],
    failed: ['failed'],
    refused: ['refused'],
    done: ['done'],
  }[shown.screen];
  expect(tags, `on the ${shown.screen} screen`).toEqual(expectedTags);
  expect(snapshot.context.address).toBe(flow.addressText);
  expect(snapshot.context.amountText).toBe(flow.amountText);
  if (shown.screen === 'amount' || shown.screen === 'address') {
    expect(snapshot.can({ type: shown.screen === 'amount' ? 'amount.submit' : 'address.submit' })).toBe(
      shown.canContinue,
    );
  }
  if (shown.screen === 'done') expect(snapshot.output).toEqual({ withdrawalId: 'wd_000123' });
}

describe('withdraw machine model', () => {
  it('has 165 paths', () => {
    expect(paths).toHaveLength(165);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenario.input));
    const coverage = coverageOf(
      withdrawMachine,
      starts,
      paths.map(({ path }) => path),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('withdraw paths, against the flow written by hand', () => {
  for (const { scenario, path } of paths) {
    const story = path.steps.map((step) => describeEvent(step.event)).join(', then ');
    it(`after ${scenario.name}, when ${story}`, async () => {
      const { machine, fakes } = replayMachine();
      const actor = createActor(machine, { input: scenario.input }).start();
      let flow = expectedStart(scenario);
      expectAt(actor.getSnapshot(), flow);
      /** The bodies each call must have got so far, written from the flow. */
      const checks: unknown[] = flow.shown.screen === 'checking' ? [CHECK_BODY] : [];
      const submits: string[] = [];
      for (const step of path.steps) {
        const before = flow.shown.screen;
        await playStep(actor, step.event, actor.getSnapshot().value, fakes);
        flow = expectedAfter(flow, step.event);
        if (flow.shown.screen === 'checking' && before !== 'checking') checks.push(CHECK_BODY);
        if (flow.shown.screen === 'sending') submits.push(submittedUnits(flow));
        expectAt(actor.getSnapshot(), flow);
        // Determinism only: the same events give the same snapshot as when the paths were made.
        expectSameSnapshot(actor.getSnapshot(), step.state.snapshot);
      }
      expect(fakes.inputs('checkAddress')).toEqual(checks);
      // Every submit sends the amount typed, the checked address, a key and the token confirmed
      // (that the token was made for that key is the view's: tests/app/withdraw).
      expect(fakes.inputs('createWithdrawal')).toEqual(
        submits.map((amount) => ({
          asset: 'USDT',
          network: 'TRX',
          address: CANONICAL_ADDRESS,
          amount,
          idempotency_key: expect.stringMatching(/^00000000-0000-4000-8000-\d{12}$/),
          token: TOKEN,
        })),
      );
      actor.stop();
    });
  }
});

const CHECK_BODY = { asset: 'USDT', network: 'TRX', address: CANONICAL_ADDRESS };

/** A machine whose address check answers valid at once, and whose key is predictable. */
function quickMachine() {
  const { machine, fakes } = replayMachine();
  const provided = machine.provide({
    actors: {
      checkAddress: fromPromise<CheckAddressOutput, CheckAddressInput>(async ({ input }) => ({
        result: 'valid',
        address: input.address,
      })),
    },
  });
  return { machine: provided, fakes };
}

async function atAmount(input = INPUT) {
  const { machine, fakes } = quickMachine();
  const actor = createActor(machine, { input }).start();
  actor.send({ type: 'address.set', address: PASTED_ADDRESS });
  actor.send({ type: 'address.submit' });
  await flush();
  return { actor, fakes };
}

describe('withdraw rules', () => {
  it('checks the address trimmed, and continues only with a non-blank one', async () => {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, { input: INPUT }).start();
    actor.send({ type: 'address.set', address: '   ' });
    expect(actor.getSnapshot().can({ type: 'address.submit' })).toBe(false);
    actor.send({ type: 'address.set', address: PASTED_ADDRESS });
    actor.send({ type: 'address.submit' });
    expect(fakes.inputs('checkAddress')).toEqual([CHECK_BODY]);
    actor.stop();
  });

  it('refuses "1,000.5" as two decimal marks instead of reading 1.0005', async () => {
    const { actor } = await atAmount();
    actor.send({ type: 'amount.change', text: '1,000.5' });
    expect(actor.getSnapshot().context).toMatchObject({ amount: null, amountError: 'two_marks' });
    expect(actor.getSnapshot().can({ type: 'amount.submit' })).toBe(false);
    actor.stop();
  });

  it('refuses "1e3" as an exponent instead of reading 13', async () => {
    const { actor } = await atAmount();
    actor.send({ type: 'amount.change', text: '1e3' });
    expect(actor.getSnapshot().context).toMatchObject({ amount: null, amountError: 'exponent' });
    actor.stop();
  });

  it('takes a comma as the decimal point', async () => {
    const { actor } = await atAmount();
    actor.send({ type: 'amount.change', text: '12,5' });
    expect(actor.getSnapshot().context).toMatchObject({ amount: '12500000', amountError: null });
    actor.stop();
  });

  it('puts the balance less the fee for "Max", 99.5 of 100.5 with a 1 USDT fee', async () => {
    const { actor } = await atAmount();
    actor.send({ type: 'amount.max' });
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '99.5', amount: '99500000', amountError: null });
    actor.stop();
  });

  it('keeps the amount when the person goes back to the address and on again', async () => {
    const { actor } = await atAmount();
    actor.send({ type: 'amount.change', text: '12.5' });
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().hasTag('address')).toBe(true);
    actor.send({ type: 'address.submit' });
    await flush();
    expect(actor.getSnapshot().context.amountText).toBe('12.5');
    expect(actor.getSnapshot().hasTag('amount')).toBe(true);
    actor.stop();
  });

  it('cannot go back while the withdrawal is being sent: money may be moving', async () => {
    const { actor } = await atAmount();
    actor.send({ type: 'amount.change', text: '12.5' });
    actor.send({ type: 'amount.submit' });
    actor.send({ type: 'confirm.accept' });
    actor.send({ type: 'passcode.confirmed', token: TOKEN });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().can({ type: 'back' })).toBe(false);
    actor.stop();
  });

  it('sends the key of the confirmation again when the person retries after no response', async () => {
    const { actor, fakes } = await atAmount();
    actor.send({ type: 'amount.max' });
    actor.send({ type: 'amount.submit' });
    actor.send({ type: 'confirm.accept' });
    actor.send({ type: 'passcode.confirmed', token: TOKEN });
    fakes.settle({ type: 'actor.error', id: 'createWithdrawal', error: { status: null, code: null } });
    await flush();
    actor.send({ type: 'retry' });
    const [first, second] = fakes.inputs('createWithdrawal');
    expect(first).toEqual({
      asset: 'USDT',
      network: 'TRX',
      address: CANONICAL_ADDRESS,
      amount: '99500000',
      idempotency_key: '00000000-0000-4000-8000-000000000001',
      token: TOKEN,
    });
    expect(second).toEqual(first);
    actor.stop();
  });

  it('confirms again with the same key after the server refuses the token', async () => {
    const { actor, fakes } = await atAmount();
    actor.send({ type: 'amount.change', text: '12.5' });
    actor.send({ type: 'amount.submit' });
    actor.send({ type: 'confirm.accept' });
    actor.send({ type: 'passcode.confirmed', token: TOKEN });
    fakes.settle({ type: 'actor.error', id: 'createWithdrawal', error: { status: 403, code: 'invalid_token' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('passcode');
    expect(actor.getSnapshot().context).toMatchObject({
      submitError: 'invalid_token',
      idempotencyKey: '00000000-0000-4000-8000-000000000001',
    });
    actor.send({ type: 'passcode.confirmed', token: 'confirmation-token-0002' });
    await flush();
    const keys = fakes.inputs('createWithdrawal').map((input) => Reflect.get(Object(input), 'idempotency_key'));
    const tokens = fakes.inputs('createWithdrawal').map((input) => Reflect.get(Object(input), 'token'));
    expect(keys).toEqual(['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001']);
    expect(tokens).toEqual([TOKEN, 'confirmation-token-0002']);
    actor.stop();
  });

  it('makes a new random UUID each time the review opens from the amount', async () => {
    const real = withdrawMachine.provide({
      actors: { checkAddress: fromPromise<CheckAddressOutput, CheckAddressInput>(async () => ({ result: 'valid' })) },
    });
    const actor = createActor(real, { input: INPUT }).start();
    actor.send({ type: 'address.set', address: CANONICAL_ADDRESS });
    actor.send({ type: 'address.submit' });
    await flush();
    actor.send({ type: 'amount.max' });
    actor.send({ type: 'amount.submit' });
    const first = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'back' });
    actor.send({ type: 'amount.submit' });
    const second = actor.getSnapshot().context.idempotencyKey;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(second).not.toBe(first);
    actor.stop();
  });
});

describe('a reload', () => {
  const [review, overBalance, amount, address] = RELOADS;

  it('on the review checks the address again, then opens the review with a new key', () => {
    if (review === undefined) throw new Error('no reload scenario');
    const state = replayOnModel(
      modelMachine,
      [{ type: 'actor.done', id: 'checkAddress', output: { result: 'valid' } }],
      review.input,
    );
    expect(state.snapshot.value).toBe('confirm');
    expect(state.snapshot.context).toMatchObject({
      address: CANONICAL_ADDRESS,
      amountText: '12,5',
      amount: '12500000',
      idempotencyKey: '00000000-0000-4000-8000-000000000001',
    });
  });

  it('on the review of an amount over the balance stops at the amount, saying so', () => {
    if (overBalance === undefined) throw new Error('no reload scenario');
    const state = replayOnModel(
      modelMachine,
      [{ type: 'actor.done', id: 'checkAddress', output: { result: 'valid' } }],
      overBalance.input,
    );
    expect(state.snapshot.value).toBe('amount');
    expect(state.snapshot.context).toMatchObject({
      amountText: '100',
      amountError: 'above_balance',
      idempotencyKey: null,
    });
  });

  it('on the amount keeps the amount typed', () => {
    if (amount === undefined) throw new Error('no reload scenario');
    const state = replayOnModel(
      modelMachine,
      [{ type: 'actor.done', id: 'checkAddress', output: { result: 'valid' } }],
      amount.input,
    );
    expect(state.snapshot.value).toBe('amount');
    expect(state.snapshot.context.amountText).toBe('12.5');
  });

  it('whose address the check now refuses stays at the address, with the amount kept for later', () => {
    if (review === undefined) throw new Error('no reload scenario');
    const state = replayOnModel(
      modelMachine,
      [{ type: 'actor.done', id: 'checkAddress', output: { result: 'blocked' } }],
      review.input,
    );
    expect(state.snapshot.value).toBe('address');
    expect(state.snapshot.context).toMatchObject({ addressError: 'blocked', amountText: '12,5', resumeAt: null });
  });

  it('on the address shows what was typed and checks nothing yet', () => {
    if (address === undefined) throw new Error('no reload scenario');
    const state = initialModelState(modelMachine, address.input);
    expect(state.snapshot.value).toBe('address');
    expect(state.snapshot.context).toMatchObject({ address: PASTED_ADDRESS, amountText: '12.5' });
    expect(state.snapshot.children.checkAddress).toBeUndefined();
  });
});

describe('withdraw amount rules', () => {
  it('never offers less than zero as the maximum', () => {
    expect(maxSendable({ available: '500000', fee: '1000000' })).toBe('0');
    expect(maxSendable({ available: '100500000', fee: '1000000' })).toBe('99500000');
  });

  it('reads a zero as below the minimum, and a minimum of 0 as one smallest unit', () => {
    expect(effectiveMinimum('0')).toBe('1');
    expect(checkAmount('0', { ...INPUT, min: '0' }).error).toBe('below_minimum');
    expect(checkAmount('0.000001', { ...INPUT, min: '0' })).toEqual({ amount: '1', error: null });
  });

  it('names an amount under the minimum and one over the maximum', () => {
    expect(checkAmount('0.5', INPUT)).toEqual({ amount: null, error: 'below_minimum' });
    expect(checkAmount('100.000001', INPUT)).toEqual({ amount: null, error: 'above_maximum' });
    expect(checkAmount('100', { ...INPUT, available: '900000000' })).toEqual({ amount: '100000000', error: null });
  });

  it('refuses an amount the fee would take over the balance', () => {
    expect(checkAmount('99.5', INPUT)).toEqual({ amount: '99500000', error: null });
    expect(checkAmount('99.500001', INPUT)).toEqual({ amount: null, error: 'above_balance' });
  });

  it('treats a maximum of 0 as no upper bound', () => {
    const rich = { ...INPUT, available: '900000000000', max: '0' };
    expect(checkAmount('5000', rich)).toEqual({ amount: '5000000000', error: null });
  });
});
