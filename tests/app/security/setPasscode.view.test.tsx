/**
 * The set-passcode flow as a person meets it, along the paths of the set-passcode machine.
 *
 * The machine (tests/machines/support/setPasscodeModel.ts) only says which states and
 * transitions exist; the paths walk all of them. The system under test is the rendered
 * `SetPasscodeView` on the machine as the app provides it (`provideSetPasscode`: the real calls
 * through the real HTTP client) with a fake server whose answers the path decides (a step "the
 * e-mail code check fails with a 404" is the server answering 404), and a fake messenger biometry.
 *
 * What must hold is written here by hand from spec 001 s.4, s.5, s.8, s.9: one expectation per
 * state in `EXPECTED` (texts, enabled buttons, what was last sent to the server and with which
 * body), the message each failure must show, and named rules at the end (the e-mail stage is
 * required while the e-mail is unconfirmed, 4 digits move on, 6 digits submit, the resend
 * countdown, the 5 s poll). Nothing here reads the machine's context or compares it with itself.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SetPasscodeInput } from '../../../machines/setPasscode.machine.ts';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { provideSetPasscode } from '../../../src/app/features/security/SecurityFlows.tsx';
import { type SetPasscodeActor, SetPasscodeView } from '../../../src/app/features/security/SetPasscodeView.tsx';
import { createToastActor } from '../../../src/app/lib/toasts.tsx';
import type { Biometry, Platform } from '../../../src/app/platform/types.ts';
import { type ActorSettle, isActorSettle, isTimePass, type ModelPath } from '../../machines/support/model.ts';
import {
  describeEvent,
  type SetPasscodeMachine,
  type SetPasscodeScenario,
  scenarios,
  setPasscodePaths,
} from '../../machines/support/setPasscodeModel.ts';
import { type Answer, baseSettings } from '../support/fakeApi.ts';
import {
  failureAnswer,
  fieldOf,
  HELD_SERVER_FAKE_TIMERS,
  HeldServer,
  NO_ANSWER,
  settle,
} from '../support/heldServer.ts';
import { ScreenActionButtons } from '../support/screenActionButtons.tsx';
import { leafStates, startsFreshEntry } from '../support/stateExpectations.ts';
import { fakePlatform, fakeSession } from '../support.tsx';

const SCENARIOS: readonly SetPasscodeScenario[] = [
  'e-mail confirmed, on the web',
  'new e-mail, in the messenger',
  'strict suggestion',
];
const paths = new Map(SCENARIOS.map((scenario) => [scenario, setPasscodePaths(scenario)]));
const pathsOf = (scenario: SetPasscodeScenario): Array<ModelPath<SetPasscodeMachine>> => paths.get(scenario) ?? [];

const BOT = 'kopilka_test_bot';
const VERIFY_EMAIL = 'POST /user/verify-email';
const CONFIRM_EMAIL = 'POST /user/confirm-email';
const SET_PASSCODE = 'POST /security/pass-code';
const SETTINGS = 'GET /user/settings';
const PASSCODE_TOKEN = 'POST /security/pass-code/token';
const ADD_BIOMETRIC = 'POST /security/biometric';
const SECURITY_ROUTES = new Set([VERIFY_EMAIL, CONFIRM_EMAIL, SET_PASSCODE, SETTINGS, PASSCODE_TOKEN, ADD_BIOMETRIC]);

// ---------------------------------------------------------------------------------------------
// The outside world: a server that answers when the path says, and the messenger's biometry.

type BiometryStep = 'accessGranted' | 'requestAccess' | 'storeToken';

class HeldBiometry {
  readonly asked: BiometryStep[] = [];
  private readonly waiting = new Map<BiometryStep, { resolve: (value: boolean) => void; reject: () => void }>();

  readonly biometry: Biometry = {
    isAvailable: () => Promise.resolve(true),
    accessGranted: () => this.hold('accessGranted'),
    requestAccess: () => this.hold('requestAccess'),
    authenticate: () => Promise.resolve(null),
    storeToken: () => this.hold('storeToken'),
    removeToken: () => Promise.resolve(true),
    openSettings: () => {},
  };

  private hold(step: BiometryStep): Promise<boolean> {
    this.asked.push(step);
    return new Promise((resolve, reject) => this.waiting.set(step, { resolve, reject: () => reject(new Error(step)) }));
  }

  async answer(step: BiometryStep, value: boolean | 'fails'): Promise<void> {
    const waiting = this.waiting.get(step);
    if (waiting === undefined) throw new Error(`The messenger was not asked ${step}`);
    this.waiting.delete(step);
    if (value === 'fails') waiting.reject();
    else waiting.resolve(value);
    await settle();
  }
}

function failure(status: number): Answer {
  return { status, body: { code: `failed_${status}`, message: 'refused' } };
}

const ROUTE_OF: Partial<Record<ActorSettle['id'], string>> = {
  verifyEmail: VERIFY_EMAIL,
  confirmEmail: CONFIRM_EMAIL,
  setPasscode: SET_PASSCODE,
  fetchSettings: SETTINGS,
  confirmPasscode: PASSCODE_TOKEN,
  addBiometric: ADD_BIOMETRIC,
};
const BIOMETRY_OF: Partial<Record<ActorSettle['id'], BiometryStep>> = {
  checkBiometricAccess: 'accessGranted',
  requestBiometricAccess: 'requestAccess',
  storeBiometricToken: 'storeToken',
};

/** The server's answer for a model step "the call answers / fails with …". */
function httpAnswer(route: string, event: ActorSettle): Answer | typeof NO_ANSWER {
  if (event.type === 'actor.error') return failureAnswer(event.error);
  switch (route) {
    case VERIFY_EMAIL:
      return { status: 200, body: { id: String(event.output) } };
    case SETTINGS:
      return { status: 200, body: { ...baseSettings, passCode: fieldOf(event.output, 'passCode') === true } };
    case PASSCODE_TOKEN:
    case ADD_BIOMETRIC:
      return { status: 200, body: { token: String(event.output) } };
    default:
      return { status: 200, body: { result: true } };
  }
}

