/**
 * Model-based test of the QR payment machine (spec 001 s.3 "P2C payment", s.4 "P2C payment,
 * client view", s.9 polling; docs/p2c.md "The client's flow").
 *
 * The paths come from the machine (tests/machines/support/qrPaymentModel.ts): every state and
 * transition, in every scenario. The expectations do not: after every step the running machine
 * must be at the screen the hand-written flow (`expectedAfter`) says, show the quote and status it
 * says, wait exactly the milliseconds it says before the next poll or quote refresh, and have sent
 * the pay call exactly the literal bodies the flow gives. Then one named test per rule.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { newPaymentHash, qrPaymentMachine } from '../../machines/qrPayment.machine.ts';
import { coverageOf, flush, initialModelState, isTimePass } from './support/model.ts';
import {
  CODE_ID,
  DISPUTE_MESSAGE,
  describeEvent,
  type ExpectedFlow,
  expectedAfter,
  expectedPayBody,
  expectedStart,
  hashNumber,
  LOOKUPS,
  modelMachine,
  PAY_FAILURES,
  PAYMENT_ID,
  paymentIn,
  type QrPaymentMachine,
  QUOTES,
  qrPaymentPaths,
  replayMachine,
  SCENARIOS,
  TOKEN,
} from './support/qrPaymentModel.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';

const paths = qrPaymentPaths();
type Snapshot = ReturnType<QrPaymentMachine['getInitialSnapshot']>;

const TAGS: Record<ExpectedFlow['screen'], string[]> = {
  loading: ['loading'],
  failed: ['failed'],
  quote: ['quote'],
  passcode: ['passcode'],
  paying: ['busy'],
  payFailed: ['failed'],
  unavailable: ['unavailable'],
  forbidden: ['forbidden'],
  payment: ['payment'],
  dispute: ['dispute'],
  sendingDispute: ['dispute', 'busy'],
  verify: ['verify'],
  setPasscode: ['setPasscode'],
};

const QUOTE_IDS = { USDT: 'quote-usdt-1', TON: 'quote-ton-1', 'renewed USDT': 'quote-usdt-2' } as const;

/** The machine is at the screen the flow expects, with what the person sees there. */
function expectAt(snapshot: Snapshot, flow: ExpectedFlow) {
  const tags = [...TAGS[flow.screen], ...(flow.screen === 'quote' && flow.refreshing ? ['refreshing'] : [])];
  expect([...snapshot.tags].sort(), `on the ${flow.screen} screen`).toEqual(tags.sort());
  const { context } = snapshot;
  expect(context.uniqueHash).toBe(hashNumber(flow.hashes));
  expect(context.asset).toBe(flow.asset);
  if (flow.screen === 'quote') {
    expect(context.quote?.id).toBe(flow.quote === null ? undefined : QUOTE_IDS[flow.quote]);
    expect(context.quoteRenewed).toBe(flow.quoteRenewed);
    expect(context.refusal?.code ?? null).toBe(flow.refusal);
    expect(snapshot.can({ type: 'pay' }), 'Pay works on the quote').toBe(true);
  }
  if (flow.screen === 'unavailable') expect(context.problem).toBe(flow.problem);
  if (flow.screen === 'passcode') expect(context.tokenRefused).toBe(flow.tokenRefused);
  if (flow.screen === 'payment') {
    expect(context.payment?.status).toBe(flow.status);
    expect(snapshot.can({ type: 'dispute.open' }), 'the dispute button').toBe(flow.status === 'completed');
  }
  if (flow.screen === 'dispute') {
    expect(context.disputeReason).toBe(flow.disputeReason);
    expect(context.disputeMessage).toBe(flow.disputeMessage);
    const refusal = context.disputeRefusal === null ? null : (context.disputeRefusal.code ?? 'no answer');
    expect(refusal).toBe(flow.disputeRefusal);
    const ready = flow.disputeReason !== null && flow.disputeMessage.trim() !== '';
    expect(snapshot.can({ type: 'dispute.submit' }), 'Send works').toBe(ready);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('QR payment machine model', () => {
  it('has paths in every scenario', () => {
    for (const scenario of SCENARIOS) {
      expect(paths.filter((path) => path.scenario === scenario).length, scenario.name).toBeGreaterThan(0);
    }
  });

  it('visits every state node and takes every transition of the machine', () => {
    const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenario.input));
    const coverage = coverageOf(
      qrPaymentMachine,
      starts,
      paths.map(({ path }) => path),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('QR payment paths, against the flow written by hand', () => {
  for (const { scenario, path } of paths) {
    const story = path.steps.map((step) => describeEvent(step.event)).join(', then ');
    it(`for ${scenario.name}, when ${story}`, async () => {
      const { machine, fakes, settler } = replayMachine();
      const actor = createActor(machine, { input: scenario.input }).start();
      const settling = settler(() => actor.getSnapshot().children.passcode);
      let flow = expectedStart(scenario);
      expectAt(actor.getSnapshot(), flow);
      const bodies: unknown[] = [];
      for (const step of path.steps) {
        const before = flow.screen;
        if (isTimePass(step.event)) expectedAfter(flow, step.event); // throws when no wait of this length is due
        await playStep(actor, step.event, actor.getSnapshot().value, settling);
        flow = expectedAfter(flow, step.event);
        if (flow.screen === 'paying' && before !== 'paying') bodies.push(expectedPayBody(flow));
        expectAt(actor.getSnapshot(), flow);
        // Determinism only: the same events give the same snapshot as when the paths were made.
        expectSameSnapshot(actor.getSnapshot(), step.state.snapshot);
      }
      expect(fakes.inputs('payCode')).toEqual(bodies);
      actor.stop();
    });
  }
});

function start(name: (typeof SCENARIOS)[number]['name'] = 'a client scanning a code') {
  const scenario = SCENARIOS.find((each) => each.name === name);
  if (scenario === undefined) throw new Error(name);
  const { machine, fakes, settler } = replayMachine();
  const actor = createActor(machine, { input: scenario.input }).start();
  return { actor, fakes, settling: settler(() => actor.getSnapshot().children.passcode) };
}

async function toQuote() {
  const started = start();
  started.fakes.settle({ type: 'actor.done', id: 'lookupCode', output: LOOKUPS['the code in USDT'] });
  await flush();
  return started;
}

describe('QR payment rules', () => {
  it('makes payment hashes of 64 letters and digits, as the contract takes', () => {
    const hashes = new Set(Array.from({ length: 50 }, () => newPaymentHash()));
    expect(hashes.size).toBe(50);
    for (const hash of hashes) expect(hash).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('fetches the quote again 25 s after it came, before its 30 s run out', async () => {
    const { actor, fakes } = await toQuote();
    vi.advanceTimersByTime(24_999);
    expect(fakes.inputs('lookupCode')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fakes.inputs('lookupCode')).toEqual([
      { qrId: CODE_ID, asset: 'USDT' },
      { qrId: CODE_ID, asset: 'USDT' },
    ]);
    actor.stop();
  });

  it('polls a pending payment every 9 s, a processing one every 500 ms, a completed one every 5 s', async () => {
    const { actor, fakes } = start('a payment opened by its id');
    const pollsAfter = async (status: 'pending' | 'processing' | 'completed', ms: number) => {
      const before = fakes.inputs('fetchPayment').length;
      fakes.settle({ type: 'actor.done', id: 'fetchPayment', output: paymentIn(status) });
      await flush();
      vi.advanceTimersByTime(ms - 1);
      expect(fakes.inputs('fetchPayment'), `${status}: not before ${ms} ms`).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(fakes.inputs('fetchPayment').at(-1)).toEqual({ paymentId: PAYMENT_ID });
    };
    await pollsAfter('pending', 9000);
    await pollsAfter('processing', 500);
    await pollsAfter('completed', 5000);
    actor.stop();
  });

  it('stops polling a payment shown as canceled (expired) or refunded', async () => {
    for (const status of ['expired', 'refunded'] as const) {
      const { actor, fakes } = start('a payment opened by its id');
      fakes.settle({ type: 'actor.done', id: 'fetchPayment', output: paymentIn(status) });
      await flush();
      vi.advanceTimersByTime(60_000);
      expect(fakes.inputs('fetchPayment'), status).toHaveLength(1);
      actor.stop();
    }
  });

  it('asks the passcode for p2c_qr with the payment’s hash and pays with its token', async () => {
    const { actor, fakes, settling } = await toQuote();
    actor.send({ type: 'pay' });
    settling.settle({ type: 'actor.done', id: 'passcode', output: null });
    await flush();
    expect(fakes.inputs('confirmPasscode')).toEqual([{ code: '2580', transactionType: 'p2c_qr', hash: hashNumber(1) }]);
    expect(fakes.inputs('payCode')).toEqual([
      {
        qrId: CODE_ID,
        body: { asset: 'USDT', quote_id: 'quote-usdt-1', unique_hash: hashNumber(1), token: TOKEN },
      },
    ]);
    actor.stop();
  });

  it('shows the fresh quote a quote_expired answer brings and pays it with a new hash', async () => {
    const { actor, fakes, settling } = await toQuote();
    actor.send({ type: 'pay' });
    settling.settle({ type: 'actor.done', id: 'passcode', output: null });
    await flush();
    fakes.settle({ type: 'actor.error', id: 'payCode', error: PAY_FAILURES['an expired quote'] });
    await flush();
    expect(actor.getSnapshot().hasTag('quote')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      quote: QUOTES['renewed USDT'],
      quoteRenewed: true,
      uniqueHash: hashNumber(2),
    });
    actor.stop();
  });

  it('retries an unanswered payment with the same hash and token, so the server makes one payment', async () => {
    const { actor, fakes, settling } = await toQuote();
    actor.send({ type: 'pay' });
    settling.settle({ type: 'actor.done', id: 'passcode', output: null });
    await flush();
    fakes.settle({ type: 'actor.error', id: 'payCode', error: PAY_FAILURES['no answer'] });
    await flush();
    actor.send({ type: 'retry' });
    const [first, second] = fakes.inputs('payCode');
    expect(second).toEqual(first);
    actor.stop();
  });

  it('sends a client without a passcode to set one instead of the passcode step', async () => {
    const { actor, fakes } = start('a client without a passcode');
    fakes.settle({ type: 'actor.done', id: 'lookupCode', output: LOOKUPS['the code in USDT'] });
    await flush();
    actor.send({ type: 'pay' });
    expect(actor.getSnapshot().hasTag('setPasscode')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });

  it('sends a client the settings do not let pay (can_create_p2c_order) to verify, before any passcode', async () => {
    const { actor, fakes } = start('a client not verified yet');
    fakes.settle({ type: 'actor.done', id: 'lookupCode', output: LOOKUPS['the code in USDT'] });
    await flush();
    actor.send({ type: 'pay' });
    expect(actor.getSnapshot().hasTag('forbidden')).toBe(true);
    expect(actor.getSnapshot().children.passcode).toBeUndefined();
    actor.send({ type: 'verify' });
    expect(actor.getSnapshot().hasTag('verify')).toBe(true);
    actor.stop();
  });

  it('opens the caller’s own unfinished payment of a rescanned code instead of paying twice', async () => {
    const { actor, fakes } = start();
    fakes.settle({ type: 'actor.done', id: 'lookupCode', output: LOOKUPS['the caller’s own payment of it'] });
    await flush();
    expect(fakes.inputs('fetchPayment')).toEqual([{ paymentId: PAYMENT_ID }]);
    actor.stop();
  });

  it('sends the dispute’s reason and the message without surrounding spaces', async () => {
    const { actor, fakes } = start('a payment the app holds');
    actor.send({ type: 'dispute.open' });
    actor.send({ type: 'dispute.reason', reason: 'wrong_amount' });
    actor.send({ type: 'dispute.message', text: `  ${DISPUTE_MESSAGE}\n` });
    actor.send({ type: 'dispute.submit' });
    expect(fakes.inputs('openDispute')).toEqual([
      { paymentId: PAYMENT_ID, body: { reason: 'wrong_amount', message: DISPUTE_MESSAGE } },
    ]);
    actor.stop();
  });

  it('refuses a dispute message longer than 1000 characters', () => {
    const { actor } = start('a payment the app holds');
    actor.send({ type: 'dispute.open' });
    actor.send({ type: 'dispute.reason', reason: 'other' });
    actor.send({ type: 'dispute.message', text: 'x'.repeat(1001) });
    expect(actor.getSnapshot().can({ type: 'dispute.submit' })).toBe(false);
    actor.send({ type: 'dispute.message', text: 'x'.repeat(1000) });
    expect(actor.getSnapshot().can({ type: 'dispute.submit' })).toBe(true);
    actor.stop();
  });
});
