/**
 * Changing (restoring) the passcode as a person meets it, along the paths of the change-passcode
 * machine (tests/machines/support/changePasscodeModel.ts, which only says which states and
 * transitions exist).
 *
 * The system under test is the rendered `ChangePasscodeView` on the machine as the app provides it
 * (`provideChangePasscode`: the real calls through the real HTTP client) with a fake server whose
 * answers the path decides. What must hold is written here by hand from spec 001 s.4 ("Change-
 * passcode flow: emailCode (transaction type change passcode), setUp, confirm, then the code plus
 * the mail confirmation token, then completed"), s.8 and s.9: one expectation per state in
 * `EXPECTED` (texts, enabled buttons, the request under way and its body), the message each
 * refusal shows, and error haptics on 403 and 429. Nothing here reads the machine's context.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  type ChangePasscodeActor,
  ChangePasscodeView,
} from '../../../src/app/features/security/recovery/ChangePasscodeView.tsx';
import { provideChangePasscode } from '../../../src/app/features/security/recovery/changePasscode.ts';
import {
  type ChangePasscodeMachine,
  changePasscodePaths,
  describeEvent,
  INPUT,
} from '../../machines/support/changePasscodeModel.ts';
import { type ActorSettle, isActorSettle, isTimePass, type ModelPath } from '../../machines/support/model.ts';
import type { Answer } from '../support/fakeApi.ts';
import { renderFlowView } from '../support/flowView.tsx';
import { failureAnswer, HELD_SERVER_FAKE_TIMERS, HeldServer, NO_ANSWER, settle } from '../support/heldServer.ts';
import { expectStates, leafStates, startsFreshEntry } from '../support/stateExpectations.ts';
import { fakePlatform } from '../support.tsx';

const paths = changePasscodePaths();

const SEND_CODE = 'POST /security/email-code';
const CODE_TOKEN = 'POST /security/email-code/token';
const RECOVER = 'POST /security/pass-code/recovery';
const ROUTES = new Set([SEND_CODE, CODE_TOKEN, RECOVER]);
const ROUTE_OF: Record<string, string> = {
  sendEmailCode: SEND_CODE,
  verifyEmailCode: CODE_TOKEN,
  restorePasscode: RECOVER,
};

/** The server's answer for a model step "the call answers / fails with …". */
function httpAnswer(route: string, event: ActorSettle): Answer | typeof NO_ANSWER {
  if (event.type === 'actor.error') return failureAnswer(event.error);
  if (route === SEND_CODE) return { status: 200, body: { id: String(event.output) } };
  if (route === CODE_TOKEN) return { status: 200, body: { token: String(event.output) } };
  return { status: 200, body: { result: true } };
}

/** What a refusal must say (a toast on the web), by the call and its answer; null: nothing. */
function messageFor(route: string, status: number | null): string | null {
  if (route === SEND_CODE) return 'Failed to send code to email';
  if (route === RECOVER) return 'Failed to restore passcode';
  if (status === 403 || status === 429) return null;
  if (status === 404) return 'This code has expired. Ask for a new one.';
  return 'Failed to verify confirmation code';
}

interface World {
  server: HeldServer;
  /** The digits the person has on the current entry (reset where the spec clears it). */
  entry: string;
  /** The server gave a mail confirmation token (answered the code check with 200). */
  tokenGiven: boolean;
  /** The error haptics the spec asks for so far (403 and 429 on a code check, a wrong repeat). */
  errorHaptics: number;
  /** The message of the last refusal shown. */
  lastRefusal: string | null;
  /** Seconds until a new code may be asked for (or is sent by itself): 1 after a send in these paths, else the server's. */
  wait: number;
}

const codeBoxes = (): HTMLInputElement | null => screen.queryByLabelText('Code from the e-mail');
const keypad = (): HTMLElement | null => screen.queryByRole('group', { name: 'Keypad' });
const text = (): string => document.body.textContent ?? '';
const resendButton = (): HTMLButtonElement | null =>
  screen.queryByRole<HTMLButtonElement>('button', { name: /^Send a new code/ });

/** The code screen, whatever its two regions are doing. */
function codeScreen(): void {
  expect(screen.getByRole('heading', { name: 'Enter the code from the e-mail' })).toBeTruthy();
  expect(keypad()).toBeNull();
}

