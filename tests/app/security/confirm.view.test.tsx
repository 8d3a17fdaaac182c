/**
 * The passcode confirmation as a person meets it (`/passcode/{id}`, the withdraw flow's passcode
 * step, the biometric offer), along the paths of the passcode-confirm machine.
 *
 * The machine's model (tests/machines/support/passcodeConfirmModel.ts) only says which states
 * and transitions exist; the paths walk all of them. The system under test is the rendered
 * `PasscodeConfirmView` on the machine as the app provides it (`providePasscodeConfirm`: the real
 * calls through the real HTTP client, the device id and the local storage), a fake server whose
 * answers the path decides (a step "the passcode check fails with a 404" is the server answering
 * 404), and a fake messenger biometry (Face ID answers when the path says).
 *
 * What must hold is written here by hand from spec 001 s.4, s.8, s.9 and issue 9: one
 * expectation per state in `EXPECTED` (texts, the keypad and its keys, the dots, the countdown,
 * the links, what reached the server with which body, what was stored), and the message each
 * failure must show. Nothing here reads the machine's context or compares it with itself.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Biometry, Platform } from '../../../src/app/platform/types.ts';
import {
  type PasscodeConfirmActor,
  PasscodeConfirmView,
} from '../../../src/app/ui/passcodeConfirm/PasscodeConfirmView.tsx';
import {
  biometricSuggestedKey,
  loadPasscodeCalls,
  providePasscodeConfirm,
} from '../../../src/app/ui/passcodeConfirm/passcodeConfirm.ts';
import {
  type ActorSettle,
  coverageOf,
  initialModelState,
  isActorSettle,
  isTimePass,
  type ModelPath,
} from '../../machines/support/model.ts';
import {
  describeEvent,
  HASH,
  modelMachine,
  type PasscodeConfirmMachine,
  type PasscodeConfirmScenario,
  passcodeConfirmPaths,
  scenarios,
} from '../../machines/support/passcodeConfirmModel.ts';
import { LOCK_SECONDS, NOW } from '../../machines/support/passcodeModel.ts';
import type { Answer } from '../support/fakeApi.ts';
import { renderFlowView } from '../support/flowView.tsx';
import { HELD_SERVER_FAKE_TIMERS, HeldServer, NO_ANSWER, settle } from '../support/heldServer.ts';
import { expectStates, leafStates } from '../support/stateExpectations.ts';
import { fakePlatform } from '../support.tsx';

const SCENARIOS: readonly PasscodeConfirmScenario[] = [
  'keypad only',
  'biometrics enabled',
  'biometrics to suggest',
  'still locked after a reload',
];
const paths = new Map(SCENARIOS.map((scenario) => [scenario, passcodeConfirmPaths(scenario)]));
const pathsOf = (scenario: PasscodeConfirmScenario): Array<ModelPath<PasscodeConfirmMachine>> =>
  paths.get(scenario) ?? [];

const PASSCODE_TOKEN = 'POST /security/pass-code/token';
const BIOMETRIC_TOKEN = 'POST /security/biometric/token';
const ADD_BIOMETRIC = 'POST /security/biometric';
const HELD = new Set([PASSCODE_TOKEN, BIOMETRIC_TOKEN, ADD_BIOMETRIC]);
const FACE_TOKEN = 'stored-face-id-token';

// ---------------------------------------------------------------------------------------------
// The outside world: the messenger's biometry (Face ID answers when told) and local storage.

class FakeBiometry {
  readonly reasons: string[] = [];
  stored: string | null = null;
  private answerAuth: ((token: string | null) => void) | null = null;

  readonly biometry: Biometry = {
    isAvailable: () => Promise.resolve(true),
    accessGranted: () => Promise.resolve(true),
    requestAccess: () => Promise.resolve(true),
    authenticate: (reason) => {
      this.reasons.push(reason);
      return new Promise((resolve) => {
        this.answerAuth = resolve;
      });
    },
    storeToken: (token) => {
      this.stored = token;
      return Promise.resolve(true);
    },
    removeToken: () => Promise.resolve(true),
    openSettings: () => {},
  };

  async face(token: string | null): Promise<void> {
    if (this.answerAuth === null) throw new Error('Face ID was not asked');
    this.answerAuth(token);
    this.answerAuth = null;
    await settle();
  }
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

// ---------------------------------------------------------------------------------------------
// What the test knows without asking the machine.

interface World {
  scenario: PasscodeConfirmScenario;
  /** The digits on the keypad now. */
  entry: string;
  /** The passcode last submitted (4 digits). */
  submitted: string;
  /** The seconds the countdown must show. */
  lockLeft: number;
  /** Attempts left as the last refusal said. */
  attemptsLeft: number | null;
  /** The message a step's failure must show (checked right after that step). */
  message: string | null;
  /** Biometrics were turned on by accepting the offer. */
  enabled: boolean;
  server: HeldServer;
  biometry: FakeBiometry;
  storage: Storage;
}

