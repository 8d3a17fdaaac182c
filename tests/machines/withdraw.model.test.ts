/**
 * Model-based test of the withdraw machine (spec 000 s.4 "Withdrawal", s.7 check-address).
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts) over the model in
 * tests/machines/support/withdrawModel.ts: the address pasted and cleared, the amounts typed
 * (empty, under the minimum, over the maximum, over the balance, valid) and "Max", every answer of the address check, the passcode step answering a token, and
 * every way the submit settles. A model state is the state value, the address, the amount text,
 * the three error codes and whether a key and a token exist.
 *
 * Each path is replayed on the real machine with deferred fakes: after every step value, context
 * and tags must equal the model's; every call must carry what the person entered; and within one
 * confirmation every submit — retries included — carries the same idempotency key, which is also
 * the hash the passcode step is bound to.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkAmount, effectiveMinimum, maxSendable, plainUnits } from '../../machines/withdraw/amountRules.ts';
import { type CheckAddressInput, type CheckAddressOutput, withdrawMachine } from '../../machines/withdraw.machine.ts';
import { coverageOf, flush, initialModelState, type ModelPath } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';
import {
  CANONICAL_ADDRESS,
  describeEvent,
  INPUT,
  modelMachine,
  nextKey,
  PASSCODE,
  replayMachine,
  TOKEN,
  type WithdrawMachine,
  withdrawPaths,
} from './support/withdrawModel.ts';

const paths = withdrawPaths();
/** The shape of the predictable keys (tests/machines/support/withdrawModel.ts `nextKey`). */
const UUID = /^00000000-0000-4000-8000-\d{12}$/;
const start = initialModelState(modelMachine, INPUT);

function describeState(path: ModelPath<WithdrawMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined) return 'the start';
  const { addressError, amountError, submitError, amountText } = snapshot.context;
  if (snapshot.hasTag('done')) return `the withdrawal ${snapshot.output?.withdrawalId ?? ''}`;
  if (snapshot.hasTag('refused')) return `withdrawals refused (${submitError ?? ''})`;
  if (snapshot.hasTag('failed')) return 'a failed submit to retry';
  if (snapshot.hasTag('busy')) return snapshot.hasTag('address') ? 'the address being checked' : 'the submit in flight';
  if (snapshot.hasTag('passcode')) return `the passcode step${submitError === null ? '' : ` after ${submitError}`}`;
  if (snapshot.hasTag('review')) return 'the review';
  if (snapshot.hasTag('amount'))
    return `the amount "${amountText}"${amountError === null ? '' : `, error ${amountError}`}`;
  return `the address step${addressError === null ? '' : `, error ${addressError}`}`;
}