// ---------------------------------------------------------------------------------------------
// What the person sees, read from the page.

interface Shown {
  title: string | null;
  /** The passcode dots' label, or null when there are none. */
  dots: string | null;
  keypad: boolean;
  /** The e-mail code boxes' value, or null when there are none. */
  boxes: string | null;
  invalidMark: boolean;
  alerts: string[];
  lockTimer: string | null;
  /** The buttons on screen by their name: true when enabled. */
  buttons: Record<string, boolean>;
  text: string;
}

function shown(root: HTMLElement): Shown {
  const boxes = root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]');
  const dots = root.querySelector('.ui-dots');
  const buttons: Record<string, boolean> = {};
  for (const button of root.querySelectorAll('button')) {
    const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
    // The keypad's digit keys and Delete are checked through `keypad`.
    if (!button.closest('.ui-keypad')) buttons[name] = !button.disabled;
  }
  return {
    title: root.querySelector('h1')?.textContent ?? null,
    dots: dots?.getAttribute('aria-label') ?? null,
    keypad: root.querySelector('.ui-keypad') !== null,
    boxes: boxes?.value ?? null,
    invalidMark: root.querySelector('.ui-dots--invalid, [aria-invalid="true"]') !== null,
    alerts: [...root.querySelectorAll('[role="alert"]')].map((node) => node.textContent ?? ''),
    lockTimer: root.querySelector('time.security-timer')?.textContent ?? null,
    buttons,
    text: root.textContent ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// What the test knows without asking the machine: the scenario, what the person typed on the
// current screen, what the server answered and how long ago the code was sent.

interface World {
  scenario: SetPasscodeInput;
  /** The digits the person has on the current entry (reset where the spec clears it). */
  entry: string;
  /** The last refusal a person must read about, as its literal message (null: none). */
  message: string | null;
  /** The server confirmed the e-mail (answered POST /user/confirm-email with 200). */
  emailConfirmed: boolean;
  /** Whole seconds since the last e-mail code was sent. */
  sinceSent: number;
  server: HeldServer;
}

type Expectation = (shown: Shown, world: World) => void;

const PASSCODE = '1111';

/** What the form says about the addresses the paths type (spec 001 s.5: trimmed, lowercased, a basic pattern). */
const EMAIL_PROBLEMS: Record<string, string | null> = {
  ' Ada@Example.com ': null,
  'ada@': 'This doesn’t look like an e-mail address',
};

/** The e-mail code screen, whatever its two regions are doing. */
const emailCodeScreen: Expectation = (screen) => {
  expect(screen.title).toBe('Enter the code');
  expect(screen.text).toContain('We sent a 6-digit code to ada@example.com');
  expect(screen.keypad).toBe(false);
  expect(screen.buttons.Back).toBe(true);
};

/**
 * One expectation per state of the machine (leaf states by their path; a parallel state's
 * regions each have theirs). Written from the spec, not from the machine.
 */
const EXPECTED: Record<string, Expectation> = {
  suggestion: (screen, world) => {
    expect(screen.title).toBe('Protect your wallet with a passcode');
    expect(screen.buttons['Set a passcode']).toBe(true);
    // A strict suggestion (taking a buy offer) cannot be dismissed.
    expect(screen.buttons['Not now']).toBe(world.scenario.suggestion === 'optional' ? true : undefined);
  },
  setUp: (screen, world) => {
    expect(screen.title).toBe('Create a passcode');
    expect(screen.keypad).toBe(true);
    expect(screen.dots).toBe(`Digits entered: ${world.entry.length} of 4`);
    expect(screen.invalidMark).toBe(false);
    // The first step's back leaves the flow (issue 9: set passcode had no way back).
    expect(screen.buttons.Back).toBe(true);
  },
  'confirm.idle': (screen, world) => {
    expect(screen.title).toBe('Repeat the passcode');
    expect(screen.keypad).toBe(true);
    expect(screen.dots).toBe(`Digits entered: ${world.entry.length} of 4`);
    expect(screen.invalidMark).toBe(false);
    expect(screen.buttons.Back).toBe(true);
  },
  'confirm.invalid': (screen) => {
    // A wrong repeat clears the input and marks it invalid until the next digit.
    expect(screen.title).toBe('Repeat the passcode');
    expect(screen.dots).toBe('Digits entered: 0 of 4');
    expect(screen.invalidMark).toBe(true);
    expect(screen.alerts).toEqual(['The passcodes don’t match. Try again.']);
  },
  'email.editing': (screen) => {
    expect(screen.title).toBe('Add a backup e-mail');
    expect(screen.buttons['Send code']).toBe(true);
  },
  'email.sending': (screen, world) => {
    expect(screen.title).toBe('Add a backup e-mail');
    expect(screen.buttons['Send code']).toBe(false);
    world.server.expectUnderWay(VERIFY_EMAIL, { email: 'ada@example.com' });
  },
  'emailCode.input.entry.idle': (screen, world) => {
    emailCodeScreen(screen, world);
    expect(screen.boxes).toBe(world.entry);
  },
  'emailCode.input.entry.invalid': (screen, world) => {
    emailCodeScreen(screen, world);
    expect(screen.boxes).toBe(world.entry);
    expect(screen.invalidMark).toBe(true);
  },
  'emailCode.input.verifying': (screen, world) => {
    emailCodeScreen(screen, world);
    // The six digits typed, with the id of the code sent (a resend may have cleared the boxes since).
    world.server.expectUnderWay(CONFIRM_EMAIL, { code: expect.stringMatching(/^\d{6}$/), id: 'code-1' });
  },
  'emailCode.input.locked': (screen, world) => {
    emailCodeScreen(screen, world);
    // The keypad hides and an hh:mm:ss countdown shows; resend waits for it.
    expect(screen.boxes).toBeNull();
    expect(screen.lockTimer).toMatch(/^00:00:0[12]$/);
    expect(screen.text).toContain('Too many attempts');
    expect(screen.buttons['Send a new code']).not.toBe(true);
  },
  'emailCode.input.tooMany': (screen, world) => {
    emailCodeScreen(screen, world);
    expect(screen.boxes).toBeNull();
    expect(screen.text).toContain('Contact support');
    expect(screen.buttons['Send a new code']).not.toBe(true);
  },
  'emailCode.resend.waiting.ticking': (screen, world) => {
    // The codes in these paths may be resent after 1 s (the scenario's resendSeconds).
    expect(world.sinceSent).toBe(0);
    expect(screen.buttons['Send a new code in 00:01']).toBe(false);
  },
  'emailCode.resend.ready': (screen) => {
    const locked = screen.boxes === null;
    expect(screen.buttons['Send a new code']).toBe(!locked);
  },
  'emailCode.resend.sending': (screen, world) => {
    expect(screen.buttons['Send a new code']).toBe(false);
    world.server.expectUnderWay(VERIFY_EMAIL, { email: 'ada@example.com' });
  },
  setting: (screen, world) => {
    expect(screen.text).toContain('Saving the passcode…');
    world.server.expectUnderWay(SET_PASSCODE, { code: PASSCODE });
    // Spec 001 s.4: the passcode is sent only once the e-mail is confirmed.
    if (!world.scenario.isEmailConfirmed) expect(world.emailConfirmed, 'the e-mail was confirmed first').toBe(true);
  },
  'botConfirm.waiting': (screen) => {
    expect(screen.title).toBe('Confirm in the bot');
    expect(screen.text).toContain('Waiting for the confirmation…');
    expect(screen.text).toContain('Open the bot');
  },
  'botConfirm.checking': (screen, world) => {
    expect(screen.title).toBe('Confirm in the bot');
    expect(world.server.isWaiting(SETTINGS)).toBe(true);
  },
  'biometric.offer': (screen) => {
    expect(screen.title).toBe('Confirm with biometrics?');
    expect(screen.buttons).toMatchObject({ 'Turn on': true, Skip: true });
  },
  'biometric.denied': (screen) => {
    expect(screen.title).toBe('Confirm with biometrics?');
    expect(screen.text).toContain('Kopilka has no access to biometrics.');
    expect(screen.buttons).toMatchObject({ 'Try again': true, Skip: true });
  },
  'biometric.checkingAccess': (screen) => {
    expect(screen.buttons).toMatchObject({ 'Turn on': false, Skip: false });
  },
  'biometric.requestingAccess': (screen) => {
    expect(screen.buttons.Skip).toBe(false);
  },
  'biometric.confirmingPasscode': (screen, world) => {
    expect(screen.buttons.Skip).toBe(false);
    expect(world.server.last(PASSCODE_TOKEN)?.body).toMatchObject({ code: PASSCODE, transactionType: 'addBiometric' });
  },
  'biometric.adding': (screen, world) => {
    expect(screen.buttons.Skip).toBe(false);
    expect(world.server.last(ADD_BIOMETRIC)?.body).toMatchObject({ passCodeConfirmationToken: 'confirmation-token' });
  },
  'biometric.storing': (screen) => {
    expect(screen.buttons.Skip).toBe(false);
  },
  completed: (screen) => {
    expect(screen.title).toBe('Passcode is on');
    expect(screen.buttons).toEqual({ Back: true, Done: true });
    expect(screen.alerts).toEqual([]);
  },
  dismissed: (screen) => {
    expect(screen.text).toBe('');
  },
};

/** The messages a refusal must show (spec 001 s.8, docs/passcode.md), by the call and its answer. */
function messageFor(route: string, status: number | null): string | null {
  if (route === VERIFY_EMAIL)
    return status === 409 ? 'This e-mail is already used by another account' : 'Failed to send code to email';
  if (route === CONFIRM_EMAIL) {
    if (status === 403 || status === 429) return null; // no message (a 429 shows the countdown or support)
    if (status === 404) return 'This code has expired. Ask for a new one.';
    if (status === 409) return 'This e-mail is already used by another account';
    return 'Failed to confirm email';
  }
  if (route === SET_PASSCODE) return 'Failed to set passcode';
  if (route === PASSCODE_TOKEN || route === ADD_BIOMETRIC) return 'Failed to add biometric';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Playing a path through the screen.

function renderFlow(input: SetPasscodeInput, biometry: HeldBiometry) {
  const base = fakePlatform(input.biometric.inMessenger ? 'mini-app' : 'web', input.biometric.version ?? '8.0');
  const platform: Platform = { ...base, biometry: biometry.biometry };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['public', 'authentication', 'config'], {
    bot_id: 1,
    bot_username: BOT,
    login_url: '/local/login',
    local_mode: false,
  });
  const actor: SetPasscodeActor = createActor(provideSetPasscode({ queryClient, platform }), { input }).start();
  const onDone = vi.fn();
  const result = render(
    <AppProviders
      platform={platform}
      queryClient={queryClient}
      toastActor={createToastActor(platform)}
      session={fakeSession({ status: 'signed-out' })}
    >
      <SetPasscodeView actor={actor} onHaptic={platform.haptic} onDone={onDone} />
      {/* The screen's buttons and back, which the view declares (Telegram's inside the mini app). */}
      <ScreenActionButtons />
    </AppProviders>,
  );
  return { ...result, actor, platform, onDone };
}

function buttonNamed(root: HTMLElement, name: string): HTMLButtonElement | undefined {
  return [...root.querySelectorAll('button')].find(
    (button) => (button.getAttribute('aria-label') ?? button.textContent) === name,
  );
}

function press(root: HTMLElement, name: string): boolean {
  const button = buttonNamed(root, name);
  if (button === undefined || button.disabled) return false;
  fireEvent.click(button);
  return true;
}

function digitsOf(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/** Plays one step as the person (or the server, or time) would, and updates what the test knows. */
async function perform(
  root: HTMLElement,
  flow: ReturnType<typeof renderFlow>,
  biometry: HeldBiometry,
  world: World,
  step: ModelPath<SetPasscodeMachine>['steps'][number],
): Promise<void> {
  const event = step.event;
  if (isTimePass(event)) {
    act(() => void vi.advanceTimersByTime(event.ms));
    world.sinceSent += Math.floor(event.ms / 1000);
    await settle();
    return;
  }
  if (isActorSettle(event)) {
    const route = ROUTE_OF[event.id];
    const biometric = BIOMETRY_OF[event.id];
    if (route !== undefined) {
      const answer = httpAnswer(route, event);
      await act(() => world.server.answer(route, answer));
      if (answer !== NO_ANSWER && answer.status >= 400) world.message = messageFor(route, answer.status);
      else if (route === CONFIRM_EMAIL) {
        world.emailConfirmed = true;
        world.message = null;
      } else if (route === VERIFY_EMAIL) {
        world.message = null;
        world.sinceSent = 0;
        world.entry = '';
      }
    } else if (biometric !== undefined) {
      const value = event.type === 'actor.error' ? 'fails' : event.output === true;
      await act(() => biometry.answer(biometric, value));
      if (biometric === 'storeToken' && value !== true) world.message = 'Failed to add biometric';
    }
    return;
  }
  const boxes = root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]');
  const keypad = root.querySelector('.ui-keypad') !== null;
  const length = boxes ? 6 : 4;
  act(() => {
    switch (event.type) {
      case 'passcode.accept':
        press(root, 'Set a passcode');
        return;
      case 'passcode.dismiss':
        press(root, 'Not now');
        return;
      case 'digit.enter':
        if (keypad && press(root, event.digit)) {
          if (world.entry.length < 4) world.entry += event.digit;
          world.message = null;
        } else if (boxes && !boxes.disabled) {
          fireEvent.change(boxes, { target: { value: world.entry + event.digit } });
          world.entry = digitsOf(world.entry + event.digit, length);
          world.message = null;
        }
        return;
      case 'digit.erase':
        if (keypad && press(root, 'Delete')) world.entry = world.entry.slice(0, -1);
        else if (boxes && world.entry.length > 0 && !boxes.disabled) {
          fireEvent.change(boxes, { target: { value: world.entry.slice(0, -1) } });
          world.entry = world.entry.slice(0, -1);
        }
        return;
      case 'code.paste':
        if (boxes && !boxes.disabled) {
          fireEvent.paste(boxes, { clipboardData: { getData: () => event.text } });
          world.entry = digitsOf(event.text, 6);
          world.message = null;
        } else if (keypad) {
          // The keypad has no paste of its own: on desktop the page takes a pasted passcode.
          flow.actor.send(event);
          world.entry = digitsOf(event.text, 4);
          world.message = null;
        }
        return;
      case 'email.submit': {
        const input = root.querySelector<HTMLInputElement>('input[name="email"]');
        if (input?.form && !input.disabled) {
          fireEvent.change(input, { target: { value: event.email } });
          fireEvent.submit(input.form);
          world.message = EMAIL_PROBLEMS[event.email] ?? null;
        }
        return;
      }
      case 'step.back':
        if (press(root, 'Back')) world.entry = '';
        return;
      case 'code.resend':
        press(root, 'Send a new code');
        return;
      case 'biometric.accept':
        if (press(root, 'Turn on') || press(root, 'Try again')) world.message = null;
        return;
      case 'biometric.decline':
        press(root, 'Skip');
        return;
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
  // Without seconds, a 429 says so, with a way to support (spec 001 s.4 "Lockout").
  if (states.includes('emailCode.input.tooMany') && !previous.includes('emailCode.input.tooMany')) {
    world.message = 'Too many attempts. Contact support.';
  }
  // Back from the code: what was said about the code is not about the form.
  if (states.includes('email.editing') && previous.some((state) => state.startsWith('emailCode'))) world.message = null;
}

function expectState(root: HTMLElement, world: World, states: string[], where: string): void {
  const screen = shown(root);
  for (const state of states) {
    const expectation = EXPECTED[state];
    if (expectation === undefined) throw new Error(`No expectation written for the state ${state}`);
    try {
      expectation(screen, world);
    } catch (error) {
      throw new Error(`${where}, in ${state}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // The message a person reads is the last refusal's, or none; the mismatch and the
  // too-many-attempts texts belong to their states.
  if (!states.includes('confirm.invalid') && !states.includes('completed')) {
    expect(screen.alerts, `${where}: the message`).toEqual(world.message === null ? [] : [world.message]);
  }
}

describe.each(SCENARIOS)('set-passcode screens (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  for (const path of pathsOf(scenario)) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const server = new HeldServer(SECURITY_ROUTES);
      server.install();
      const biometry = new HeldBiometry();
      const input = scenarios[scenario];
      const flow = renderFlow(input, biometry);
      const world: World = { scenario: input, entry: '', message: null, emailConfirmed: false, sinceSent: 0, server };
      let states = leafStates(flow.actor.getSnapshot().value);
      expectState(flow.container, world, states, 'at the start');
      for (const step of path.steps) {
        await perform(flow.container, flow, biometry, world, step);
        const next = leafStates(flow.actor.getSnapshot().value);
        arrive(world, next, states);
        states = next;
        expectState(flow.container, world, states, `after "${describeEvent(step.event)}"`);
      }
      flow.unmount();
      flow.actor.stop();
    });
  }
});

describe('set-passcode rules (spec 001 s.4, s.9)', () => {
  beforeEach(() => {
    vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const NO_BIOMETRICS = { inMessenger: false, version: null, available: false };

  function start(input: Partial<SetPasscodeInput>) {
    const server = new HeldServer(SECURITY_ROUTES);
    server.install();
    const flow = renderFlow(
      { suggestion: 'none', isEmailConfirmed: false, email: null, biometric: NO_BIOMETRICS, ...input },
      new HeldBiometry(),
    );
    const type = (digits: string) =>
      act(() => {
        for (const digit of digits) press(flow.container, digit);
      });
    const title = () => flow.container.querySelector('h1')?.textContent;
    const submitEmail = (value?: string) => {
      const email = flow.container.querySelector<HTMLInputElement>('input[name="email"]');
      const form = email?.form;
      if (!email || !form) throw new Error('No e-mail form');
      if (value !== undefined) fireEvent.change(email, { target: { value } });
      act(() => void fireEvent.submit(form));
    };
    return { server, flow, type, title, submitEmail };
  }

  async function typeCode(flow: ReturnType<typeof renderFlow>, code: string): Promise<void> {
    const boxes = flow.container.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]');
    if (boxes === null) throw new Error('No code boxes');
    for (let length = 1; length <= code.length; length += 1) {
      act(() => void fireEvent.change(boxes, { target: { value: code.slice(0, length) } }));
    }
    await settle();
  }

  it('asks for the backup e-mail and its code before setting a passcode while the e-mail is unconfirmed', async () => {
    const { server, flow, type, title, submitEmail } = start({ isEmailConfirmed: false });
    type('4321');
    expect(title()).toBe('Repeat the passcode');
    type('4321');
    await settle();
    expect(title()).toBe('Add a backup e-mail');
    expect(server.routes()).toEqual([]);

    submitEmail(' Grace@Example.org ');
    await settle();
    expect(server.requests).toEqual([{ route: VERIFY_EMAIL, body: { email: 'grace@example.org' } }]);
    await act(() => server.answer(VERIFY_EMAIL, { status: 200, body: { id: 'code-9' } }));
    expect(title()).toBe('Enter the code');

    await typeCode(flow, '98765');
    expect(server.routes()).toEqual([VERIFY_EMAIL]);
    await typeCode(flow, '987654');
    expect(server.requests.at(-1)).toEqual({ route: CONFIRM_EMAIL, body: { code: '987654', id: 'code-9' } });
    expect(server.routes()).not.toContain(SET_PASSCODE);
    await act(() => server.answer(CONFIRM_EMAIL, { status: 200, body: { result: true } }));
    expect(server.requests.at(-1)).toEqual({ route: SET_PASSCODE, body: { code: '4321' } });
  });

  it('sets the passcode right after the repeat when the e-mail is confirmed already', async () => {
    const { server, type } = start({ isEmailConfirmed: true, email: 'ada@example.com' });
    type('0000');
    type('0000');
    await settle();
    expect(server.requests).toEqual([{ route: SET_PASSCODE, body: { code: '0000' } }]);
  });

  it('clears a wrong repeat, marks it until the next digit, and keeps the first entry', async () => {
    const { server, flow, type } = start({ isEmailConfirmed: true, email: 'ada@example.com' });
    type('1234');
    type('1235');
    expect(shown(flow.container)).toMatchObject({
      title: 'Repeat the passcode',
      dots: 'Digits entered: 0 of 4',
      invalidMark: true,
      alerts: ['The passcodes don’t match. Try again.'],
    });
    type('1');
    expect(shown(flow.container)).toMatchObject({ dots: 'Digits entered: 1 of 4', invalidMark: false, alerts: [] });
    type('234');
    await settle();
    expect(flow.container.textContent).toContain('Saving the passcode…');
    expect(server.requests).toEqual([{ route: SET_PASSCODE, body: { code: '1234' } }]);
  });

  it('goes back from the repeat to a new passcode, forgetting the first entry', async () => {
    const { server, flow, type, title } = start({ isEmailConfirmed: true, email: 'ada@example.com' });
    type('1234');
    act(() => void press(flow.container, 'Back'));
    expect(shown(flow.container)).toMatchObject({ title: 'Create a passcode', dots: 'Digits entered: 0 of 4' });
    type('5678');
    expect(title()).toBe('Repeat the passcode');
    type('5678');
    await settle();
    expect(server.requests).toEqual([{ route: SET_PASSCODE, body: { code: '5678' } }]);
  });

  it('goes back from the e-mail code to the form, which keeps the address', async () => {
    const { server, flow, type, title, submitEmail } = start({ isEmailConfirmed: false, email: null });
    type('1111');
    type('1111');
    submitEmail('ada@example.com');
    await settle();
    await act(() => server.answer(VERIFY_EMAIL, { status: 200, body: { id: 'code-1' } }));
    act(() => void press(flow.container, 'Back'));
    expect(title()).toBe('Add a backup e-mail');
    expect(flow.container.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe('ada@example.com');
  });

  it('lets a new code be asked for 60 s after the last one, counting the seconds down', async () => {
    const { server, flow, type, submitEmail } = start({ isEmailConfirmed: false, email: 'ada@example.com' });
    type('1111');
    type('1111');
    submitEmail();
    await settle();
    await act(() => server.answer(VERIFY_EMAIL, { status: 200, body: { id: 'code-1' } }));
    expect(shown(flow.container).buttons['Send a new code in 01:00']).toBe(false);
    act(() => void vi.advanceTimersByTime(1000));
    expect(shown(flow.container).buttons['Send a new code in 00:59']).toBe(false);
    act(() => void vi.advanceTimersByTime(58_000));
    expect(shown(flow.container).buttons['Send a new code in 00:01']).toBe(false);
    act(() => void vi.advanceTimersByTime(1000));
    expect(shown(flow.container).buttons['Send a new code']).toBe(true);
    act(() => void press(flow.container, 'Send a new code'));
    await settle();
    expect(server.requests.at(-1)).toEqual({ route: VERIFY_EMAIL, body: { email: 'ada@example.com' } });
    await act(() => server.answer(VERIFY_EMAIL, { status: 200, body: { id: 'code-2' } }));
    expect(shown(flow.container).buttons['Send a new code in 01:00']).toBe(false);
  });

  it('waits for the bot confirmation, asking for the settings every 5 s until the passcode is there', async () => {
    const { server, flow, type, title } = start({ isEmailConfirmed: true, email: 'ada@example.com' });
    type('2222');
    type('2222');
    await settle();
    await act(() => server.answer(SET_PASSCODE, { status: 200, body: { result: true } }));
    expect(title()).toBe('Confirm in the bot');
    act(() => void vi.advanceTimersByTime(4999));
    await settle();
    expect(server.routes()).toEqual([SET_PASSCODE]);
    act(() => void vi.advanceTimersByTime(1));
    await settle();
    expect(server.routes()).toEqual([SET_PASSCODE, SETTINGS]);
    await act(() => server.answer(SETTINGS, { status: 200, body: { ...baseSettings, passCode: false } }));
    expect(title()).toBe('Confirm in the bot');
    act(() => void vi.advanceTimersByTime(5000));
    await settle();
    await act(() => server.answer(SETTINGS, { status: 200, body: { ...baseSettings, passCode: true } }));
    expect(title()).toBe('Passcode is on');
    expect(server.routes()).toEqual([SET_PASSCODE, SETTINGS, SETTINGS]);
    act(() => void press(flow.container, 'Done'));
    expect(flow.onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal of the passcode and starts over from a new passcode', async () => {
    const { server, flow, type } = start({ isEmailConfirmed: true, email: 'ada@example.com' });
    type('3333');
    type('3333');
    await settle();
    await act(() => server.answer(SET_PASSCODE, failure(500)));
    expect(shown(flow.container)).toMatchObject({
      title: 'Create a passcode',
      dots: 'Digits entered: 0 of 4',
      alerts: ['Failed to set passcode'],
    });
  });
});
