/**
 * The /account/security/email screens along the e-mail change machine's paths.
 *
 * The machine (tests/machines/support/emailChangeModel.ts: a first address, a change with a
 * passcode, a change without one) only says which states and transitions exist. The system under
 * test is the rendered `EmailChangeView` on the machine as the app provides it
 * (`provideEmailChange`: the passcode confirmation and the calls through the real HTTP client)
 * with a fake server whose answers the path decides. The person acts through the screen (the
 * keypad for the passcode, the code boxes, the e-mail form, Back, "Send a new code", "Start
 * again"); time passes on fake timers.
 *
 * What must hold is written here by hand from spec 001 s.3–s.5, s.8 and issue 8: one expectation
 * per state in `EXPECTED` (titles, addresses, enabled buttons, the request under way and its
 * body), the message each refusal shows, and the change_email rule for the new address's send:
 * the first send after the old address's code carries the confirmations, a resend or a send after
 * Back carries the address alone. Nothing here reads the machine's context.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type EmailChangeActor, EmailChangeView } from '../../../src/app/features/security/EmailChangeView.tsx';
import { provideEmailChange } from '../../../src/app/features/security/securityApi.ts';
import {
  describeEvent,
  type EmailChangeMachine,
  type EmailChangeScenario,
  emailChangePaths,
  INPUTS,
} from '../../machines/support/emailChangeModel.ts';
import { type ActorSettle, isActorSettle, isTimePass, type ModelPath } from '../../machines/support/model.ts';
import type { Answer } from '../support/fakeApi.ts';
import { renderFlowView } from '../support/flowView.tsx';
import { failureAnswer, HELD_SERVER_FAKE_TIMERS, HeldServer, NO_ANSWER, settle } from '../support/heldServer.ts';
import { expectStates, leafStates } from '../support/stateExpectations.ts';
import { fakePlatform } from '../support.tsx';

const SCENARIOS: readonly EmailChangeScenario[] = [
  'first address',
  'change with a passcode',
  'change without a passcode',
];

const PASSCODE_TOKEN = 'POST /security/pass-code/token';
const SEND_OLD_CODE = 'POST /security/email-code';
const OLD_CODE_TOKEN = 'POST /security/email-code/token';
const VERIFY_EMAIL = 'POST /user/verify-email';
const CONFIRM_EMAIL = 'POST /user/confirm-email';
const ROUTES = new Set([PASSCODE_TOKEN, SEND_OLD_CODE, OLD_CODE_TOKEN, VERIFY_EMAIL, CONFIRM_EMAIL]);
const ROUTE_OF: Record<string, string> = {
  passcodeConfirm: PASSCODE_TOKEN,
  sendOldCode: SEND_OLD_CODE,
  verifyOldCode: OLD_CODE_TOKEN,
  verifyEmail: VERIFY_EMAIL,
  confirmEmail: CONFIRM_EMAIL,
};

// The literals of the scenarios (tests/machines/support/emailChangeModel.ts), written out.
const OLD_EMAIL = 'old@example.com';
const NEW_EMAIL = 'ada@example.com';
const PASSCODE = '2580';
const PASS_TOKEN = 'change-email-pass-token';
const MAIL_TOKEN = 'change-email-mail-token';

function httpAnswer(route: string, event: ActorSettle): Answer | typeof NO_ANSWER {
  if (event.type === 'actor.error') return failureAnswer(event.error);
  if (route === PASSCODE_TOKEN) return { status: 200, body: { token: PASS_TOKEN } };
  if (route === OLD_CODE_TOKEN) return { status: 200, body: { token: String(event.output) } };
  if (route === SEND_OLD_CODE || route === VERIFY_EMAIL) return { status: 200, body: { id: String(event.output) } };
  return { status: 200, body: { result: true } };
}

/** What a refusal must say (spec 001 s.8, docs/passcode.md); null: nothing, the state speaks. */
function messageFor(route: string, status: number | null, world: World, resending: boolean): string | null {
  if (route === SEND_OLD_CODE) return 'Failed to send code to email';
  if (route === VERIFY_EMAIL) {
    if (status === 409) return 'This e-mail is already used by another account';
    // A 403 on a send of a change (not a resend): the authorisation expired (the expired screen says so).
    if (status === 403 && world.changing && !resending) return null;
    return 'Failed to send code to email';
  }
  if (status === 403) return null;
  if (status === 404) return 'This code has expired. Ask for a new one.';
  if (status === 409) return 'This e-mail is already used by another account';
  return 'Failed to confirm email';
}