/** One hand-written expectation per state of the machine (a parallel state's regions each have theirs). */
const EXPECTED: Record<string, (world: World) => void> = {
  requesting: (world) => {
    expect(text()).toContain('Sending a code to your backup e-mail…');
    expect(codeBoxes()).toBeNull();
    world.server.expectUnderWay(SEND_CODE, { transactionType: 'changePassCode' });
  },
  'tooSoon.ticking': (world) => {
    // resend_too_soon is a wait, not a failure: the server's seconds count down, then it sends.
    expect(text()).toContain(
      `A code was e-mailed to you less than a minute ago. We’ll send a new one in 0:0${world.wait}.`,
    );
    expect(codeBoxes()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
  requestFailed: () => {
    expect(text()).toContain('We couldn’t send the code to your backup e-mail.');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
  },
  'emailCode.input.entry.idle': (world) => {
    codeScreen();
    expect(codeBoxes()?.value).toBe(world.entry);
    expect(codeBoxes()?.getAttribute('aria-invalid')).not.toBe('true');
  },
  'emailCode.input.entry.invalid': (world) => {
    codeScreen();
    expect(codeBoxes()?.value).toBe(world.entry);
    expect(codeBoxes()?.getAttribute('aria-invalid')).toBe('true');
  },
  'emailCode.input.verifying': (world) => {
    codeScreen();
    expect(codeBoxes()?.disabled).toBe(true);
    world.server.expectUnderWay(CODE_TOKEN, { code: expect.stringMatching(/^\d{6}$/), id: 'code-1' });
  },
  'emailCode.input.locked': () => {
    codeScreen();
    // The boxes hide and an hh:mm:ss countdown shows.
    expect(codeBoxes()).toBeNull();
    expect(screen.getByRole('timer').textContent).toMatch(/^00:00:0[12]$/);
    expect(resendButton()?.disabled).toBe(true);
  },
  'emailCode.input.tooMany': () => {
    codeScreen();
    expect(codeBoxes()).toBeNull();
    expect(text()).toContain('Too many attempts. Contact support.');
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
    expect(resendButton()?.disabled).toBe(true);
  },
  'emailCode.resend.waiting.ticking': (world) => {
    // 1 s after a send in these paths (the input's resendSeconds), or the seconds a 429 gave.
    expect(resendButton()?.textContent).toBe(`Send a new code in 0:0${world.wait}`);
    expect(resendButton()?.disabled).toBe(true);
  },
  'emailCode.resend.ready': () => {
    expect(resendButton()?.textContent).toBe('Send a new code');
    expect(resendButton()?.disabled).toBe(codeBoxes() === null);
  },
  'emailCode.resend.sending': (world) => {
    expect(resendButton()?.disabled).toBe(true);
    world.server.expectUnderWay(SEND_CODE, { transactionType: 'changePassCode' });
  },
  setUp: (world) => {
    expect(screen.getByRole('heading', { name: 'Create a new passcode' })).toBeTruthy();
    expect(screen.getByRole('img', { name: `Digits entered: ${world.entry.length} of 4` })).toBeTruthy();
    expect(world.tokenGiven, 'the e-mail code was accepted first').toBe(true);
  },
  'confirm.idle': (world) => {
    expect(screen.getByRole('heading', { name: 'Repeat the new passcode' })).toBeTruthy();
    expect(screen.getByRole('img', { name: `Digits entered: ${world.entry.length} of 4` })).toBeTruthy();
    expect(text()).not.toContain('The passcodes don’t match.');
  },
  'confirm.invalid': () => {
    expect(screen.getByRole('heading', { name: 'Repeat the new passcode' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Digits entered: 0 of 4' })).toBeTruthy();
    expect(text()).toContain('The passcodes don’t match. Try again.');
  },
  restoring: (world) => {
    expect(screen.getByRole('status', { name: 'Saving the new passcode' })).toBeTruthy();
    // The new passcode with the mail confirmation token the code check gave.
    world.server.expectUnderWay(RECOVER, { code: '1111', mailConfirmationToken: 'mail-confirmation-token' });
  },
  completed: () => {
    expect(screen.getByRole('heading', { name: 'Confirm in the bot' })).toBeTruthy();
    expect(text()).toContain('For your safety, withdrawals are paused for 24 hours after the change.');
    // The way out is the screen's main action (Telegram's MainButton, the web's button).
    expect(screen.getByRole('button', { name: 'Back to Security' })).toBeTruthy();
    expect(keypad()).toBeNull();
  },
};

function expectScreen(world: World, states: string[], haptic: ReturnType<typeof vi.fn>, where: string): void {
  expectStates(EXPECTED, states, world, where);
  const errorHaptics = haptic.mock.calls.filter((call) => call[0] === 'error').length;
  expect(errorHaptics, `${where}: error haptics`).toBe(world.errorHaptics);
}

async function perform(
  actor: ChangePasscodeActor,
  world: World,
  event: ModelPath<ChangePasscodeMachine>['steps'][number]['event'],
) {
  if (isTimePass(event)) {
    act(() => void vi.advanceTimersByTime(event.ms));
    world.wait = Math.max(0, world.wait - Math.floor(event.ms / 1000));
    await settle();
    return;
  }
  if (isActorSettle(event)) {
    const route = ROUTE_OF[event.id];
    if (route === undefined) throw new Error(`No server route for ${event.id}`);
    // The screen did not let the person make this call (a control was disabled): nothing to answer.
    if (!world.server.isWaiting(route)) return;
    const answer = httpAnswer(route, event);
    await act(() => world.server.answer(route, answer));
    const status = answer === NO_ANSWER ? null : answer.status;
    if (route === SEND_CODE && status === 429) {
      world.wait = 2; // the seconds the server gave (LOCKED in tests/machines/support/passcodeModel.ts)
      return;
    }
    if (route === SEND_CODE && status === 200) world.wait = 1;
    if (status === null || status >= 400) {
      // A new refusal shows its message as a toast (an unchanged one stays as it was).
      const message = messageFor(route, status);
      if (message !== null && message !== world.lastRefusal) {
        const toasts = [...document.querySelectorAll('.ui-toast-message')].map((toast) => toast.textContent);
        expect(toasts, `the toast after ${route} answered ${status}`).toEqual([message]);
      }
      if (message !== null) world.lastRefusal = message;
      if (route === CODE_TOKEN && (status === 403 || status === 429)) world.errorHaptics += 1;
    } else if (route === CODE_TOKEN) world.tokenGiven = true;
    return;
  }
  const boxes = codeBoxes();
  const group = keypad();
  act(() => {
    switch (event.type) {
      case 'digit.enter':
        if (boxes && !boxes.disabled) {
          fireEvent.change(boxes, { target: { value: world.entry + event.digit } });
          world.entry = (world.entry + event.digit).slice(0, 6);
        } else if (group) {
          const key = within(group).getByRole<HTMLButtonElement>('button', { name: event.digit });
          if (!key.disabled) {
            fireEvent.click(key);
            world.entry = (world.entry + event.digit).slice(0, 4);
          }
        }
        return;
      case 'digit.erase':
        if (world.entry === '') return;
        if (boxes && !boxes.disabled) fireEvent.change(boxes, { target: { value: world.entry.slice(0, -1) } });
        else if (group) fireEvent.click(within(group).getByRole('button', { name: 'Delete' }));
        else return;
        world.entry = world.entry.slice(0, -1);
        return;
      case 'code.paste':
        if (boxes && !boxes.disabled) {
          fireEvent.paste(boxes, { clipboardData: { getData: () => event.text } });
          world.entry = event.text.replace(/\D/g, '').slice(0, 6);
        } else if (group) {
          fireEvent.paste(document, { clipboardData: { getData: () => event.text } });
          world.entry = event.text.replace(/\D/g, '').slice(0, 4);
        }
        return;
      case 'code.resend': {
        const button = screen.queryByRole<HTMLButtonElement>('button', { name: 'Try again' }) ?? resendButton();
        if (button && !button.disabled) fireEvent.click(button);
        return;
      }
      case 'step.back': {
        // Back inside the flow (the keypad screens) steps back; elsewhere it leaves for Security.
        const back = screen.queryAllByRole('button', { name: 'Back' }).at(-1);
        if (back) fireEvent.click(back);
        else actor.send(event);
        return;
      }
    }
  });
  await settle();
}

/** The states the spec says clear the input on arrival: a wrong repeat, a refused code, a lockout. */
const CLEARING = [
  'confirm.invalid',
  'emailCode.input.entry.invalid',
  'emailCode.input.locked',
  'emailCode.input.tooMany',
];

/** Resets what the spec says is cleared on arriving in a state. */
function arrive(world: World, states: string[], previous: string[]): void {
  if (startsFreshEntry(states, previous, CLEARING)) world.entry = '';
  // A wrong repeat gives error haptics (spec 001 s.4).
  if (states.includes('confirm.invalid') && !previous.includes('confirm.invalid')) world.errorHaptics += 1;
  // Back from the new passcode asks for a new e-mail code: the old token is gone.
  if (states.includes('requesting')) world.tokenGiven = false;
}

describe('change-passcode screens along the machine’s paths', () => {
  beforeEach(() => {
    vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  for (const path of paths) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const server = new HeldServer(ROUTES);
      server.install();
      const platform = fakePlatform('web');
      const haptic = vi.fn();
      const machine = provideChangePasscode({ ...platform, haptic }, new QueryClient());
      const actor: ChangePasscodeActor = createActor(machine, { input: INPUT }).start();
      await renderFlowView(<ChangePasscodeView actor={actor} />);
      await settle();
      const world: World = { server, entry: '', tokenGiven: false, errorHaptics: 0, lastRefusal: null, wait: 0 };
      let states = leafStates(actor.getSnapshot().value);
      expectScreen(world, states, haptic, 'at the start');
      for (const step of path.steps) {
        await perform(actor, world, step.event);
        const next = leafStates(actor.getSnapshot().value);
        arrive(world, next, states);
        states = next;
        expectScreen(world, states, haptic, `after "${describeEvent(step.event)}"`);
      }
      actor.stop();
    });
  }
});
