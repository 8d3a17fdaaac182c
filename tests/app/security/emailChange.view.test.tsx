/**
 * The /account/security/email screens along the e-mail change machine's model paths.
 *
 * THE SAME paths as tests/machines/emailChange.model.test.ts (three scenarios: a first address,
 * a change with a passcode, a change without one, of which only the paths before the form, the
 * part that differs) drive the rendered `EmailChangeView`: each path
 * starts the real machine with the model's deferred fakes, renders the view, and replays the
 * steps through the screen (the keypad for the passcode, the code boxes, the e-mail form, Back,
 * "Send a new code", "Start again"); the calls settle through the fakes and time passes on fake
 * timers. After every step the screen must show what a person should see in that state, as
 * written out here by hand (titles, the addresses, the error texts as literals, which buttons are
 * enabled), and every call must have reached the fake server with the body the spec's rule asks
 * for: the change_email confirmations with the first send after the old address's code only.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type EmailChangeActor, EmailChangeView } from '../../../src/app/features/security/EmailChangeView.tsx';
import {
  describeEvent,
  EMAIL,
  type EmailChangeMachine,
  type EmailChangeScenario,
  emailChangePaths,
  INPUTS,
  MAIL_TOKEN,
  OLD_CODE_ID,
  OLD_EMAIL,
  PASS_TOKEN,
  PASSCODE,
  replayMachine,
} from '../../machines/support/emailChangeModel.ts';
import { flush, isActorSettle, isTimePass, type ModelPath, type ModelState } from '../../machines/support/model.ts';
import { playOffScreen, renderFlowView } from '../support/flowView.tsx';

const SCENARIOS: readonly EmailChangeScenario[] = [
  'first address',
  'change with a passcode',
  'change without a passcode',
];

type Snapshot = ModelState<EmailChangeMachine>['snapshot'];

/** The error texts, as a person reads them (English). */
const ERROR_TEXT: Record<string, string> = {
  required: 'Enter an e-mail address',
  format: 'This doesn’t look like an e-mail address',
  email_taken: 'This e-mail is already used by another account',
  send_failed: 'Failed to send code to email',
  code_not_found: 'This code has expired. Ask for a new one.',
  confirm_failed: 'Failed to confirm email',
};

/** The resend button with the 1 s wait of the model's input. */
const RESEND_TEXT: Record<number, string> = { 0: 'Send a new code', 1: 'Send a new code in 00:01' };

function buttonNamed(name: string): HTMLButtonElement | undefined {
  return screen
    .queryAllByRole('button')
    .find(
      (button): button is HTMLButtonElement =>
        button instanceof HTMLButtonElement && (button.getAttribute('aria-label') ?? button.textContent) === name,
    );
}

function press(name: string): void {
  const button = buttonNamed(name);
  if (button === undefined) throw new Error(`No button "${name}": ${document.body.textContent}`);
  expect(button.disabled, `"${name}" is enabled`).toBe(false);
  fireEvent.click(button);
}

function codeBoxes(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]');
}

function alerts(): string[] {
  return screen.queryAllByRole('alert').map((node) => node.textContent ?? '');
}

/**
 * Tracks what the fake server must have received: whether the next send of the new address
 * carries the confirmations (armed by the old address's token, spent by a successful send or a
 * 403), per the spec's rule for change_email.
 */
interface Ledger {
  armed: boolean;
  sends: number;
}

