/**
 * The set-passcode screens along the set-passcode machine's model paths.
 *
 * THE SAME paths as tests/machines/setPasscode.model.test.ts (`setPasscodePaths` over
 * tests/machines/support/setPasscodeModel.ts, the same three scenarios and counts) drive the
 * rendered flow (`SetPasscodeView`): each path starts the real machine with the model test's
 * deferred fakes (`replayMachine`), renders the view on it, and replays the steps through the
 * screen wherever the screen offers them (keypad keys and Delete, the e-mail form, the code
 * boxes, Back, "Send a new code", the suggestion's and the biometric offer's buttons); pasting a
 * passcode has no control of its own and is sent to the machine, the calls settle through the
 * fakes and time passes on fake timers. After the start and every step the machine must be where
 * the model says, and the screen must show what a person should see there: the keypad and the
 * dots (how many filled, shaking when invalid), the error text, the lockout timer with the
 * keypad hidden, "too many attempts" with the support link, the resend button's state, the bot
 * and biometric screens, the completed screen. Every path is rendered (about 10 s in all).
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { formatCountdown } from '../../../machines/passcode/rules.ts';
import { setPasscodeMachine } from '../../../machines/setPasscode.machine.ts';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { type SetPasscodeActor, SetPasscodeView } from '../../../src/app/features/security/SetPasscodeView.tsx';
import { i18n } from '../../../src/app/lib/i18n.ts';
import { machineErrorMessage } from '../../../src/app/lib/securityMessages.ts';
import { createToastActor } from '../../../src/app/lib/toasts.tsx';
import {
  coverageOf,
  flush,
  initialModelState,
  isActorSettle,
  isTimePass,
  type ModelPath,
  type ModelState,
} from '../../machines/support/model.ts';
import { lockoutSecondsLeft } from '../../machines/support/passcodeModel.ts';
import {
  describeEvent,
  modelMachine,
  replayMachine,
  type SetPasscodeMachine,
  type SetPasscodeScenario,
  scenarios,
  setPasscodePaths,
} from '../../machines/support/setPasscodeModel.ts';
import { fakePlatform, fakeSession } from '../support.tsx';

const SCENARIOS: readonly SetPasscodeScenario[] = [
  'e-mail confirmed, on the web',
  'new e-mail, in the messenger',
  'strict suggestion',
];
const paths = new Map(SCENARIOS.map((scenario) => [scenario, setPasscodePaths(scenario)]));
const pathsOf = (scenario: SetPasscodeScenario): Array<ModelPath<SetPasscodeMachine>> => paths.get(scenario) ?? [];
const BOT = 'kopilka_test_bot';

type Snapshot = ModelState<SetPasscodeMachine>['snapshot'];

function renderFlow(actor: SetPasscodeActor) {
  const platform = fakePlatform('web');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['public', 'authentication', 'config'], {
    bot_id: 1,
    bot_username: BOT,
    login_url: '/local/login',
    local_mode: false,
  });
  const onDone = vi.fn();
  const result = render(
    <AppProviders
      platform={platform}
      queryClient={queryClient}
      toastActor={createToastActor(platform)}
      session={fakeSession({ status: 'signed-out' })}
    >
      <SetPasscodeView actor={actor} onHaptic={platform.haptic} onDone={onDone} />
    </AppProviders>,
  );
  return { ...result, onDone };
}

function buttonNamed(root: HTMLElement, name: string): HTMLButtonElement | undefined {
  return [...root.querySelectorAll('button')].find(
    (button) => (button.getAttribute('aria-label') ?? button.textContent) === name,
  );
}

function press(root: HTMLElement, name: string): void {
  const button = buttonNamed(root, name);
  if (button === undefined) throw new Error(`No button "${name}" on the screen: ${root.textContent}`);
  expect(button.disabled, `"${name}" is enabled`).toBe(false);
  fireEvent.click(button);
}

function codeInput(root: HTMLElement): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]');
}

/** Replays one model step through the screen (or, where the screen has no control for it, the machine). */
async function perform(
  root: HTMLElement,
  actor: SetPasscodeActor,
  fakes: ReturnType<typeof replayMachine>['fakes'],
  step: ModelPath<SetPasscodeMachine>['steps'][number],
): Promise<void> {
  const event = step.event;
  if (isTimePass(event)) {
    act(() => void vi.advanceTimersByTime(event.ms));
    return;
  }
  if (isActorSettle(event)) {
    fakes.settle(event);
    await act(flush);
    return;
  }
  const before = actor.getSnapshot();
  const code = before.context.code;
  const keypad = root.querySelector('.ui-keypad');
  const input = codeInput(root);
  act(() => {
    switch (event.type) {
      case 'passcode.accept':
        return press(root, 'Set a passcode');
      case 'passcode.dismiss':
        return press(root, 'Not now');
      case 'digit.enter':
        if (keypad) return press(root, event.digit);
        if (input) return void fireEvent.change(input, { target: { value: code + event.digit } });
        break;
      case 'digit.erase':
        if (keypad && code.length > 0) return press(root, 'Delete');
        if (input && code.length > 0) return void fireEvent.change(input, { target: { value: code.slice(0, -1) } });
        break;
      case 'code.paste':
        if (input) return void fireEvent.paste(input, { clipboardData: { getData: () => event.text } });
        break;
      case 'email.submit': {
        const field = root.querySelector<HTMLInputElement>('input[name="email"]');
        const form = field?.form;
        if (field && form) {
          fireEvent.change(field, { target: { value: event.email } });
          return void fireEvent.submit(form);
        }
        break;
      }
      case 'step.back':
        return press(root, 'Back');
      case 'code.resend':
        return press(root, 'Send a new code');
      case 'biometric.accept':
        return press(root, before.hasTag('biometricDenied') ? 'Try again' : 'Turn on');
      case 'biometric.decline':
        return press(root, 'Skip');
    }
    // No control for it on this screen (pasting a passcode, erasing nothing): straight to the machine.
    actor.send(event);
  });
}