const FORM_MESSAGES: Record<string, string | null> = {
  '  ADA@EXAMPLE.COM ': null,
  'ada@example': 'This doesn’t look like an e-mail address',
  '   ': 'Enter an e-mail address',
};

interface World {
  scenario: EmailChangeScenario;
  changing: boolean;
  server: HeldServer;
  /** The digits on the current code entry. */
  entry: string;
  /** The message a person must read now, or null. */
  message: string | null;
  /** Whole seconds since the code on screen was last sent. */
  sinceSent: number;
  /** The old address's code was accepted and the new address not yet sent: the next send carries the confirmations. */
  firstSendPending: boolean;
  /** The bodies every send of the new address must have had, in order. */
  sends: unknown[];
  /** The server accepted the new address's code. */
  confirmed: boolean;
}

const text = (): string => document.body.textContent ?? '';
const codeBoxes = (): HTMLInputElement | null =>
  document.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]');
const alerts = (): string[] => screen.queryAllByRole('alert').map((node) => node.textContent ?? '');

function buttonNamed(name: string): HTMLButtonElement | undefined {
  return screen
    .queryAllByRole('button')
    .find(
      (button): button is HTMLButtonElement =>
        button instanceof HTMLButtonElement && (button.getAttribute('aria-label') ?? button.textContent) === name,
    );
}

function press(name: string): boolean {
  const button = buttonNamed(name);
  if (button === undefined || button.disabled) return false;
  fireEvent.click(button);
  return true;
}

/** The resend button of a code screen: a 1 s wait in these paths, then enabled. */
function expectResend(world: World, enabledWhenReady: boolean): void {
  if (world.sinceSent < 1) {
    expect(buttonNamed('Send a new code in 00:01')?.disabled).toBe(true);
  } else {
    expect(buttonNamed('Send a new code')?.disabled).toBe(!enabledWhenReady);
  }
}

const oldCodeScreen = () => {
  expect(text()).toContain('Confirm it’s you');
  expect(text()).toContain(`We sent a 6-digit code to your current e-mail ${OLD_EMAIL}`);
  expect(document.querySelector('input[name="email"]')).toBeNull();
};

const newCodeScreen = () => {
  expect(text()).toContain('Enter the code');
  expect(text()).toContain(`We sent a 6-digit code to ${NEW_EMAIL}`);
  expect(buttonNamed('Back')?.disabled).toBe(false);
};

