/**
 * The `/account/security/passcode/change` view driven along THE SAME generated paths as
 * tests/machines/changePasscode.model.test.ts (tests/machines/support/changePasscodeModel.ts):
 * each path is replayed on a real actor with the model's deferred fakes and fake timers; the
 * person's events go through the screen (typing, erasing and pasting in the code boxes, the
 * keypad and a paste on the keypad screens, "Send a new code" / "Try again", Back), and after
 * every step the test checks what a person sees against the model's snapshot: the sending
 * spinner, the code boxes and their digits, the resend button (enabled exactly when the machine
 * accepts a resend, with its countdown), the hh:mm:ss lockout, "too many attempts" with the
 * support link, the keypad screens with their dots and the mismatch message, the error toast,
 * the saving spinner and the end.
 *
 * One event has no control on screen: erasing with nothing entered (the boxes are empty, Backspace
 * is hidden); the machine takes it as a no-op, so it is sent to the actor.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { changePasscodeMachine } from '../../../machines/changePasscode.machine.ts';
import { formatCountdown } from '../../../machines/passcode/rules.ts';
import {
  type ChangePasscodeActor,
  ChangePasscodeView,
} from '../../../src/app/features/security/recovery/ChangePasscodeView.tsx';
import { machineErrorMessage } from '../../../src/app/lib/securityMessages.ts';
import {
  type ChangePasscodeMachine,
  changePasscodePaths,
  describeEvent,
  INPUT,
  modelMachine,
  replayMachine,
} from '../../machines/support/changePasscodeModel.ts';
import {
  coverageOf,
  initialModelState,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
} from '../../machines/support/model.ts';
import { lockoutSecondsLeft } from '../../machines/support/passcodeModel.ts';
import { playOffScreen, renderFlowView } from '../support/flowView.tsx';

const paths = changePasscodePaths();
type Snapshot = ModelPath<ChangePasscodeMachine>['steps'][number]['state']['snapshot'];

async function renderView(actor: ChangePasscodeActor) {
  await renderFlowView(<ChangePasscodeView actor={actor} />);
}

const codeInput = (): HTMLInputElement | null => screen.queryByLabelText('Code from the e-mail');
const keypad = (): HTMLElement | null => screen.queryByRole('group', { name: 'Keypad' });

async function perform(
  actor: ChangePasscodeActor,
  fakes: ReturnType<typeof replayMachine>['fakes'],
  event: ModelEvent<ChangePasscodeMachine>,
) {
  if (isTimePass(event) || isActorSettle(event)) {
    await playOffScreen(event, fakes);
    return;
  }
  const input = codeInput();
  const code = actor.getSnapshot().context.code;
  switch (event.type) {
    case 'digit.enter': {
      if (input !== null) {
        fireEvent.change(input, { target: { value: code + event.digit } });
        return;
      }
      const group = keypad();
      if (group === null) throw new Error('nowhere to type');
      fireEvent.click(within(group).getByRole('button', { name: event.digit }));
      return;
    }
    case 'digit.erase': {
      if (code === '') {
        act(() => actor.send(event));
        return;
      }
      if (input !== null) fireEvent.change(input, { target: { value: code.slice(0, -1) } });
      else fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
      return;
    }
    case 'code.paste':
      fireEvent.paste(input ?? document, { clipboardData: { getData: () => event.text } });
      return;
    case 'code.resend': {
      const button =
        screen.queryByRole('button', { name: 'Try again' }) ?? screen.getByRole('button', { name: /Send a new code/ });
      expect(button).toHaveProperty('disabled', false);
      fireEvent.click(button);
      return;
    }
    case 'step.back':
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      return;
  }
}

function expectScreen(expected: Snapshot, previousError: string | null) {
  const { code, error, resendIn } = expected.context;
  if (error !== null && error !== previousError && error !== 'too_many_attempts') {
    expect(screen.getByText(i18n._(machineErrorMessage(error))), 'the error toast').toBeTruthy();
  }
  if (expected.matches('requesting')) {
    expect(screen.getByText('Sending a code to your backup e-mail…')).toBeTruthy();
    expect(codeInput()).toBeNull();
    return;
  }
  if (expected.matches('requestFailed')) {
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/account/security');
    return;
  }
  if (expected.matches('emailCode')) {
    expect(screen.getByRole('heading', { name: 'Enter the code from the e-mail' })).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Send a new code/ });
    expect(resend).toHaveProperty('disabled', !expected.can({ type: 'code.resend' }));
    if (resendIn > 0) expect(resend.textContent).toBe(`Send a new code in 0:${String(resendIn).padStart(2, '0')}`);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/account/security');
    if (expected.hasTag('supportLink')) {
      expect(screen.getByText(i18n._(machineErrorMessage('too_many_attempts')))).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/help');
      expect(codeInput()).toBeNull();
      return;
    }
    if (expected.hasTag('locked')) {
      expect(codeInput(), 'the boxes are hidden').toBeNull();
      expect(screen.getByRole('timer').textContent).toBe(formatCountdown(lockoutSecondsLeft(expected.children) ?? 0));
      return;
    }
    const input = codeInput();
    expect(input?.value).toBe(code);
    expect(input?.disabled).toBe(expected.hasTag('busy'));
    expect(input?.getAttribute('aria-invalid') === 'true').toBe(expected.hasTag('invalid'));
    return;
  }
  if (expected.matches('completed')) {
    // Recovery no longer changes the passcode by itself: the bot must confirm it (issue 8).
    expect(screen.getByRole('heading', { name: 'Confirm in the bot' })).toBeTruthy();
    expect(document.body.textContent).toContain(
      'We sent a message to the Kopilka bot. Tap Confirm there: the new passcode works after that, and until then the old one still does.',
    );
    expect(document.body.textContent).toContain(
      'For your safety, withdrawals are paused for 24 hours after the change.',
    );
    expect(screen.queryByRole('heading', { name: 'Passcode changed' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Security' }).getAttribute('href')).toBe('/account/security');
    expect(keypad()).toBeNull();
    return;
  }
  const restoring = expected.matches('restoring');
  const heading = expected.matches('setUp') ? 'Create a new passcode' : 'Repeat the new passcode';
  expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
  const group = keypad();
  expect(group).not.toBeNull();
  expect(within(group ?? document.body).getByRole('button', { name: '1' })).toHaveProperty('disabled', restoring);
  const filled = restoring ? 4 : code.length;
  const dots = screen.getByRole('img', { name: `Digits entered: ${filled} of 4` });
  expect(dots.classList.contains('ui-dots--invalid')).toBe(expected.hasTag('invalid'));
  expect(screen.queryByText('The passcodes don’t match. Try again.') !== null).toBe(expected.hasTag('invalid'));
  expect(screen.queryByRole('button', { name: 'Back' }) !== null).toBe(!restoring);
  expect(screen.queryByRole('status', { name: 'Saving the new passcode' }) !== null).toBe(restoring);
}

describe('change-passcode view paths', () => {
  it('replays the model test’s 373 paths, covering every state and transition', () => {
    expect(paths.length).toBe(373);
    const coverage = coverageOf(changePasscodeMachine, [initialModelState(modelMachine, INPUT)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('change-passcode view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths) {
    it(`shows each step when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const { machine, fakes } = replayMachine();
      const actor = createActor(machine, { input: INPUT }).start();
      await renderView(actor);
      const initial = initialModelState(modelMachine, INPUT);
      expectScreen(initial.snapshot, null);
      let previousError: string | null = initial.snapshot.context.error;
      for (const step of path.steps) {
        await perform(actor, fakes, step.event);
        const expected = step.state.snapshot;
        expect(actor.getSnapshot().value).toEqual(expected.value);
        expect(actor.getSnapshot().context.code).toEqual(expected.context.code);
        expectScreen(expected, previousError);
        previousError = expected.context.error;
      }
      actor.stop();
    });
  }
});