describe('withdraw machine model', () => {
  it('has 88 paths', () => {
    expect(paths).toHaveLength(88);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(withdrawMachine, [start], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('reaches the review only with a valid amount and a checked address', () => {
    for (const path of paths) {
      for (const { state } of path.steps) {
        const { snapshot } = state;
        if (!snapshot.hasTag('review') && !snapshot.hasTag('passcode')) continue;
        expect(snapshot.context.amountError).toBeNull();
        expect(checkAmount(snapshot.context.amountText, snapshot.context).amount).toBe(snapshot.context.amount);
        expect(snapshot.context.address).toBe(CANONICAL_ADDRESS);
      }
    }
  });
});

describe('withdraw paths', () => {
  for (const path of paths) {
    describe(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      it(`ends with ${describeState(path)}, as the model predicts after every step`, async () => {
        const { machine, fakes, settler } = replayMachine();
        const actor = createActor(machine, { input: INPUT }).start();
        const settling = settler(() => actor.getSnapshot().children.passcode);
        expectSameSnapshot(actor.getSnapshot(), start.snapshot);
        let previous = start.snapshot;
        /** The key of each submit, and the key current when it was sent. */
        const submittedKeys: Array<string | null> = [];
        for (const step of path.steps) {
          const keyBefore = actor.getSnapshot().context.idempotencyKey;
          const submitsBefore = fakes.inputs('createWithdrawal').length;
          await playStep(actor, step.event, previous.value, settling);
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          expect(actual.output).toEqual(expected.output);
          if (fakes.inputs('createWithdrawal').length > submitsBefore) submittedKeys.push(keyBefore);
          previous = expected;
        }
        for (const input of fakes.inputs('checkAddress')) {
          expect(input).toEqual({ asset: 'USDT', network: 'TRX', address: CANONICAL_ADDRESS });
        }
        const confirmations = fakes.inputs('confirmPasscode');
        for (const input of confirmations) {
          expect(input).toEqual({ code: PASSCODE, transactionType: 'withdraw', hash: expect.stringMatching(UUID) });
        }
        // The token is bound to the key it is sent with: each submit's key is the last confirmed hash.
        expect(
          submittedKeys.every((key) => confirmations.some((input) => Reflect.get(Object(input), 'hash') === key)),
        ).toBe(true);
        const submits = fakes.inputs('createWithdrawal');
        submits.forEach((input, index) => {
          expect(input).toEqual({
            asset: 'USDT',
            network: 'TRX',
            address: CANONICAL_ADDRESS,
            amount: expect.stringMatching(/^[1-9]\d*$/),
            idempotency_key: submittedKeys[index],
            token: TOKEN,
          });
        });
        actor.stop();
      });
    });
  }
});

describe('withdraw idempotency key', () => {
  it('sends the key of the confirmation again when the person retries after no response', async () => {
    const { machine, fakes, settler } = replayMachine();
    const actor = createActor(machine, { input: INPUT }).start();
    const settling = settler(() => actor.getSnapshot().children.passcode);
    actor.send({ type: 'address.set', address: CANONICAL_ADDRESS });
    actor.send({ type: 'address.submit' });
    fakes.settle({ type: 'actor.done', id: 'checkAddress', output: { result: 'valid' } });
    await flush();
    actor.send({ type: 'amount.max' });
    actor.send({ type: 'amount.submit' });
    actor.send({ type: 'confirm.accept' });
    settling.settle({ type: 'actor.done', id: 'passcode', output: null });
    await flush();
    fakes.settle({ type: 'actor.error', id: 'createWithdrawal', error: { status: null, code: null } });
    await flush();
    actor.send({ type: 'retry' });
    const [first, second] = fakes.inputs('createWithdrawal');
    expect(first).toEqual(second);
    expect(first).toMatchObject({ idempotency_key: nextKey(null), amount: '99500000' });
    expect(fakes.inputs('confirmPasscode')).toEqual([
      { code: PASSCODE, transactionType: 'withdraw', hash: nextKey(null) },
    ]);
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

  it('refuses what is not a number and more decimals than the asset has', () => {
    expect(checkAmount('1,5.', INPUT)).toEqual({ amount: null, error: 'format' });
    expect(checkAmount('abc', INPUT)).toEqual({ amount: null, error: 'format' });
    expect(checkAmount('0.0000001', INPUT)).toEqual({ amount: null, error: 'too_many_decimals' });
    expect(checkAmount('', INPUT)).toEqual({ amount: null, error: 'empty' });
  });

  it('checks an amount typed with a comma or spaces like the same number', () => {
    expect(checkAmount('12,5', INPUT)).toEqual({ amount: '12500000', error: null });
    expect(checkAmount(' 1 2.5 ', INPUT)).toEqual({ amount: '12500000', error: null });
  });

  it('refuses an amount the fee would take over the balance', () => {
    expect(checkAmount('99.5', INPUT)).toEqual({ amount: '99500000', error: null });
    expect(checkAmount('99.500001', INPUT)).toEqual({ amount: null, error: 'above_balance' });
  });

  it('treats a maximum of 0 as no upper bound', () => {
    const rich = { ...INPUT, available: '900000000000', max: '0' };
    expect(checkAmount('5000', rich)).toEqual({ amount: '5000000000', error: null });
  });

  it('writes smallest units as text that reads back the same', () => {
    expect(plainUnits('99500000', 6)).toBe('99.5');
    expect(plainUnits('5', 6)).toBe('0.000005');
    expect(plainUnits('0', 6)).toBe('0');
    expect(plainUnits('1200', 0)).toBe('1200');
    expect(checkAmount(plainUnits('99500000', 6), INPUT).amount).toBe('99500000');
  });
});