function text(): string {
  return document.body.textContent ?? '';
}

function keypad(): HTMLElement | null {
  return document.querySelector('.ui-keypad');
}

function keypadUsable(): boolean {
  const pad = keypad();
  if (pad === null || pad.getAttribute('aria-hidden') === 'true') return false;
  const one = within(pad).getByRole('button', { name: '1' });
  return !one.hasAttribute('disabled');
}

function keypadHidden(): boolean {
  const pad = keypad();
  return pad === null || pad.getAttribute('aria-hidden') === 'true';
}

function dots(): string | null {
  return document.querySelector('.ui-dots')?.getAttribute('aria-label') ?? null;
}

function link(name: string): string | null {
  return screen.queryByRole('link', { name })?.getAttribute('href') ?? null;
}

function button(name: string): HTMLButtonElement | null {
  return screen.queryByRole('button', { name });
}

/** The way home once confirmed: the screen's main action (Telegram's MainButton in the mini app). */
function goHome(): HTMLElement | null {
  return button('Go to the wallet') ?? screen.queryByRole('link', { name: 'Go to the wallet' });
}

function expectForgotPasscode(): void {
  expect(link('Forgot passcode?'), '"Forgot passcode?"').toBe('/account/security/passcode/change');
}

const keypadScreen = (world: World) => {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your passcode');
  expectForgotPasscode();
  // The Face ID key is there exactly when biometrics are on for this device.
  expect(button('Confirm with biometrics') !== null, 'the Face ID key').toBe(world.scenario === 'biometrics enabled');
};

type Expectation = (world: World) => void;

