/**
 * The merchant's side of a P2C payment (issue 14): every path of the machine is generated per
 * scenario (the counts are a tripwire; the coverage test fails on an untested transition), and
 * every state reached on every path is checked against what the pages must then show, written by
 * hand per state below. Named tests state the rules with literal expectations: a take is sent only
 * once confirmed, a refusal is back on the list with its code, a payment that left the list closes
 * its confirmation, mark paid needs the receipt and an account and sends that account, and a
 * refusal forgets what the server did not take.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  type MarkPaidInput,
  type MerchantPaymentInput,
  merchantPaymentMachine,
  type PaymentAnswer,
  type TakeInput,
} from '../../machines/merchantPayment.machine.ts';
import {
  ACCOUNT_ID,
  describeEvent,
  failure,
  merchantPaymentPaths,
  PAYMENT_ID,
  SCENARIOS,
} from './support/merchantPaymentModel.ts';
import { coverageOf, DeferredActors, flush, initialModelState } from './support/model.ts';

type Snapshot = SnapshotFrom<typeof merchantPaymentMachine>;

const pathsByScenario = SCENARIOS.map((scenario) => ({ ...scenario, paths: merchantPaymentPaths(scenario.input) }));

/** What the pages show in each state, by hand: the dialog, whether it waits, what it may send. */
function expectShown(snapshot: Snapshot) {
  const { paymentId, hasCheck, accountId } = snapshot.context;
  const confirming = snapshot.hasTag('confirming');
  const busy = snapshot.hasTag('busy');
  switch (snapshot.value) {
    case 'browsing':
      // The list with no dialog; nothing chosen.
      expect([confirming, busy]).toEqual([false, false]);
      expect(paymentId).toBeNull();
      break;
    case 'confirmingTake':
      expect([confirming, busy]).toEqual([true, false]);
      expect(paymentId).toBe(31);
      expect(snapshot.context.error).toBeNull();
      break;
    case 'taking':
      expect([confirming, busy]).toEqual([true, true]);
      expect(snapshot.children.take).toBeDefined();
      break;
    case 'paying':
      // The payment's page: pay, upload, choose; no dialog.
      expect([confirming, busy]).toEqual([false, false]);
      expect(paymentId).toBe(31);
      expect(snapshot.context.status).toBe('processing');
      break;
    case 'confirmingPaid':
      expect([confirming, busy]).toEqual([true, false]);
      expect([hasCheck, accountId]).toEqual([true, 5]);
      break;
    case 'markingPaid':
      expect([confirming, busy]).toEqual([true, true]);
      expect(snapshot.children.markPaid).toBeDefined();
      expect([hasCheck, accountId]).toEqual([true, 5]);
      break;
    case 'canceled':
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.status).toBe('canceled');
      break;
    case 'done':
      expect(snapshot.status).toBe('done');
      expect(snapshot.context.status).toBe('completed');
      break;
    default:
      throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
  }
}

function run(input: MerchantPaymentInput) {
  const fakes = new DeferredActors();
  const machine = merchantPaymentMachine.provide({
    actors: {
      take: fakes.actor<PaymentAnswer, TakeInput>('take', (output) => output as PaymentAnswer),
      markPaid: fakes.actor<PaymentAnswer, MarkPaidInput>('markPaid', (output) => output as PaymentAnswer),
    },
  });
  const actor = createActor(machine, { input }).start();
  const answer = async (id: string, output: PaymentAnswer) => {
    fakes.settle({ type: 'actor.done', id, output });
    await flush();
  };
  const refuse = async (id: string, error: unknown) => {
    fakes.settle({ type: 'actor.error', id, error });
    await flush();
  };
  return { actor, fakes, answer, refuse };
}

/** The list, showing payments 31 and 32. */
function runList() {
  const started = run({ from: 'list' });
  started.actor.send({ type: 'list.changed', ids: [31, 32] });
  return started;
}

const taken: MerchantPaymentInput = {
  from: 'payment',
  paymentId: PAYMENT_ID,
  facts: { status: 'processing', hasCheck: false },
  accountId: null,
};

