/**
 * Turning biometrics on (/account/security/biometrics) along the paths of the enrolment machine
 * (tests/machines/support/biometricEnrolmentModel.ts: the machine only says which states and
 * transitions exist). The system under test is the rendered `BiometricEnrolmentView` on the
 * machine as the app provides it (`provideBiometricEnrolment`: the passcode screen, the real calls
 * through the real HTTP client), a fake server and a fake messenger biometry that answer when the
 * path says. One expectation per state, written by hand from spec 001 s.4 and
 * docs/security-app.md: the texts, the screen's actions, what reached the server, what the
 * messenger was asked and stored.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  type BiometricEnrolmentActor,
  BiometricEnrolmentView,
} from '../../../src/app/features/security/BiometricEnrolmentView.tsx';
import { provideBiometricEnrolment } from '../../../src/app/features/security/biometricEnrolment.ts';
import type { Biometry, Platform } from '../../../src/app/platform/types.ts';
import {
  type BiometricEnrolmentMachine,
  biometricEnrolmentPaths,
  describeEvent,
  HASH,
  INPUT,
  PASSCODE,
} from '../../machines/support/biometricEnrolmentModel.ts';
import { isActorSettle, isTimePass, type ModelPath } from '../../machines/support/model.ts';
import { renderFlowView } from '../support/flowView.tsx';
import { HELD_SERVER_FAKE_TIMERS, HeldServer, settle } from '../support/heldServer.ts';
import { expectStates } from '../support/stateExpectations.ts';
import { fakePlatform } from '../support.tsx';

const PASSCODE_TOKEN = 'POST /security/pass-code/token';
const ADD_BIOMETRIC = 'POST /security/biometric';

type Ask = 'accessGranted' | 'requestAccess' | 'storeToken';

/** The messenger's biometry: each question waits for the test's answer. */
class HeldBiometry {
  readonly asked: Ask[] = [];
  readonly stored: string[] = [];
  settingsOpened = 0;
  private readonly waiting = new Map<Ask, (answer: boolean | 'fails') => void>();

  readonly biometry: Biometry = {
    isAvailable: () => Promise.resolve(true),
    accessGranted: () => this.hold('accessGranted'),
    requestAccess: () => this.hold('requestAccess'),
    authenticate: () => Promise.resolve(null),
    storeToken: (token) => {
      this.stored.push(token);
      return this.hold('storeToken');
    },
    removeToken: () => Promise.resolve(true),
    openSettings: () => {
      this.settingsOpened += 1;
    },
  };

  private hold(ask: Ask): Promise<boolean> {
    this.asked.push(ask);
    return new Promise((resolve, reject) =>
      this.waiting.set(ask, (answer) => (answer === 'fails' ? reject(new Error(ask)) : resolve(answer))),
    );
  }

  async answer(ask: Ask, answer: boolean | 'fails'): Promise<void> {
    const reply = this.waiting.get(ask);
    if (reply === undefined) throw new Error(`The messenger was not asked ${ask} (asked: ${this.asked.join(', ')})`);
    this.waiting.delete(ask);
    reply(answer);
    await settle();
  }
}

interface World {
  server: HeldServer;
  biometry: HeldBiometry;
  /** Times the settings were opened because access was refused. */
  refusals: number;
  added: boolean;
}

function title(): string | null {
  return screen.queryByRole('heading', { level: 1 })?.textContent ?? null;
}

function action(name: string): boolean | null {
  const button = screen.queryByRole('button', { name });
  return button === null ? null : !button.hasAttribute('disabled');
}