/** One hand-written expectation per state of the machine (a parallel state's regions each have theirs). */
const EXPECTED: Record<string, (world: World) => void> = {
  confirming: (world) => {
    expect(world.scenario).toBe('change with a passcode');
    expect(text()).toContain('Enter your passcode');
    expect(text()).toContain('to change the backup e-mail');
    expect(document.querySelector('.ui-keypad')).not.toBeNull();
    expect(codeBoxes()).toBeNull();
  },
  oldSending: (world) => {
    expect(world.changing).toBe(true);
    oldCodeScreen();
    expect(screen.getByRole('status', { name: 'Sending the code' })).toBeDefined();
    const withPasscode = world.scenario === 'change with a passcode';
    world.server.expectUnderWay(SEND_OLD_CODE, {
      transactionType: 'change_email',
      ...(withPasscode ? { passCodeConfirmationToken: PASS_TOKEN } : {}),
    });
    if (withPasscode) {
      expect(world.server.last(PASSCODE_TOKEN)?.body).toEqual({
        code: PASSCODE,
        transactionType: 'change_email',
        hash: 'c'.repeat(32),
      });
    }
  },
  oldSendFailed: () => {
    oldCodeScreen();
    expect(codeBoxes()?.disabled).toBe(true);
    expect(buttonNamed('Send a new code')?.disabled).toBe(false);
  },
  'oldCode.input.entry.idle': (world) => {
    oldCodeScreen();
    expect(codeBoxes()?.value).toBe(world.entry);
  },
  'oldCode.input.entry.invalid': (world) => {
    oldCodeScreen();
    expect(codeBoxes()?.value).toBe(world.entry);
    expect(codeBoxes()?.getAttribute('aria-invalid')).toBe('true');
  },
  'oldCode.input.verifying': (world) => {
    oldCodeScreen();
    expect(codeBoxes()?.disabled).toBe(true);
    world.server.expectUnderWay(OLD_CODE_TOKEN, { code: expect.stringMatching(/^\d{6}$/), id: 'old-code-1' });
  },
  'oldCode.resend.waiting.ticking': (world) => expectResend(world, true),
  'oldCode.resend.ready': (world) => expectResend(world, true),
  'oldCode.resend.sending': (world) => {
    expect(buttonNamed('Send a new code')?.disabled).toBe(true);
    world.server.expectUnderWay(SEND_OLD_CODE, expect.objectContaining({ transactionType: 'change_email' }));
  },
  editing: (world) => {
    expect(document.querySelector('input[name="email"]')).not.toBeNull();
    expect(text()).toContain(world.changing ? 'New backup e-mail' : 'Backup e-mail');
    expect(text()).toContain(
      world.changing
        ? 'Enter the new address. We’ll send it a code to confirm it.'
        : 'If you forget the passcode, you’ll restore it through this e-mail.',
    );
    expect(buttonNamed('Send code')?.disabled).toBe(false);
    expect(codeBoxes()).toBeNull();
    // A change reaches the form only with the current address's code accepted.
    if (world.changing) expect(world.server.routes()).toContain(OLD_CODE_TOKEN);
  },
  sending: (world) => {
    expect(document.querySelector('input[name="email"]')).not.toBeNull();
    expect(buttonNamed('Send code')?.disabled).toBe(true);
    expect(world.server.isWaiting(VERIFY_EMAIL)).toBe(true);
  },
  expired: (world) => {
    expect(world.changing).toBe(true);
    expect(text()).toContain('The confirmation has expired');
    expect(text()).toContain('Start again: your passcode, then a code sent to your current e-mail.');
    expect(buttonNamed('Start again')?.disabled).toBe(false);
    expect(document.querySelector('input[name="email"]')).toBeNull();
  },
  'code.input.entry.idle': (world) => {
    newCodeScreen();
    expect(codeBoxes()?.value).toBe(world.entry);
  },
  'code.input.entry.invalid': (world) => {
    newCodeScreen();
    expect(codeBoxes()?.value).toBe(world.entry);
    expect(codeBoxes()?.getAttribute('aria-invalid')).toBe('true');
  },
  'code.input.verifying': (world) => {
    newCodeScreen();
    expect(codeBoxes()?.disabled).toBe(true);
    world.server.expectUnderWay(CONFIRM_EMAIL, { code: expect.stringMatching(/^\d{6}$/), id: 'code-1' });
  },
  'code.resend.waiting.ticking': (world) => expectResend(world, true),
  'code.resend.ready': (world) => expectResend(world, true),
  'code.resend.sending': (world) => {
    expect(buttonNamed('Send a new code')?.disabled).toBe(true);
    world.server.expectUnderWay(VERIFY_EMAIL, { email: NEW_EMAIL });
  },
  done: (world) => {
    expect(text()).toContain('E-mail confirmed');
    expect(text()).toContain(`${NEW_EMAIL} is your backup e-mail now.`);
    const hold = 'For your safety, withdrawals are paused for 24 hours, and your other devices were signed out.';
    if (world.changing) expect(text()).toContain(hold);
    else expect(text()).not.toContain(hold);
    expect(world.confirmed, 'the server accepted the new address’s code').toBe(true);
  },
};

function expectScreen(world: World, states: string[], where: string): void {
  expectStates(EXPECTED, states, world, where);
  if (!states.includes('done') && !states.includes('confirming')) {
    expect(alerts(), `${where}: the message`).toEqual(world.message === null ? [] : [world.message]);
  }
  // The change_email rule: every send of the new address had the body the rule asks for.
  const sent = world.server.requests.filter((request) => request.route === VERIFY_EMAIL).map((request) => request.body);
  expect(sent, `${where}: the sends of the new address`).toEqual(world.sends);
}