describe('merchant payment machine model', () => {
  it('has a fixed number of paths per scenario (a tripwire for unintended change)', () => {
    const counts = pathsByScenario.map(({ name, paths }) => [name, paths.length]);
    expect(counts).toEqual([
      ['from the live list', 105],
      ['a taken payment, no receipt, no account', 66],
      ['a taken payment with its receipt and an account', 60],
      // Final at once: their one state is checked by "opens a payment already completed or expired at its end".
      ['an expired payment', 0],
      ['a completed payment', 0],
    ]);
  });

  it('visits every state node and takes every transition', () => {
    const starts = SCENARIOS.map(({ input }) => initialModelState(merchantPaymentMachine, input));
    const paths = pathsByScenario.flatMap((scenario) => scenario.paths);
    const coverage = coverageOf(merchantPaymentMachine, starts, paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  for (const { name, paths } of pathsByScenario) {
    it(`shows what each state must show on every path (${name})`, () => {
      for (const path of paths) {
        for (const step of path.steps) {
          try {
            expectShown(step.state.snapshot);
          } catch (thrown) {
            throw new Error(`${path.steps.map((s) => describeEvent(s.event)).join(', ')}: ${String(thrown)}`);
          }
        }
      }
    });
  }
});

describe('taking a payment from the list', () => {
  it('asks first, then sends the take for payment 31 and is paying once the server answers', async () => {
    const { actor, fakes, answer } = runList();
    actor.send({ type: 'take.start', paymentId: 31 });
    expect(actor.getSnapshot().value).toBe('confirmingTake');
    expect(fakes.inputs('take')).toEqual([]);
    actor.send({ type: 'take.confirm' });
    expect(fakes.inputs('take')).toEqual([{ paymentId: 31 }]);
    actor.send({ type: 'take.confirm' });
    expect(fakes.inputs('take')).toHaveLength(1);
    await answer('take', { status: 'processing', hasCheck: false });
    expect(actor.getSnapshot().value).toBe('paying');
  });

  it('a payment the list no longer shows is not taken (it left just before the press)', () => {
    const { actor, fakes } = runList();
    actor.send({ type: 'list.changed', ids: [32] });
    actor.send({ type: 'take.start', paymentId: 31 });
    expect(actor.getSnapshot().value).toBe('browsing');
    actor.send({ type: 'take.confirm' });
    expect(fakes.inputs('take')).toEqual([]);
  });

  it('dismissing sends nothing and forgets the payment', () => {
    const { actor, fakes } = runList();
    actor.send({ type: 'take.start', paymentId: 31 });
    actor.send({ type: 'take.dismiss' });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.paymentId).toBeNull();
    expect(fakes.inputs('take')).toEqual([]);
  });

  it('another merchant was first: back on the list with payment_not_pending', async () => {
    const { actor, refuse } = runList();
    actor.send({ type: 'take.start', paymentId: 31 });
    actor.send({ type: 'take.confirm' });
    await refuse('take', failure(409, 'payment_not_pending'));
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.error).toEqual({ call: 'take', status: 409, code: 'payment_not_pending' });
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('three payments already taken: back on the list with p2c_too_many_taken', async () => {
    const { actor, refuse } = runList();
    actor.send({ type: 'take.start', paymentId: 31 });
    actor.send({ type: 'take.confirm' });
    await refuse('take', failure(409, 'p2c_too_many_taken'));
    expect(actor.getSnapshot().context.error).toEqual({ call: 'take', status: 409, code: 'p2c_too_many_taken' });
  });

  it('the payment leaving the list closes its confirmation with payment_not_pending; another leaving does not', () => {
    const { actor } = runList();
    actor.send({ type: 'take.start', paymentId: 31 });
    actor.send({ type: 'list.changed', ids: [31, 32] });
    expect(actor.getSnapshot().value).toBe('confirmingTake');
    actor.send({ type: 'list.changed', ids: [32] });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.error).toEqual({ call: 'take', status: 409, code: 'payment_not_pending' });
  });
});

describe('marking a taken payment paid', () => {
  it('needs the receipt and an account, then asks, then sends that account', async () => {
    const { actor, fakes, answer } = run(taken);
    expect(actor.getSnapshot().value).toBe('paying');
    actor.send({ type: 'paid.start' });
    expect(actor.getSnapshot().value).toBe('paying');
    actor.send({ type: 'check.uploaded' });
    actor.send({ type: 'paid.start' });
    expect(actor.getSnapshot().value).toBe('paying');
    actor.send({ type: 'account.choose', accountId: 5 });
    actor.send({ type: 'paid.start' });
    expect(actor.getSnapshot().value).toBe('confirmingPaid');
    expect(fakes.inputs('markPaid')).toEqual([]);
    actor.send({ type: 'paid.confirm' });
    expect(fakes.inputs('markPaid')).toEqual([{ paymentId: 31, accountId: 5 }]);
    await answer('markPaid', { status: 'completed', hasCheck: true });
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('an account chosen then unchosen cannot mark paid', () => {
    const { actor } = run({ ...taken, facts: { status: 'processing', hasCheck: true }, accountId: ACCOUNT_ID });
    actor.send({ type: 'account.choose', accountId: null });
    actor.send({ type: 'paid.start' });
    expect(actor.getSnapshot().value).toBe('paying');
  });

  it('a refused receipt is forgotten (check_required), the account kept', async () => {
    const { actor, refuse } = run({ ...taken, facts: { status: 'processing', hasCheck: true }, accountId: 5 });
    actor.send({ type: 'paid.start' });
    actor.send({ type: 'paid.confirm' });
    await refuse('markPaid', failure(422, 'check_required'));
    expect(actor.getSnapshot().value).toBe('paying');
    expect(actor.getSnapshot().context).toMatchObject({ hasCheck: false, accountId: 5 });
    expect(actor.getSnapshot().context.error).toEqual({ call: 'paid', status: 422, code: 'check_required' });
  });

  it('an account no longer active is forgotten (account_not_active), the receipt kept', async () => {
    const { actor, refuse } = run({ ...taken, facts: { status: 'processing', hasCheck: true }, accountId: 5 });
    actor.send({ type: 'paid.start' });
    actor.send({ type: 'paid.confirm' });
    await refuse('markPaid', failure(422, 'account_not_active'));
    expect(actor.getSnapshot().context).toMatchObject({ hasCheck: true, accountId: null });
  });

  it('no answer keeps both, so the person can press again', async () => {
    const { actor, fakes, refuse } = run({ ...taken, facts: { status: 'processing', hasCheck: true }, accountId: 5 });
    actor.send({ type: 'paid.start' });
    actor.send({ type: 'paid.confirm' });
    await refuse('markPaid', failure(null));
    actor.send({ type: 'paid.start' });
    actor.send({ type: 'paid.confirm' });
    expect(fakes.inputs('markPaid')).toEqual([
      { paymentId: 31, accountId: 5 },
      { paymentId: 31, accountId: 5 },
    ]);
  });

  it('the deadline passing (the payment canceled) ends it, even with the confirmation open', () => {
    const { actor } = run({ ...taken, facts: { status: 'processing', hasCheck: true }, accountId: 5 });
    actor.send({ type: 'paid.start' });
    actor.send({ type: 'payment.sync', facts: { status: 'canceled', hasCheck: true } });
    expect(actor.getSnapshot().value).toBe('canceled');
  });

  it('a receipt seen on the server (another tab) counts', () => {
    const { actor } = run({ ...taken, accountId: 5 });
    actor.send({ type: 'payment.sync', facts: { status: 'processing', hasCheck: true } });
    actor.send({ type: 'paid.start' });
    expect(actor.getSnapshot().value).toBe('confirmingPaid');
  });

  it('opens a payment already completed or expired at its end', () => {
    expect(run({ ...taken, facts: { status: 'completed', hasCheck: true } }).actor.getSnapshot().value).toBe('done');
    expect(run({ ...taken, facts: { status: 'canceled', hasCheck: false } }).actor.getSnapshot().value).toBe(
      'canceled',
    );
  });
});
