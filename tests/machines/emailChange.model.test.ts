/**
 * Model-based test of the e-mail change machine (spec 001 s.3 flow types create_email and
 * change_email, s.4 e-mail stages, s.5, s.7, s.8; issue 8).
 *
 * Paths come from `transitionPaths` over tests/machines/support/emailChangeModel.ts in three
 * scenarios: a first address, a change with an active passcode, a change without one. The path
 * counts are a tripwire; the coverage test fails when a transition has no path. What each state
 * must show is checked against the rendered view along every path in
 * tests/app/security/emailChange.view.test.tsx; here the rules of the flow each get a named test
 * against the machine's real transitions, with the expectations written out by hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { emailChangeMachine } from '../../machines/emailChange.machine.ts';
import {
  CODE_ID,
  EMAIL,
  type EmailChangeScenario,
  emailChangePaths,
  INPUTS,
  MAIL_TOKEN,
  modelMachine,
  OLD_CODE_ID,
  PASS_TOKEN,
  replayMachine,
} from './support/emailChangeModel.ts';
import { coverageOf, flush, initialModelState } from './support/model.ts';
import { CONFLICT, FORBIDDEN } from './support/passcodeModel.ts';

const SCENARIOS: readonly EmailChangeScenario[] = [
  'first address',
  'change with a passcode',
  'change without a passcode',
];
const paths = new Map(SCENARIOS.map((scenario) => [scenario, emailChangePaths(scenario)]));

describe('e-mail change machine model', () => {
  it('has 551, 1060 and 1058 paths (a tripwire for unintended change, not a check of behaviour)', () => {
    expect(SCENARIOS.map((scenario) => paths.get(scenario)?.length)).toEqual([551, 1060, 1058]);
  });

  it('visits every state node and takes every transition of the machine', () => {
    const coverage = coverageOf(
      emailChangeMachine,
      SCENARIOS.map((scenario) => initialModelState(modelMachine, INPUTS[scenario])),
      SCENARIOS.flatMap((scenario) => paths.get(scenario) ?? []),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('e-mail change rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(scenario: EmailChangeScenario) {
    const replay = replayMachine();
    const actor = createActor(replay.machine, { input: INPUTS[scenario] }).start();
    const settler = replay.settle(() => actor.getSnapshot().children.passcodeConfirm);
    const settle = async (event: Parameters<typeof settler.settle>[0]) => {
      settler.settle(event);
      await flush();
    };
    return { actor, fakes: replay.fakes, effects: replay.effects, settle };
  }

  /** Passcode (when asked), the old address's code, its token: the form is next. */
  async function throughOldAddress(run: ReturnType<typeof start>) {
    if (run.actor.getSnapshot().value === 'confirming') {
      await run.settle({
        type: 'actor.done',
        id: 'passcodeConfirm',
        output: { token: PASS_TOKEN, enableBiometric: false },
      });
    }
    await run.settle({ type: 'actor.done', id: 'sendOldCode', output: OLD_CODE_ID });
    run.actor.send({ type: 'code.paste', text: '654321' });
    await run.settle({ type: 'actor.done', id: 'verifyOldCode', output: MAIL_TOKEN });
  }

  it('a first address goes straight to the form and sends the address alone', async () => {
    const run = start('first address');
    expect(run.actor.getSnapshot().value).toBe('editing');
    run.actor.send({ type: 'email.submit', email: EMAIL });
    expect(run.fakes.inputs('verifyEmail')).toEqual([{ email: EMAIL }]);
    expect(run.fakes.inputs('sendOldCode')).toEqual([]);
    run.actor.stop();
  });

  it('a change asks for the passcode first, for change_email, and only then mails the current address', async () => {
    const run = start('change with a passcode');
    expect(run.actor.getSnapshot().value).toBe('confirming');
    expect(run.actor.getSnapshot().children.passcodeConfirm?.getSnapshot().context.transactionType).toBe(
      'change_email',
    );
    expect(run.fakes.inputs('sendOldCode')).toEqual([]);
    await run.settle({
      type: 'actor.done',
      id: 'passcodeConfirm',
      output: { token: PASS_TOKEN, enableBiometric: false },
    });
    expect(run.fakes.inputs('confirmPasscode')).toEqual([
      { code: '2580', transactionType: 'change_email', hash: 'c'.repeat(32) },
    ]);
    expect(run.fakes.inputs('sendOldCode')).toHaveLength(1);
    expect(run.actor.getSnapshot().hasTag('oldCode')).toBe(true);
    run.actor.stop();
  });

  it('turns the old address’s 6 digits into the mail token, then empties the form for the new address', async () => {
    const run = start('change with a passcode');
    await run.settle({
      type: 'actor.done',
      id: 'passcodeConfirm',
      output: { token: PASS_TOKEN, enableBiometric: false },
    });
    await run.settle({ type: 'actor.done', id: 'sendOldCode', output: OLD_CODE_ID });
    for (const digit of '65432') run.actor.send({ type: 'digit.enter', digit });
    expect(run.fakes.inputs('verifyOldCode')).toEqual([]);
    run.actor.send({ type: 'digit.enter', digit: '1' });
    expect(run.fakes.inputs('verifyOldCode')).toEqual([{ code: '654321', id: OLD_CODE_ID }]);
    await run.settle({ type: 'actor.done', id: 'verifyOldCode', output: MAIL_TOKEN });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(run.actor.getSnapshot().context.email).toBe('');
    expect(run.actor.getSnapshot().context.currentEmail).toBe('old@example.com');
    run.actor.stop();
  });

  it('sends both tokens with the first send only: a resend, and the form again after Back, carry the address alone', async () => {
    const run = start('change with a passcode');
    await throughOldAddress(run);
    run.actor.send({ type: 'email.submit', email: EMAIL });
    await run.settle({ type: 'actor.done', id: 'verifyEmail', output: CODE_ID });
    vi.advanceTimersByTime(1000);
    run.actor.send({ type: 'code.resend' });
    await run.settle({ type: 'actor.done', id: 'verifyEmail', output: 'code-2' });
    run.actor.send({ type: 'step.back' });
    run.actor.send({ type: 'email.submit', email: EMAIL });
    expect(run.fakes.inputs('verifyEmail')).toEqual([
      { email: EMAIL, passCodeConfirmationToken: PASS_TOKEN, mailConfirmationToken: MAIL_TOKEN },
      { email: EMAIL },
      { email: EMAIL },
    ]);
    run.actor.stop();
  });

  it('without a passcode, the change sends the mail token alone', async () => {
    const run = start('change without a passcode');
    expect(run.actor.getSnapshot().value).toBe('oldSending');
    await throughOldAddress(run);
    run.actor.send({ type: 'email.submit', email: EMAIL });
    expect(run.fakes.inputs('verifyEmail')).toEqual([{ email: EMAIL, mailConfirmationToken: MAIL_TOKEN }]);
    run.actor.stop();
  });

  it('keeps the tokens after a 409 (the address is taken), so another address goes with them', async () => {
    const run = start('change with a passcode');
    await throughOldAddress(run);
    run.actor.send({ type: 'email.submit', email: EMAIL });
    await run.settle({ type: 'actor.error', id: 'verifyEmail', error: CONFLICT });
    expect(run.actor.getSnapshot().context.error).toBe('email_taken');
    run.actor.send({ type: 'email.submit', email: 'bea@example.com' });
    expect(run.fakes.inputs('verifyEmail').at(-1)).toEqual({
      email: 'bea@example.com',
      passCodeConfirmationToken: PASS_TOKEN,
      mailConfirmationToken: MAIL_TOKEN,
    });
    run.actor.stop();
  });

  it('a 403 on the send of a change is an expired confirmation: Start again asks for the passcode anew', async () => {
    const run = start('change with a passcode');
    await throughOldAddress(run);
    run.actor.send({ type: 'email.submit', email: EMAIL });
    await run.settle({ type: 'actor.error', id: 'verifyEmail', error: FORBIDDEN });
    expect(run.actor.getSnapshot().value).toBe('expired');
    run.actor.send({ type: 'flow.restart' });
    expect(run.actor.getSnapshot().value).toBe('confirming');
    expect(run.actor.getSnapshot().context).toMatchObject({ passCodeToken: null, mailToken: null });
    run.actor.stop();
  });

  it('a 403 on the send of a first address is a failed send, not an expiry', async () => {
    const run = start('first address');
    run.actor.send({ type: 'email.submit', email: EMAIL });
    await run.settle({ type: 'actor.error', id: 'verifyEmail', error: FORBIDDEN });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(run.actor.getSnapshot().context.error).toBe('send_failed');
    run.actor.stop();
  });

  it('allows a resend of either code exactly 60 s after each send', async () => {
    const real = replayMachine();
    const live = createActor(real.machine, { input: { email: 'old@example.com', change: { confirm: null } } }).start();
    real.fakes.settle({ type: 'actor.done', id: 'sendOldCode', output: OLD_CODE_ID });
    await flush();
    expect(live.getSnapshot().context.resendIn).toBe(60);
    vi.advanceTimersByTime(59_999);
    expect(live.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    vi.advanceTimersByTime(1);
    expect(live.getSnapshot().can({ type: 'code.resend' })).toBe(true);
    live.send({ type: 'code.resend' });
    real.fakes.settle({ type: 'actor.done', id: 'sendOldCode', output: 'old-code-2' });
    await flush();
    expect(live.getSnapshot().context.oldCodeId).toBe('old-code-2');
    expect(live.getSnapshot().context.resendIn).toBe(60);
    live.stop();
  });

  it('waits quietly when the app provides nothing (inert defaults)', () => {
    const actor = createActor(emailChangeMachine, { input: { email: EMAIL } }).start();
    actor.send({ type: 'email.submit', email: EMAIL });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('sending');
    actor.stop();
  });
});
