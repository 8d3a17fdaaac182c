/**
 * Model-based test of the take-offer machine (spec 001 s.2 "Take-offer form", "Confirm sheet",
 * s.4 "Taker order flow", "Take-offer passcode rule"; docs/p2p.md "Taking an offer").
 *
 * The paths come from the machine (tests/machines/support/takeOfferModel.ts): every state and
 * transition, in four scenarios. The expectations do not: after every step the running machine
 * must be at the screen the hand-written flow (`expectedAfter`) says, hold the amount it says, and
 * have sent the create call exactly the literal bodies the flow gives. Then one named test per
 * rule.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { newUniqueHash, takeOfferMachine } from '../../machines/takeOffer.machine.ts';
import { coverageOf, flush, initialModelState } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';
import {
  amountFacts,
  BUY_FACTS,
  CREATE_FAILURES,
  canSubmit,
  describeEvent,
  type ExpectedFlow,
  expectedAfter,
  expectedBody,
  expectedStart,
  hashNumber,
  METHOD,
  modelMachine,
  OFFER_ID,
  replayMachine,
  SCENARIOS,
  type ScenarioName,
  type TakeOfferMachine,
  type TakeOfferScenario,
  TOKEN,
  takeOfferPaths,
} from './support/takeOfferModel.ts';

const paths = takeOfferPaths();
type Snapshot = ReturnType<TakeOfferMachine['getInitialSnapshot']>;

const TAGS: Record<ExpectedFlow['screen'], string[]> = {
  form: ['form'],
  sheet: ['form', 'sheet'],
  notice: ['notice'],
  passcode: ['passcode'],
  placing: ['busy'],
  failed: ['failed'],
  done: ['done'],
  setPasscode: ['setPasscode'],
  verify: ['verify'],
};

/** The machine is at the screen the flow expects, with the amount the person sees. */
function expectAt(snapshot: Snapshot, flow: ExpectedFlow) {
  expect([...snapshot.tags].sort(), `on the ${flow.screen} screen`).toEqual([...TAGS[flow.screen]].sort());
  const { context } = snapshot;
  expect(context.amountText).toBe(flow.amountText);
  expect(context.amountType).toBe(flow.amountType);
  expect(context.uniqueHash).toBe(hashNumber(flow.hashes));
  const facts = amountFacts(flow);
  if (facts.valid === null) {
    expect(context.check.status).not.toBe('valid');
  } else {
    expect(context.check).toEqual({ status: 'valid', ...facts.valid });
  }
  if (flow.screen === 'form') {
    expect(snapshot.can({ type: 'submit' }), 'the main button works').toBe(canSubmit(flow));
    expect(context.refusal === null).toBe(flow.refusal === null);
  }
  if (flow.screen === 'sheet') {
    expect(context.quotedPrice).toBe(flow.price);
    expect(context.priceChanged).toBe(flow.priceChanged);
  }
  if (flow.screen === 'passcode') expect(context.tokenRefused).toBe(flow.tokenRefused);
  if (flow.screen === 'done') expect(snapshot.output).toEqual({ orderId: 501 });
}

