/**
 * The `/passcode/{id}` view driven along THE SAME generated paths as
 * tests/machines/passcodeConfirm.model.test.ts (tests/machines/support/passcodeConfirmModel.ts):
 * each path is replayed on a real actor with the model's deferred fakes and fake timers, the
 * person's events go through the screen (keypad keys, Backspace, a paste on the page, the
 * biometric key, the offer's buttons), and after every step the test checks what a person sees
 * against the model's snapshot: the keypad (enabled, greyed or hidden), the dots, the red mark of
 * a refused passcode, the error toast, the hh:mm:ss countdown, "too many attempts" with the
 * support link, the biometric offer, "Confirmed".
 *
 * One event has no control on screen: erasing with no digit entered (Backspace is hidden then);
 * the machine takes it as a no-op, so it is sent to the actor and the screen must not change.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { formatCountdown } from '../../../machines/passcode/rules.ts';
import { passcodeConfirmMachine } from '../../../machines/passcodeConfirm.machine.ts';
import { machineErrorMessage } from '../../../src/app/lib/securityMessages.ts';
import {
  type PasscodeConfirmActor,
  PasscodeConfirmView,
} from '../../../src/app/ui/passcodeConfirm/PasscodeConfirmView.tsx';
import {
  coverageOf,
  initialModelState,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
} from '../../machines/support/model.ts';
import {
  describeEvent,
  modelMachine,
  type PasscodeConfirmMachine,
  type PasscodeConfirmScenario,
  passcodeConfirmPaths,
  replayMachine,
  scenarios,
} from '../../machines/support/passcodeConfirmModel.ts';
import { lockoutSecondsLeft } from '../../machines/support/passcodeModel.ts';
import { playOffScreen, renderFlowView } from '../support/flowView.tsx';

const SCENARIOS: readonly PasscodeConfirmScenario[] = [
  'keypad only',
  'biometrics enabled',
  'biometrics to suggest',
  'still locked after a reload',
];
const paths = new Map(SCENARIOS.map((scenario) => [scenario, passcodeConfirmPaths(scenario)]));
const pathsOf = (scenario: PasscodeConfirmScenario): Array<ModelPath<PasscodeConfirmMachine>> =>
  paths.get(scenario) ?? [];
type Snapshot = ModelPath<PasscodeConfirmMachine>['steps'][number]['state']['snapshot'];

async function renderView(actor: PasscodeConfirmActor) {
  return renderFlowView(<PasscodeConfirmView actor={actor} />);
}

function keypad(): HTMLElement | null {
  return screen.queryByRole('group', { name: 'Keypad' });
}

/** Does the person's event through the screen (or, for the one event without a control, the actor). */
async function perform(
  actor: PasscodeConfirmActor,
  fakes: ReturnType<typeof replayMachine>['fakes'],
  event: ModelEvent<PasscodeConfirmMachine>,
) {
  if (isTimePass(event) || isActorSettle(event)) {
    await playOffScreen(event, fakes);
    return;
  }
  switch (event.type) {
    case 'digit.enter': {
      const group = keypad();
      if (group === null) throw new Error('no keypad to type on');
      const key = within(group).getByRole('button', { name: event.digit });
      expect(key).toHaveProperty('disabled', false);
      fireEvent.click(key);
      return;
    }
    case 'digit.erase': {
      const erase = screen.queryByRole('button', { name: 'Delete' });
      if (erase === null) {
        act(() => actor.send(event));
        return;
      }
      fireEvent.click(erase);
      return;
    }
    case 'code.paste':
      expect(keypad()).not.toBeNull();
      fireEvent.paste(document, { clipboardData: { getData: () => event.text } });
      return;
    case 'biometric.start':
      fireEvent.click(screen.getByRole('button', { name: 'Confirm with biometrics' }));
      return;
    case 'biometric.accept':
      fireEvent.click(screen.getByRole('button', { name: 'Use biometrics' }));
      return;
    case 'biometric.decline':
      fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
      return;
  }
}

/** What a person must see for the model's snapshot. */
function expectScreen(expected: Snapshot, previousError: string | null) {
  const { code, error } = expected.context;
  if (expected.hasTag('done') || expected.hasTag('biometricOffer')) {
    expect(screen.getByRole('heading', { name: 'Confirmed' })).toBeTruthy();
    expect(keypad()).toBeNull();
    const offer = screen.queryByRole('dialog', { name: 'Confirm with biometrics?' });
    expect(offer !== null).toBe(expected.hasTag('biometricOffer'));
    return;
  }
  expect(screen.getByRole('heading', { name: 'Enter your passcode' })).toBeTruthy();
  if (expected.hasTag('supportLink')) {
    expect(screen.getByText(i18n._(machineErrorMessage('too_many_attempts')))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/help');
    expect(keypad()).toBeNull();
    expect(screen.queryByRole('button', { name: '1' })).toBeNull();
    return;
  }
  if (expected.hasTag('locked')) {
    expect(keypad(), 'the keypad is hidden').toBeNull();
    expect(screen.getByRole('timer').textContent).toBe(formatCountdown(lockoutSecondsLeft(expected.children) ?? 0));
    expect(screen.queryByRole('link', { name: 'Forgot passcode?' })).toBeNull();
    return;
  }
  expect(expected.hasTag('keypad')).toBe(true);
  const group = keypad();
  expect(group).not.toBeNull();
  expect(screen.queryByRole('timer')).toBeNull();
  const dots = screen.getByRole('img', { name: `Digits entered: ${code.length} of 4` });
  expect(dots.classList.contains('ui-dots--invalid')).toBe(expected.hasTag('invalid'));
  const one = within(group ?? document.body).getByRole('button', { name: '1' });
  expect(one).toHaveProperty('disabled', expected.hasTag('busy'));
  expect(screen.getByRole('link', { name: 'Forgot passcode?' }).getAttribute('href')).toBe(
    '/account/security/passcode/change',
  );
  const biometricKey = screen.queryByRole('button', { name: 'Confirm with biometrics' });
  expect(biometricKey !== null).toBe(expected.context.biometric.enabled);
  if (error !== null && error !== previousError && error !== 'too_many_attempts') {
    const text = error === 'biometric_failed' ? 'Failed to verify biometric' : i18n._(machineErrorMessage(error));
    expect(screen.getByText(text), 'the error toast').toBeTruthy();
  }
}

describe('passcode-confirm view paths', () => {
  it('replays the model test’s 36, 74, 38 and 36 paths, covering every state and transition', () => {
    expect(SCENARIOS.map((scenario) => pathsOf(scenario).length)).toEqual([36, 74, 38, 36]);
    const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario]));
    const coverage = coverageOf(
      passcodeConfirmMachine,
      starts,
      SCENARIOS.flatMap((scenario) => pathsOf(scenario)),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe.each(SCENARIOS)('passcode-confirm view (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of pathsOf(scenario)) {
    it(`shows each step when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const { machine, fakes, effects } = replayMachine();
      const actor = createActor(machine, { input: scenarios[scenario] }).start();
      await renderView(actor);
      const initial = initialModelState(modelMachine, scenarios[scenario]);
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
      // Error haptics come from the machine's own action (the route wires it to platform.haptic).
      expect(effects.every((effect) => effect === 'errorHaptics' || effect === 'rememberSuggestion')).toBe(true);
      actor.stop();
    });
  }
});