const EXPECTED: Record<string, (world: World) => void> = {
  confirming: () => {
    expect(title()).toBe('Enter your passcode');
    expect(screen.getByRole('group', { name: 'Keypad' })).toBeTruthy();
    expect(action('Try again')).toBeNull();
  },
  access: (world) => {
    expect(screen.getByText('Turning biometrics on…')).toBeTruthy();
    // The passcode was confirmed for addBiometric with this visit's hash.
    expect(world.server.last(PASSCODE_TOKEN)?.body).toEqual({
      code: PASSCODE,
      transactionType: 'addBiometric',
      hash: HASH,
    });
    expect(world.biometry.asked.at(-1)).toMatch(/^(accessGranted|requestAccess)$/);
  },
  denied: (world) => {
    expect(title()).toBe('No access to biometrics');
    expect(
      screen.getByText('Kopilka has no access to biometrics. Allow it in the settings that opened, then try again.'),
    ).toBeTruthy();
    expect(action('Try again')).toBe(true);
    expect(action('Cancel')).toBe(true);
    expect(world.biometry.settingsOpened).toBe(world.refusals);
  },
  enrolling: (world) => {
    expect(screen.getByText('Turning biometrics on…')).toBeTruthy();
    expect(world.server.isWaiting(ADD_BIOMETRIC)).toBe(true);
    expect(world.server.last(ADD_BIOMETRIC)?.body).toEqual({
      deviceId: expect.any(String),
      passCodeConfirmationToken: 'add-biometric-token',
    });
  },
  failed: () => {
    expect(title()).toBe('Biometrics are still off');
    expect(screen.getByRole('alert').textContent).toBe('Failed to add biometric');
    expect(screen.getByText('Enter the passcode again to try once more.')).toBeTruthy();
    expect(action('Try again')).toBe(true);
    expect(action('Cancel')).toBe(true);
  },
  enrolled: (world) => {
    expect(world.added).toBe(true);
    expect(world.biometry.stored.at(-1)).toBe('bio-token');
  },
  cancelled: (world) => {
    expect(title()).toBeNull();
    expect(world.biometry.stored).toEqual([]);
  },
};

async function perform(
  actor: BiometricEnrolmentActor,
  world: World,
  event: ModelPath<BiometricEnrolmentMachine>['steps'][number]['event'],
) {
  const { server, biometry } = world;
  if (isActorSettle(event)) {
    switch (event.id) {
      case 'passcodeConfirm': {
        const keypad = screen.getByRole('group', { name: 'Keypad' });
        act(() => {
          for (const digit of PASSCODE) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
        });
        await settle();
        await act(() => server.answer(PASSCODE_TOKEN, { status: 200, body: { token: 'add-biometric-token' } }));
        return;
      }
      case 'ensureAccess':
        if (event.type === 'actor.done' && event.output === true) {
          await act(() => biometry.answer('accessGranted', true));
        } else {
          const fails = event.type === 'actor.error';
          await act(() => biometry.answer('accessGranted', fails ? 'fails' : false));
          await act(() => biometry.answer('requestAccess', fails ? 'fails' : false));
          world.refusals += 1;
        }
        return;
      case 'enrol':
        if (event.type === 'actor.done') {
          await act(() => server.answer(ADD_BIOMETRIC, { status: 200, body: { token: 'bio-token' } }));
          await act(() => biometry.answer('storeToken', true));
          world.added = true;
        } else {
          await act(() =>
            server.answer(ADD_BIOMETRIC, { status: 500, body: { code: 'internal_error', message: 'down' } }),
          );
        }
        return;
    }
  }
  if (isTimePass(event)) throw new Error('the enrolment has no timers');
  const name = event.type === 'enrolment.retry' ? 'Try again' : 'Cancel';
  const button = screen.queryByRole('button', { name });
  if (button !== null && !button.hasAttribute('disabled')) act(() => void fireEvent.click(button));
  else act(() => actor.send(event));
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('turning biometrics on, along the enrolment machine’s paths', () => {
  for (const path of biometricEnrolmentPaths()) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const server = new HeldServer(new Set([PASSCODE_TOKEN, ADD_BIOMETRIC]));
      server.install();
      const biometry = new HeldBiometry();
      const platform: Platform = { ...fakePlatform('mini-app', '8.0'), biometry: biometry.biometry };
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const actor: BiometricEnrolmentActor = createActor(
        provideBiometricEnrolment({ queryClient, platform, storage: null }),
        { input: INPUT },
      ).start();
      await renderFlowView(<BiometricEnrolmentView actor={actor} />);
      const world: World = { server, biometry, refusals: 0, added: false };
      EXPECTED.confirming?.(world);
      for (const step of path.steps) {
        await perform(actor, world, step.event);
        expectStates(EXPECTED, [String(actor.getSnapshot().value)], world, `after "${describeEvent(step.event)}"`);
      }
      actor.stop();
    });
  }
});