function expectScreen(root: HTMLElement, expected: Snapshot): void {
  const text = root.textContent ?? '';
  const { code, error } = expected.context;
  const passcodeEntry = expected.matches('setUp') || expected.matches('confirm');
  const keypad = root.querySelector('.ui-keypad');
  const dots = root.querySelector('.ui-dots');
  const input = codeInput(root);
  const alerts = [...root.querySelectorAll('[role="alert"]')].map((node) => node.textContent);

  // The keypad and the dots: only while a passcode is typed.
  expect(keypad !== null, 'keypad shown').toBe(passcodeEntry);
  expect(dots !== null, 'dots shown').toBe(passcodeEntry);
  if (passcodeEntry) {
    expect(dots?.getAttribute('aria-label')).toBe(`Digits entered: ${code.length} of 4`);
    expect(dots?.classList.contains('ui-dots--invalid')).toBe(expected.hasTag('invalid'));
    expect(text).toContain(expected.matches('confirm') ? 'Repeat the passcode' : 'Create a passcode');
  }
  // The code boxes: in the e-mail code step unless locked; the lockout timer instead.
  const inCode = expected.matches('emailCode');
  const locked = expected.hasTag('locked');
  expect(input !== null, 'code boxes shown').toBe(inCode && !locked);
  if (input) expect(input.value).toBe(code);
  const seconds = lockoutSecondsLeft(expected.children);
  const timer = root.querySelector('time.security-timer');
  expect(timer?.textContent ?? null, 'lockout timer').toBe(seconds === null ? null : formatCountdown(seconds));
  if (inCode) {
    const resend = buttonNamed(
      root,
      expected.context.resendIn > 0
        ? `Send a new code in ${formatCountdown(expected.context.resendIn).slice(3)}`
        : 'Send a new code',
    );
    expect(resend, 'resend button').toBeDefined();
    expect(resend?.disabled).toBe(!expected.can({ type: 'code.resend' }));
  }
  const support = root.querySelector<HTMLAnchorElement>(`a[href="https://t.me/${BOT}"]`);
  if (expected.hasTag('supportLink')) expect(support?.textContent).toBe('Contact support');
  // The error: the machine's code as its text; a wrong repeat says so; nothing otherwise.
  if (expected.matches('confirm') && expected.hasTag('invalid')) {
    expect(alerts).toEqual(['The passcodes don’t match. Try again.']);
  } else if (error !== null && !expected.hasTag('done')) {
    // The completed screen has no error (a biometric failure then "Skip" still completes).
    expect(alerts).toEqual([i18n._(machineErrorMessage(error))]);
  } else {
    expect(alerts).toEqual([]);
  }
  if (expected.matches('suggestion')) {
    expect(text).toContain('Protect your wallet with a passcode');
    expect(buttonNamed(root, 'Not now') !== undefined).toBe(expected.can({ type: 'passcode.dismiss' }));
  }
  if (expected.hasTag('emailForm')) expect(root.querySelector('input[name="email"]')).not.toBeNull();
  if (expected.matches('setting')) expect(text).toContain('Saving the passcode…');
  if (expected.hasTag('waitingForBot')) {
    expect(text).toContain('Confirm in the bot');
    expect(root.querySelector(`a[href="https://t.me/${BOT}"]`)?.textContent).toBe('Open the bot');
  }
  if (expected.matches('biometric')) {
    expect(text).toContain('Confirm with biometrics?');
    expect(buttonNamed(root, 'Skip')?.disabled).toBe(expected.hasTag('busy'));
  }
  if (expected.hasTag('done')) expect(text).toContain('Passcode is on');
  if (expected.matches('dismissed')) expect(text).toBe('');
}

describe('the set-passcode screens along the set-passcode model', () => {
  it('uses the model test’s paths: 61, 687 and 62', () => {
    expect(SCENARIOS.map((scenario) => pathsOf(scenario).length)).toEqual([61, 687, 62]);
  });

  it('renders paths that visit every state and take every transition of the machine', () => {
    const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario]));
    const coverage = coverageOf(
      setPasscodeMachine,
      starts,
      SCENARIOS.flatMap((scenario) => pathsOf(scenario)),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe.each(SCENARIOS)('set-passcode screens (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of pathsOf(scenario)) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const { machine, fakes } = replayMachine();
      const actor = createActor(machine, { input: scenarios[scenario] }).start();
      const { container, onDone, unmount } = renderFlow(actor);
      expectScreen(container, initialModelState(modelMachine, scenarios[scenario]).snapshot);
      for (const step of path.steps) {
        await perform(container, actor, fakes, step);
        const expected = step.state.snapshot;
        expect(actor.getSnapshot().value, describeEvent(step.event)).toEqual(expected.value);
        expect(actor.getSnapshot().context).toEqual(expected.context);
        expectScreen(container, expected);
      }
      if (actor.getSnapshot().hasTag('done')) {
        act(() => press(container, 'Done'));
        expect(onDone).toHaveBeenCalledTimes(1);
      }
      unmount();
      actor.stop();
    });
  }
});