async function perform(
  actor: EmailChangeActor,
  replay: ReturnType<typeof replayMachine>,
  step: ModelPath<EmailChangeMachine>['steps'][number],
  ledger: Ledger,
): Promise<void> {
  const event = step.event;
  if (isTimePass(event)) return playOffScreen(event, replay.fakes);
  if (isActorSettle(event)) {
    if (event.id === 'passcodeConfirm') {
      const keypad = screen.getByRole('group', { name: 'Keypad' });
      for (const digit of PASSCODE) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
      await act(async () => {
        replay.fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: PASS_TOKEN });
        await flush();
      });
      return;
    }
    if (event.id === 'verifyOldCode' && event.type === 'actor.done') ledger.armed = true;
    if (event.id === 'verifyEmail' && actor.getSnapshot().matches('sending')) {
      const refused =
        event.type === 'actor.error' &&
        typeof event.error === 'object' &&
        event.error !== null &&
        Reflect.get(event.error, 'status') === 403;
      if (event.type === 'actor.done' || refused) ledger.armed = false;
    }
    await playOffScreen(event, replay.fakes);
    return;
  }
  const code = actor.getSnapshot().context.code;
  const input = codeBoxes();
  act(() => {
    switch (event.type) {
      case 'digit.enter':
        if (input) return void fireEvent.change(input, { target: { value: code + event.digit } });
        break;
      case 'digit.erase':
        if (input && code.length > 0) return void fireEvent.change(input, { target: { value: code.slice(0, -1) } });
        break;
      case 'code.paste':
        if (input) return void fireEvent.paste(input, { clipboardData: { getData: () => event.text } });
        break;
      case 'email.submit': {
        const field = document.querySelector<HTMLInputElement>('input[name="email"]');
        const form = field?.form;
        if (field && form) {
          fireEvent.change(field, { target: { value: event.email } });
          return void fireEvent.submit(form);
        }
        break;
      }
      case 'step.back':
        return press('Back');
      case 'code.resend':
        return press('Send a new code');
      case 'flow.restart':
        return press('Start again');
    }
    // Erasing with nothing typed has no control on the screen: straight to the machine.
    if (event.type === 'digit.erase' && code.length === 0) return void actor.send(event);
    throw new Error(`No control for ${describeEvent(event)} on: ${document.body.textContent}`);
  });
}

/** What the screen must show in the model's state, written out by hand. */
function expectScreen(expected: Snapshot, scenario: EmailChangeScenario): void {
  const text = document.body.textContent ?? '';
  const { error, code, resendIn } = expected.context;
  const changing = scenario !== 'first address';
  const boxes = codeBoxes();
  const keypad = document.querySelector('.ui-keypad');
  const form = document.querySelector('input[name="email"]');

  if (expected.matches('confirming')) {
    expect(text).toContain('Enter your passcode');
    expect(text).toContain('to change the backup e-mail');
    expect(keypad).not.toBeNull();
    // The way back (the header's on the web, Telegram's BackButton in the mini app) leaves the flow.
    expect(buttonNamed('Back')?.disabled).toBe(false);
    expect(boxes).toBeNull();
    expect(form).toBeNull();
    return;
  }
  expect(keypad, 'no passcode keypad').toBeNull();

  if (expected.matches('oldSending') || expected.matches('oldSendFailed') || expected.matches('oldCode')) {
    expect(changing).toBe(true);
    expect(text).toContain('Confirm it’s you');
    expect(text).toContain(`We sent a 6-digit code to your current e-mail ${OLD_EMAIL}`);
    expect(form).toBeNull();
    if (expected.matches('oldSending')) {
      expect(screen.getByRole('status', { name: 'Sending the code' })).toBeDefined();
      expect(boxes).toBeNull();
    } else if (expected.matches('oldSendFailed')) {
      expect(boxes?.disabled).toBe(true);
      expect(alerts()).toEqual(['Failed to send code to email']);
      expect(buttonNamed('Send a new code')?.disabled).toBe(false);
      return;
    } else {
      expect(boxes?.value).toBe(code);
      expect(boxes?.disabled).toBe(expected.matches({ oldCode: { input: 'verifying' } }));
      const resend = buttonNamed(RESEND_TEXT[resendIn] ?? '?');
      expect(resend, 'resend button').toBeDefined();
      expect(resend?.disabled).toBe(resendIn > 0 || !expected.matches({ oldCode: { resend: 'ready' } }));
    }
    expect(alerts()).toEqual(error === null ? [] : [ERROR_TEXT[error]]);
    return;
  }

  if (expected.matches('editing') || expected.matches('sending')) {
    expect(form).not.toBeNull();
    expect(text).toContain(changing ? 'New backup e-mail' : 'Backup e-mail');
    expect(text).toContain(
      changing
        ? 'Enter the new address. We’ll send it a code to confirm it.'
        : 'If you forget the passcode, you’ll restore it through this e-mail.',
    );
    expect(buttonNamed('Send code')?.disabled).toBe(expected.matches('sending'));
    expect(alerts()).toEqual(error === null ? [] : [ERROR_TEXT[error]]);
    expect(boxes).toBeNull();
    return;
  }

  if (expected.matches('expired')) {
    expect(changing).toBe(true);
    expect(text).toContain('The confirmation has expired');
    expect(text).toContain('Start again: your passcode, then a code sent to your current e-mail.');
    expect(buttonNamed('Start again')?.disabled).toBe(false);
    expect(form).toBeNull();
    return;
  }

  if (expected.matches('code')) {
    expect(text).toContain('Enter the code');
    expect(text).toContain(`We sent a 6-digit code to ${EMAIL}`);
    expect(boxes?.value).toBe(code);
    expect(boxes?.disabled).toBe(expected.matches({ code: { input: 'verifying' } }));
    expect(buttonNamed('Back')?.disabled).toBe(false);
    const resend = buttonNamed(RESEND_TEXT[resendIn] ?? '?');
    expect(resend?.disabled).toBe(resendIn > 0 || !expected.matches({ code: { resend: 'ready' } }));
    expect(alerts()).toEqual(error === null ? [] : [ERROR_TEXT[error]]);
    return;
  }

  expect(expected.matches('done')).toBe(true);
  expect(text).toContain('E-mail confirmed');
  expect(text).toContain(`${EMAIL} is your backup e-mail now.`);
  const hold = 'For your safety, withdrawals are paused for 24 hours, and your other devices were signed out.';
  if (changing) expect(text).toContain(hold);
  else expect(text).not.toContain(hold);
}