describe('take-offer machine model', () => {
  it('has paths in every scenario', () => {
    for (const scenario of SCENARIOS) {
      expect(paths.filter((path) => path.scenario === scenario).length, scenario.name).toBeGreaterThan(0);
    }
  });

  it('visits every state node and takes every transition of the machine', () => {
    const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenario.input));
    const coverage = coverageOf(
      takeOfferMachine,
      starts,
      paths.map(({ path }) => path),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('take-offer paths, against the flow written by hand', () => {
  for (const { scenario, path } of paths) {
    const story = path.steps.map((step) => describeEvent(step.event)).join(', then ');
    it(`for ${scenario.name}, when ${story}`, async () => {
      const { machine, fakes, settler, noticesShown } = replayMachine();
      const actor = createActor(machine, { input: scenario.input }).start();
      const settling = settler(() => actor.getSnapshot().children.passcode);
      let flow = expectedStart(scenario);
      expectAt(actor.getSnapshot(), flow);
      const bodies: unknown[] = [];
      const passcodeHashes: string[] = [];
      let notices = 0;
      for (const step of path.steps) {
        const before = flow.screen;
        await playStep(actor, step.event, actor.getSnapshot().value, settling);
        flow = expectedAfter(flow, step.event);
        if (flow.screen === 'placing' && before !== 'placing') bodies.push(expectedBody(flow));
        if (flow.screen === 'passcode' && before !== 'passcode') passcodeHashes.push(hashNumber(flow.hashes));
        if (flow.screen === 'notice' && before !== 'notice') notices += 1;
        expectAt(actor.getSnapshot(), flow);
        // Determinism only: the same events give the same snapshot as when the paths were made.
        expectSameSnapshot(actor.getSnapshot(), step.state.snapshot);
      }
      expect(fakes.inputs('createOrder')).toEqual(bodies);
      // The passcode token is asked for the order's hash of the moment, for transaction type p2p.
      expect(
        fakes
          .inputs('confirmPasscode')
          .map((input) => [Reflect.get(Object(input), 'transactionType'), Reflect.get(Object(input), 'hash')]),
      ).toEqual(passcodeHashes.slice(0, fakes.inputs('confirmPasscode').length).map((hash) => ['p2p', hash]));
      expect(noticesShown).toHaveLength(notices);
      actor.stop();
    });
  }
});

function scenarioNamed(name: ScenarioName): TakeOfferScenario {
  const found = SCENARIOS.find((scenario) => scenario.name === name);
  if (found === undefined) throw new Error(`No scenario "${name}"`);
  return found;
}

const BUYER = scenarioNamed('a verified buyer');
const SELLER = scenarioNamed('an unverified seller');

function start(input = BUYER.input) {
  const { machine, fakes, settler } = replayMachine();
  const actor = createActor(machine, { input }).start();
  return { actor, fakes, settling: settler(() => actor.getSnapshot().children.passcode) };
}

describe('take-offer rules', () => {
  it('makes unique hashes of 64 characters the server accepts', () => {
    const hashes = new Set(Array.from({ length: 50 }, () => newUniqueHash()));
    expect(hashes.size).toBe(50);
    for (const hash of hashes) expect(hash).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });

  it('takes a comma as the decimal point and removes spaces', () => {
    const { actor } = start();
    actor.send({ type: 'amount.change', text: ' 10,5 ' });
    expect(actor.getSnapshot().context.check).toEqual({ status: 'valid', fiat: '1002.75', crypto: '10500000' });
    actor.send({ type: 'amount.change', text: '1 000' });
    expect(actor.getSnapshot().context.check).toMatchObject({ status: 'invalid', problem: 'above_maximum' });
    actor.stop();
  });

  it('refuses more than 2 decimals of fiat and more than 6 of USDT', () => {
    const { actor } = start({ ...BUYER.input, draft: { amount: '', type: 'fiat' } });
    actor.send({ type: 'amount.change', text: '1000.123' });
    expect(actor.getSnapshot().context.check).toEqual({ status: 'invalid', problem: 'too_many_decimals' });
    actor.send({ type: 'amount.toggle' });
    actor.send({ type: 'amount.change', text: '10.1234567' });
    expect(actor.getSnapshot().context.check).toEqual({ status: 'invalid', problem: 'too_many_decimals' });
    actor.stop();
  });

  it('puts the smaller of the offer maximum and the balance for Max on a buy offer: 50 USDT, 4775 RUB', () => {
    const { actor } = start(SELLER.input);
    actor.send({ type: 'amount.max' });
    expect(actor.getSnapshot().context.amountText).toBe('4775');
    const rich = { ...BUY_FACTS, balance: '500000000' };
    const other = start({ ...SELLER.input, facts: rich });
    other.actor.send({ type: 'amount.max' });
    expect(other.actor.getSnapshot().context.amountText).toBe('9999.99');
    actor.stop();
    other.actor.stop();
  });

  it('keeps the main button off without a method, and on an offline offer', () => {
    const { actor } = start({ ...BUYER.input, method: null, draft: { amount: '10', type: 'crypto' } });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'method.set', method: METHOD });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    actor.send({ type: 'facts.update', facts: BUYER.input.facts, online: false });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.stop();
  });

  it('sends a sell offer without a token and a buy offer with the passcode token of its hash', async () => {
    const buyer = start({ ...BUYER.input, draft: { amount: '10', type: 'crypto' } });
    buyer.actor.send({ type: 'submit' });
    buyer.actor.send({ type: 'confirm.accept' });
    expect(buyer.fakes.inputs('createOrder')).toEqual([
      {
        offerId: OFFER_ID,
        body: {
          identifier: 'tbank',
          child_identifier: null,
          payment_method_id: 7,
          amount: '10000000',
          amount_type: 'crypto',
          price: '95.5',
          unique_hash: hashNumber(1),
          token: null,
        },
      },
    ]);
    const seller = start({ ...SELLER.input, noticeDue: false, draft: { amount: '1000', type: 'fiat' } });
    seller.actor.send({ type: 'submit' });
    seller.actor.send({ type: 'confirm.accept' });
    expect(seller.fakes.inputs('createOrder')).toEqual([]);
    seller.settling.settle({ type: 'actor.done', id: 'passcode', output: null });
    await flush();
    expect(seller.fakes.inputs('confirmPasscode')).toEqual([
      { code: '2580', transactionType: 'p2p', hash: hashNumber(1) },
    ]);
    expect(seller.fakes.inputs('createOrder')).toEqual([
      {
        offerId: OFFER_ID,
        body: {
          identifier: 'tbank',
          child_identifier: null,
          payment_method_id: 7,
          amount: '1000',
          amount_type: 'fiat',
          price: '95.5',
          unique_hash: hashNumber(1),
          token: TOKEN,
        },
      },
    ]);
    buyer.actor.stop();
    seller.actor.stop();
  });

  it('asks again at the new price after price_changed, with a new hash and the new amounts', async () => {
    const { actor, fakes } = start({ ...BUYER.input, draft: { amount: '10,5', type: 'crypto' } });
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    fakes.settle({ type: 'actor.error', id: 'createOrder', error: CREATE_FAILURES['the price changed'] });
    await flush();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().hasTag('sheet')).toBe(true);
    expect(context).toMatchObject({ quotedPrice: '96', priceChanged: true, uniqueHash: hashNumber(2) });
    expect(context.check).toEqual({ status: 'valid', fiat: '1008', crypto: '10500000' });
    actor.send({ type: 'confirm.accept' });
    expect(fakes.inputs('createOrder').at(-1)).toMatchObject({ body: { price: '96', unique_hash: hashNumber(2) } });
    actor.stop();
  });

  it('retries an unanswered order with the same hash and token, so the server makes one order', async () => {
    const { actor, fakes } = start({ ...BUYER.input, draft: { amount: '10', type: 'crypto' } });
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    fakes.settle({ type: 'actor.error', id: 'createOrder', error: CREATE_FAILURES['no response'] });
    await flush();
    actor.send({ type: 'retry' });
    const [first, second] = fakes.inputs('createOrder');
    expect(second).toEqual(first);
    actor.stop();
  });

  it('shows the verification notice once: going back to the sheet and on does not show it again', () => {
    const { actor } = start({ ...SELLER.input, draft: { amount: '1000', type: 'fiat' } });
    actor.send({ type: 'submit' });
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().hasTag('notice')).toBe(true);
    actor.send({ type: 'back' });
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().hasTag('passcode')).toBe(true);
    actor.stop();
  });

  it('sends a seller with no passcode to set one before the confirm sheet', () => {
    const { actor } = start({ ...SELLER.input, hasPasscode: false, draft: { amount: '1000', type: 'fiat' } });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('setPasscode')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });
});