/** One expectation per state of the machine, written from the spec, not from the machine. */
const EXPECTED: Record<string, Expectation> = {
  starting: () => {
    throw new Error('starting is transient and never rests');
  },
  biometricWaiting: (world) => {
    keypadScreen(world);
    expect(keypadUsable()).toBe(true);
    expect(dots()).toBe('Digits entered: 0 of 4');
    expect(world.biometry.reasons).toEqual([]);
  },
  biometric: (world) => {
    keypadScreen(world);
    // Face ID is asking: the keys wait.
    expect(keypadUsable()).toBe(false);
    expect(world.biometry.reasons.at(-1)).toBe('Confirm the operation');
  },
  'entry.idle': (world) => {
    keypadScreen(world);
    expect(keypadUsable()).toBe(true);
    expect(dots()).toBe(`Digits entered: ${world.entry.length} of 4`);
    expect(document.querySelector('.ui-dots--invalid')).toBeNull();
    if (world.attemptsLeft !== null) expect(text()).toContain('Wrong passcode. 3 attempts left.');
  },
  'entry.invalid': (world) => {
    keypadScreen(world);
    expect(dots()).toBe('Digits entered: 0 of 4');
    expect(document.querySelector('.ui-dots--invalid')).not.toBeNull();
    if (world.attemptsLeft !== null) expect(text()).toContain('Wrong passcode. 3 attempts left.');
  },
  submitting: (world) => {
    keypadScreen(world);
    expect(keypadUsable()).toBe(false);
    expect(world.server.isWaiting(PASSCODE_TOKEN)).toBe(true);
    expect(world.server.last(PASSCODE_TOKEN)?.body).toEqual({
      code: world.submitted,
      transactionType: 'p2p',
      hash: HASH,
    });
  },
  locked: (world) => {
    expect(keypadHidden()).toBe(true);
    expect(text()).toContain('Too many wrong attempts. Entry is paused, try again in');
    expect(screen.getByRole('timer').textContent).toBe(`00:00:0${world.lockLeft}`);
    // Issue 9: the way to a new passcode stays open during a lockout.
    expectForgotPasscode();
  },
  tooMany: () => {
    expect(keypad()).toBeNull();
    expect(text()).toContain('Too many attempts. Contact support.');
    expect(link('Contact support')).toBe('/help');
    expectForgotPasscode();
  },
  suggesting: (world) => {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmed');
    const offer = screen.getByRole('dialog', { name: 'Confirm with biometrics?' });
    expect(within(offer).getByRole('button', { name: 'Use biometrics' })).toHaveProperty('disabled', false);
    expect(within(offer).getByRole('button', { name: 'Not now' })).toHaveProperty('disabled', false);
    // Nothing leaves the screen until the person answers (a withdrawal goes on only after).
    expect(goHome()).toBeNull();
    // Spec 001 s.3: the date of the suggestion is kept locally.
    expect(world.storage.getItem(biometricSuggestedKey)).toBe('2026-01-15T00:00:00.000Z');
  },
  enrolling: (world) => {
    const offer = screen.getByRole('dialog', { name: 'Confirm with biometrics?' });
    expect(within(offer).getByRole('button', { name: 'Use biometrics' })).toHaveProperty('disabled', true);
    expect(within(offer).getByRole('button', { name: 'Not now' })).toHaveProperty('disabled', true);
    // Turning them on spends the passcode just typed on an addBiometric token (any fresh hash).
    expect(world.server.last(PASSCODE_TOKEN)?.body).toEqual({
      code: world.submitted,
      transactionType: 'addBiometric',
      hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  },
  confirmed: (world) => {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmed');
    expect(goHome()).not.toBeNull();
    expect(text().includes('Biometrics are on: next time confirm with your face or fingerprint.')).toBe(world.enabled);
    if (world.enabled) expect(world.biometry.stored).toBe('bio-token');
  },
};

// ---------------------------------------------------------------------------------------------
// Playing a path through the screen.

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}

/** The server's refusal for a model failure `{ status, seconds?, attemptsLeft? }`, or no answer. */
function refusal(error: unknown): Answer | typeof NO_ANSWER {
  const status = field(error, 'status');
  if (typeof status !== 'number') return NO_ANSWER;
  const seconds = field(error, 'seconds');
  const attemptsLeft = field(error, 'attemptsLeft');
  const data =
    typeof seconds === 'number' ? { seconds } : typeof attemptsLeft === 'number' ? { attemptsLeft } : undefined;
  return { status, body: { code: `refused_${status}`, message: 'refused', ...(data ? { data } : {}) } };
}

/** What a refused passcode check must say (spec 001 s.8): nothing on a 403 or a 429. */
function passcodeMessage(status: unknown): string | null {
  if (status === 403 || status === 429) return null;
  if (status === 404) return 'No passcode is set yet';
  return 'Couldn’t check the passcode. Try again.';
}

async function settleCall(world: World, event: ActorSettle): Promise<void> {
  const { server, biometry } = world;
  if (event.id === 'confirmPasscode') {
    if (event.type === 'actor.done') {
      await act(() => server.answer(PASSCODE_TOKEN, { status: 200, body: { token: 'confirmation-token' } }));
      world.entry = '';
      return;
    }
    await act(() => server.answer(PASSCODE_TOKEN, refusal(event.error)));
    const status = field(event.error, 'status');
    world.entry = '';
    world.message = passcodeMessage(status);
    const left = field(event.error, 'attemptsLeft');
    world.attemptsLeft = status === 403 && typeof left === 'number' ? left : null;
    if (status === 429) world.lockLeft = LOCK_SECONDS;
    return;
  }
  if (event.id === 'authenticateBiometric') {
    if (event.type === 'actor.done' && event.output === null) {
      await act(() => biometry.face(null));
      return;
    }
    await act(() => biometry.face(FACE_TOKEN));
    expect(server.last(BIOMETRIC_TOKEN)?.body, 'the biometric token exchange').toEqual({
      deviceId: expect.any(String),
      token: FACE_TOKEN,
      transactionType: 'p2p',
      hash: HASH,
    });
    if (event.type === 'actor.done') {
      await act(() => server.answer(BIOMETRIC_TOKEN, { status: 200, body: { token: 'confirmation-token' } }));
      return;
    }
    await act(() => server.answer(BIOMETRIC_TOKEN, refusal(event.error)));
    world.message = 'Failed to verify biometric';
    return;
  }
  // enrolBiometric: an addBiometric token for the passcode, then the biometric token.
  await act(() => server.answer(PASSCODE_TOKEN, { status: 200, body: { token: 'add-token' } }));
  expect(server.last(ADD_BIOMETRIC)?.body).toEqual({
    deviceId: expect.any(String),
    passCodeConfirmationToken: 'add-token',
  });
  if (event.type === 'actor.done') {
    await act(() => server.answer(ADD_BIOMETRIC, { status: 200, body: { token: 'bio-token' } }));
    world.enabled = true;
    return;
  }
  await act(() => server.answer(ADD_BIOMETRIC, { status: 500, body: { code: 'internal', message: 'down' } }));
  world.message = 'Failed to add biometric';
}

async function perform(
  actor: PasscodeConfirmActor,
  world: World,
  step: ModelPath<PasscodeConfirmMachine>['steps'][number],
) {
  const { event } = step;
  if (isTimePass(event)) {
    act(() => vi.advanceTimersByTime(event.ms));
    world.lockLeft = Math.max(0, world.lockLeft - Math.floor(event.ms / 1000));
    await settle();
    return;
  }
  if (isActorSettle(event)) {
    await settleCall(world, event);
    return;
  }
  act(() => {
    switch (event.type) {
      case 'digit.enter': {
        const pad = keypad();
        const key = pad === null ? null : within(pad).queryByRole('button', { name: event.digit });
        if (key !== null && !key.hasAttribute('disabled') && pad?.getAttribute('aria-hidden') !== 'true') {
          fireEvent.click(key);
          if (world.entry.length < 4) world.entry += event.digit;
        } else {
          actor.send(event);
        }
        return;
      }
      case 'digit.erase': {
        const erase = button('Delete');
        if (erase !== null && !erase.disabled) {
          fireEvent.click(erase);
          world.entry = world.entry.slice(0, -1);
        } else {
          actor.send(event);
        }
        return;
      }
      case 'code.paste': {
        fireEvent.paste(document, { clipboardData: { getData: () => event.text } });
        if (keypadUsable()) world.entry = event.text.replace(/\D/g, '').slice(0, 4);
        return;
      }
      case 'biometric.start': {
        const key = button('Confirm with biometrics');
        if (key !== null && !key.disabled) {
          fireEvent.click(key);
          world.entry = '';
        } else actor.send(event);
        return;
      }
      case 'biometric.accept': {
        const accept = button('Use biometrics');
        if (accept !== null && !accept.disabled) fireEvent.click(accept);
        else actor.send(event);
        return;
      }
      case 'biometric.decline': {
        const decline = button('Not now');
        if (decline !== null && !decline.disabled) fireEvent.click(decline);
        else actor.send(event);
        return;
      }
    }
  });
  if (world.entry.length === 4) {
    world.submitted = world.entry;
  }
  await settle();
}

async function renderConfirm(scenario: PasscodeConfirmScenario) {
  const server = new HeldServer(HELD);
  server.install();
  const biometry = new FakeBiometry();
  const storage = memoryStorage();
  const base = fakePlatform('mini-app', '8.0');
  const platform: Platform = { ...base, biometry: biometry.biometry };
  const actor: PasscodeConfirmActor = createActor(
    providePasscodeConfirm(platform, storage, () => NOW),
    {
      input: scenarios[scenario],
    },
  ).start();
  await renderFlowView(<PasscodeConfirmView actor={actor} />);
  const world: World = {
    scenario,
    entry: '',
    submitted: '',
    lockLeft: scenario === 'still locked after a reload' ? LOCK_SECONDS : 0,
    attemptsLeft: null,
    message: null,
    enabled: false,
    server,
    biometry,
    storage,
  };
  return { actor, world };
}

describe('the paths reach every state and transition', () => {
  it('covers the machine', () => {
    const all = SCENARIOS.flatMap(pathsOf);
    const starts = SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario]));
    const coverage = coverageOf(modelMachine, starts, all);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe.each(SCENARIOS)('the passcode confirmation on screen (%s)', (scenario) => {
  // The calls load with the view (passcodeConfirm.ts, `loadPasscodeCalls`); here they have arrived,
  // as in the app once the keypad has shown for a moment, so a submit's request leaves at once.
  beforeAll(async () => {
    await loadPasscodeCalls();
  });
  beforeEach(() => {
    vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  for (const path of pathsOf(scenario)) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const { actor, world } = await renderConfirm(scenario);
      expectStates(EXPECTED, leafStates(actor.getSnapshot().value), world, 'at the start');
      for (const step of path.steps) {
        world.message = null;
        await perform(actor, world, step);
        const where = `after "${describeEvent(step.event)}"`;
        expectStates(EXPECTED, leafStates(actor.getSnapshot().value), world, where);
        if (world.message !== null) expect(text(), `${where}: the message`).toContain(world.message);
      }
      actor.stop();
    });
  }
});