/** Every call that reached the fake server, with the bodies the rules ask for. */
function expectCalls(replay: ReturnType<typeof replayMachine>, scenario: EmailChangeScenario, armedSends: boolean[]) {
  const tokens =
    scenario === 'change with a passcode'
      ? { passCodeConfirmationToken: PASS_TOKEN, mailConfirmationToken: MAIL_TOKEN }
      : scenario === 'change without a passcode'
        ? { mailConfirmationToken: MAIL_TOKEN }
        : {};
  const sends = replay.fakes.inputs('verifyEmail');
  expect(sends).toEqual(armedSends.map((armed) => (armed ? { email: EMAIL, ...tokens } : { email: EMAIL })));
  for (const input of replay.fakes.inputs('confirmEmail')) {
    expect(input).toEqual({ code: expect.stringMatching(/^\d{6}$/), id: expect.stringMatching(/^code-/) });
  }
  for (const input of replay.fakes.inputs('verifyOldCode')) {
    expect(input).toEqual({ code: expect.stringMatching(/^\d{6}$/), id: OLD_CODE_ID });
  }
  if (scenario === 'first address') expect(replay.fakes.inputs('sendOldCode')).toEqual([]);
  const passcodeChecks = replay.fakes.inputs('confirmPasscode');
  for (const input of passcodeChecks) {
    expect(input).toEqual({ code: PASSCODE, transactionType: 'change_email', hash: 'c'.repeat(32) });
  }
  if (scenario !== 'change with a passcode') expect(passcodeChecks).toEqual([]);
}

describe.each(SCENARIOS)('e-mail change screens (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Without a passcode the flow differs only until the form: its later screens are the same as
  // with one, so only the paths that stay before the form are rendered for it.
  const all = emailChangePaths(scenario);
  const rendered =
    scenario === 'change without a passcode'
      ? all.filter((path) => path.steps.every((step) => step.event.type !== 'email.submit'))
      : all;
  for (const path of rendered) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const replay = replayMachine();
      const actor = createActor(replay.machine, { input: INPUTS[scenario] }).start();
      const onDone = vi.fn();
      await renderFlowView(<EmailChangeView actor={actor} onDone={onDone} />, '/account/security/email');
      const ledger: Ledger = { armed: false, sends: 0 };
      const armedSends: boolean[] = [];
      for (const step of path.steps) {
        const before = replay.fakes.inputs('verifyEmail').length;
        const wasArmed = ledger.armed;
        await perform(actor, replay, step, ledger);
        if (replay.fakes.inputs('verifyEmail').length > before) armedSends.push(wasArmed);
        expect(actor.getSnapshot().value, describeEvent(step.event)).toEqual(step.state.snapshot.value);
        expectScreen(step.state.snapshot, scenario);
      }
      expectCalls(replay, scenario, armedSends);
      if (actor.getSnapshot().matches('done')) {
        act(() => press('Done'));
        expect(onDone).toHaveBeenCalledTimes(1);
      }
      actor.stop();
    });
  }
});