async function perform(
  actor: EmailChangeActor,
  world: World,
  event: ModelPath<EmailChangeMachine>['steps'][number]['event'],
): Promise<void> {
  if (isTimePass(event)) {
    act(() => void vi.advanceTimersByTime(event.ms));
    world.sinceSent += Math.floor(event.ms / 1000);
    await settle();
    return;
  }
  if (isActorSettle(event)) {
    const route = ROUTE_OF[event.id];
    if (route === undefined) throw new Error(`No server route for ${event.id}`);
    if (event.id === 'passcodeConfirm') {
      const keypad = screen.getByRole('group', { name: 'Keypad' });
      act(() => {
        for (const digit of PASSCODE) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
      });
      await settle();
    }
    if (!world.server.isWaiting(route)) return;
    const answer = httpAnswer(route, event);
    const resending =
      actor.getSnapshot().matches({ oldCode: { resend: 'sending' } }) ||
      actor.getSnapshot().matches({ code: { resend: 'sending' } });
    await act(() => world.server.answer(route, answer));
    const status = answer === NO_ANSWER ? null : answer.status;
    if (status === null || status >= 400) {
      world.message = messageFor(route, status, world, resending);
      if (route === VERIFY_EMAIL && status === 403 && world.changing && !resending) world.firstSendPending = false;
      if (route === CONFIRM_EMAIL || route === OLD_CODE_TOKEN) world.entry = '';
      return;
    }
    if (route === SEND_OLD_CODE || route === VERIFY_EMAIL) {
      world.sinceSent = 0;
      world.entry = '';
      if (!resending) world.message = null;
      if (route === VERIFY_EMAIL && !resending) world.firstSendPending = false;
    }
    if (route === OLD_CODE_TOKEN) {
      world.message = null;
      world.firstSendPending = true;
    }
    if (route === CONFIRM_EMAIL) world.confirmed = true;
    return;
  }
  const boxes = codeBoxes();
  act(() => {
    switch (event.type) {
      case 'digit.enter':
        if (boxes && !boxes.disabled) {
          fireEvent.change(boxes, { target: { value: world.entry + event.digit } });
          world.entry = (world.entry + event.digit).slice(0, 6);
          world.message = null;
        }
        return;
      case 'digit.erase':
        if (boxes && !boxes.disabled && world.entry !== '') {
          fireEvent.change(boxes, { target: { value: world.entry.slice(0, -1) } });
          world.entry = world.entry.slice(0, -1);
        }
        return;
      case 'code.paste':
        if (boxes && !boxes.disabled) {
          fireEvent.paste(boxes, { clipboardData: { getData: () => event.text } });
          world.entry = event.text.replace(/\D/g, '').slice(0, 6);
          world.message = null;
        }
        return;
      case 'email.submit': {
        const input = document.querySelector<HTMLInputElement>('input[name="email"]');
        const form = input?.form;
        if (input && form && !input.disabled) {
          fireEvent.change(input, { target: { value: event.email } });
          fireEvent.submit(form);
          const problem = FORM_MESSAGES[event.email] ?? null;
          world.message = problem;
          if (problem === null) {
            const confirmations = world.firstSendPending
              ? {
                  ...(world.scenario === 'change with a passcode' ? { passCodeConfirmationToken: PASS_TOKEN } : {}),
                  mailConfirmationToken: MAIL_TOKEN,
                }
              : {};
            world.sends.push({ email: NEW_EMAIL, ...confirmations });
          }
        }
        return;
      }
      case 'step.back':
        if (press('Back')) {
          world.entry = '';
          world.message = null;
        }
        return;
      case 'code.resend':
        if (press('Send a new code')) {
          if (actor.getSnapshot().matches('code')) world.sends.push({ email: NEW_EMAIL });
        }
        return;
      case 'flow.restart':
        if (press('Start again')) world.message = null;
        return;
    }
  });
  await settle();
}

describe.each(SCENARIOS)('e-mail change screens (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
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
      const server = new HeldServer(ROUTES);
      server.install();
      const platform = fakePlatform('web');
      const machine = provideEmailChange({ queryClient: new QueryClient(), platform, storage: null });
      const actor: EmailChangeActor = createActor(machine, { input: INPUTS[scenario] }).start();
      const onDone = vi.fn();
      await renderFlowView(<EmailChangeView actor={actor} onDone={onDone} />, '/account/security/email');
      await settle();
      const world: World = {
        scenario,
        changing: scenario !== 'first address',
        server,
        entry: '',
        message: null,
        sinceSent: 0,
        firstSendPending: false,
        sends: [],
        confirmed: false,
      };
      let states = leafStates(actor.getSnapshot().value);
      expectScreen(world, states, 'at the start');
      for (const step of path.steps) {
        await perform(actor, world, step.event);
        const next = leafStates(actor.getSnapshot().value);
        // Arriving on a code entry, the boxes start empty.
        if (
          next.join() !== states.join() &&
          next.some((state) => state.endsWith('entry.idle')) &&
          !states.some((state) => state.endsWith('entry.idle') || state.endsWith('entry.invalid'))
        ) {
          world.entry = '';
        }
        states = next;
        expectScreen(world, states, `after "${describeEvent(step.event)}"`);
      }
      if (actor.getSnapshot().matches('done')) {
        act(() => void press('Done'));
        expect(onDone).toHaveBeenCalledTimes(1);
      }
      actor.stop();
    });
  }
});
