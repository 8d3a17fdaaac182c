/**
 * Ending sessions on the security page, along the paths of the session-end machine
 * (tests/machines/support/sessionEndModel.ts: the machine only says which states and transitions
 * exist). The system under test is the whole app at /account/security with a fake server that
 * answers `DELETE /security/sessions…` when the path says; every step is done on the screen (End,
 * "End all other sessions", the sheet's buttons). What must hold is written here by hand, one
 * expectation per state: the sheet and its texts, which buttons can be pressed, which request is
 * under way, the message after a failure.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityInfo, SessionItem } from '../../../src/contract/security.ts';
import { isActorSettle, type ModelPath } from '../../machines/support/model.ts';
import {
  describeEvent,
  SESSION,
  type SessionEndMachine,
  sessionEndPaths,
} from '../../machines/support/sessionEndModel.ts';
import { baseSettings, ok } from '../support/fakeApi.ts';
import { HeldServer, settle } from '../support/heldServer.ts';
import { expectStates } from '../support/stateExpectations.ts';
import { fakeSession, renderApp } from '../support.tsx';

const END_ONE = `DELETE /security/sessions/${SESSION}`;
const END_OTHERS = 'DELETE /security/sessions';

const info: SecurityInfo = {
  passCode: true,
  passCodePending: false,
  email: 'ada@example.com',
  isEmailConfirmed: true,
  biometric: false,
  lockSeconds: null,
  attemptsExhausted: false,
};

const sessions: SessionItem[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    platform: 'web',
    device: 'Chrome on Windows',
    createdAt: '2026-11-20T08:00:00.000Z',
    lastSeenAt: '2026-11-23T09:30:00.000Z',
    current: true,
  },
  {
    id: SESSION,
    platform: 'mini_app',
    device: 'Telegram iOS',
    createdAt: '2026-11-18T07:00:00.000Z',
    lastSeenAt: '2026-11-22T18:15:00.000Z',
    current: false,
  },
];

/** What the test knows: what was asked about and what the server said last. */
interface World {
  asked: 'one' | 'others' | null;
  failed: boolean;
  /** How many endings had been asked of the server when the sheet opened. */
  endingsBefore: number;
  server: HeldServer;
}

const ENDINGS = new Set([END_ONE, END_OTHERS]);

function sheet(): HTMLElement | null {
  return screen.queryByRole('dialog');
}

function pressable(name: string, within_: HTMLElement = document.body): boolean | null {
  const button = within(within_).queryByRole('button', { name });
  return button === null ? null : !button.hasAttribute('disabled');
}

const FAILURE = 'Couldn’t end the session. Try again.';

const EXPECTED: Record<string, (world: World) => void> = {
  idle: (world) => {
    expect(sheet()).toBeNull();
    expect(pressable('End the session on Telegram iOS')).toBe(true);
    expect(pressable('End all other sessions')).toBe(true);
    expect(screen.queryByText(FAILURE) !== null, 'the failure message').toBe(world.failed);
  },
  confirming: (world) => {
    const dialog = sheet();
    if (dialog === null) throw new Error('no sheet');
    if (world.asked === 'others') {
      expect(within(dialog).getByRole('heading').textContent).toBe('End all other sessions?');
      expect(dialog.textContent).toContain('Every other device is signed out at once.');
      expect(pressable('End all', dialog)).toBe(true);
    } else {
      expect(within(dialog).getByRole('heading').textContent).toBe('End this session?');
      expect(dialog.textContent).toContain('Telegram iOS is signed out at once.');
      expect(pressable('End session', dialog)).toBe(true);
    }
    expect(pressable('Cancel', dialog)).toBe(true);
    // Nothing is ended before the person confirms.
    expect(world.server.routes(ENDINGS)).toHaveLength(world.endingsBefore);
    expect(screen.queryByText(FAILURE)).toBeNull();
  },
  ending: (world) => {
    const dialog = sheet();
    if (dialog === null) throw new Error('no sheet');
    expect(pressable(world.asked === 'others' ? 'End all' : 'End session', dialog)).toBe(false);
    expect(pressable('Cancel', dialog)).toBe(false);
    expect(world.server.isWaiting(world.asked === 'others' ? END_OTHERS : END_ONE)).toBe(true);
  },
};

async function perform(world: World, event: ModelPath<SessionEndMachine>['steps'][number]['event']) {
  if (isActorSettle(event)) {
    const route = world.asked === 'others' ? END_OTHERS : END_ONE;
    world.failed = event.type === 'actor.error';
    await act(() =>
      world.server.answer(
        route,
        world.failed ? { status: 500, body: { code: 'internal_error', message: 'down' } } : ok({ result: true }),
      ),
    );
    world.asked = null;
    return;
  }
  act(() => {
    switch (event.type) {
      case 'session.end':
        fireEvent.click(screen.getByRole('button', { name: 'End the session on Telegram iOS' }));
        world.asked = 'one';
        world.failed = false;
        world.endingsBefore = world.server.routes(ENDINGS).length;
        return;
      case 'sessions.endOthers':
        fireEvent.click(screen.getByRole('button', { name: 'End all other sessions' }));
        world.asked = 'others';
        world.failed = false;
        world.endingsBefore = world.server.routes(ENDINGS).length;
        return;
      case 'confirm.accept': {
        const dialog = sheet();
        if (dialog === null) throw new Error('no sheet to confirm');
        fireEvent.click(
          within(dialog).getByRole('button', { name: world.asked === 'others' ? 'End all' : 'End session' }),
        );
        return;
      }
      case 'confirm.cancel': {
        const dialog = sheet();
        if (dialog === null) throw new Error('no sheet to cancel');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        world.asked = null;
        return;
      }
    }
  });
  await settle();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ending sessions on the security page, along the machine’s paths', () => {
  for (const path of sessionEndPaths()) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      // The list stays as it was: the paths check the asking and the ending, not the refresh.
      const server = new HeldServer(ENDINGS, (request) => {
        if (request.route === 'GET /user/settings') return ok(baseSettings);
        if (request.route === 'GET /security') return ok(info);
        if (request.route === 'GET /security/sessions') return ok({ sessions });
        if (request.route === 'GET /authentication/config') {
          return ok({ bot_id: 1, bot_username: 'kopilka_bot', login_url: '/x', local_mode: false });
        }
        return undefined;
      });
      server.install();
      const app = renderApp({
        path: '/account/security',
        session: fakeSession({ status: 'signed-in', settings: baseSettings }),
      });
      await screen.findByRole('button', { name: 'End the session on Telegram iOS' });
      const world: World = { asked: null, failed: false, endingsBefore: 0, server };
      EXPECTED.idle?.(world);
      for (const step of path.steps) {
        await perform(world, step.event);
        expectStates(EXPECTED, [String(step.state.snapshot.value)], world, `after "${describeEvent(step.event)}"`);
      }
      app.unmount();
    });
  }
});
