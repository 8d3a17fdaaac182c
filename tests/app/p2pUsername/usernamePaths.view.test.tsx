/**
 * The username page along every path of the p2pUsername machine
 * (tests/machines/support/p2pUsernameModel.ts: the machine only says which states and transitions
 * exist). The system under test is the whole app at /p2p/profile/name with a fake server that
 * answers the availability check and the change when the path says. Every step is done as the
 * person does it: typing into the field, the main button, the modal's Close. What must hold is
 * written here by hand, one expectation per state: the field and its message, the main button,
 * the request under way and its body, the modal, the toast, where the page went.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnMarketProfile } from '../../../src/contract/p2p-profile.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { isActorSettle, type ModelEvent } from '../../machines/support/model.ts';
import {
  CURRENT,
  describeEvent,
  type UsernameMachine,
  usernamePaths,
} from '../../machines/support/p2pUsernameModel.ts';
import { ownProfile } from '../p2pProfile/fakeP2PProfileApi.ts';
import { baseSettings, ok } from '../support/fakeApi.ts';
import { fieldOf, HELD_SERVER_FAKE_TIMERS, HeldServer, NO_ANSWER, settle } from '../support/heldServer.ts';
import { expectStates, leafStates } from '../support/stateExpectations.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

const CHECK = 'POST /p2p/profile/check-username';
const CHANGE = 'PATCH /p2p/profile';

const TEXT = {
  tooShort: 'Name must be no less than 5 characters',
  taken: 'This username is already taken',
  wrong: 'This username can’t be used. Choose another one.',
  twiceAYear: 'You can change your username only twice a year.',
  failed: 'Failed to change market username.',
};

const profile: OwnMarketProfile = {
  ...ownProfile,
  user: { ...ownProfile.user, username: CURRENT },
  stats: { ...ownProfile.stats, all_time: { completed_orders: 7, completion_percent: 85 } },
};

const settings: UserSettings = { ...baseSettings, feature_flags: { show_p2p: true } };

interface World {
  /** What the field holds. */
  name: string;
  /** Whether a save was tried (length problems show live from then on). */
  submitted: boolean;
  /** The message under the field, or null. */
  problem: string | null;
  /** The error toast shown (it stays: no time passes in these paths), or null. */
  toast: string | null;
  server: HeldServer;
  platform: ReturnType<typeof fakePlatform>;
  router: ReturnType<typeof renderApp>['router'];
}

const pathname = (world: World): string => world.router.state.location.pathname;
const field = (): HTMLInputElement => screen.getByLabelText('Username');

function expectMain(world: World, state: 'pressable' | 'busy' | 'none') {
  const look = world.platform.screenActions.snapshot().main;
  if (state === 'none') {
    expect(look, 'no main action').toBeNull();
    return;
  }
  expect(look?.label).toBe('Save');
  expect(look?.busy, 'Save busy').toBe(state === 'busy');
}

function expectForm(world: World) {
  expect(pathname(world)).toBe('/p2p/profile/name');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Username');
  expect(field().value).toBe(world.name);
  const alerts = screen.queryAllByRole('alert').map((node) => node.textContent);
  expect(alerts, 'the message under the field').toEqual(world.problem === null ? [] : [world.problem]);
  const toasts = screen.queryAllByRole('status').map((node) => node.textContent ?? '');
  expect(
    toasts.some((text) => text.includes(TEXT.failed)),
    'the failure toast',
  ).toBe(world.toast === TEXT.failed);
}

const EXPECTED: Record<string, (world: World) => void> = {
  editing: (world) => {
    expectForm(world);
    expectMain(world, 'pressable');
    expect(field().disabled).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  },
  checking: (world) => {
    expectForm(world);
    expectMain(world, 'busy');
    expect(field().disabled).toBe(true);
    world.server.expectUnderWay(CHECK, { username: world.name });
    expect(world.server.isWaiting(CHANGE)).toBe(false);
  },
  saving: (world) => {
    expectForm(world);
    expectMain(world, 'busy');
    world.server.expectUnderWay(CHANGE, { username: world.name });
  },
  notEnoughOrders: (world) => {
    expectMain(world, 'none');
    const modal = screen.getByRole('dialog');
    expect(within(modal).getByRole('heading').textContent).toBe('Not enough orders yet');
    expect(modal.textContent).toContain(
      'You can change your username after more than 10 completed orders, with at least 80% completed.',
    );
    expect(modal.textContent).toContain('Completed orders7');
    expect(modal.textContent).toContain('Completion rate85%');
  },
  saved: (world) => {
    // Opened from outside the app: Save lands on the profile in place of the page.
    expect(pathname(world)).toBe('/p2p/profile');
    const changes = world.server.requests.filter((request) => request.route === CHANGE);
    // The current name is never sent; another one was sent once, as typed.
    expect(changes.map((request) => request.body)).toEqual(world.name === CURRENT ? [] : [{ username: world.name }]);
  },
  closedToMarket: (world) => {
    expect(pathname(world)).toBe('/p2p');
  },
};

/** The answers reach the screen: fetches need the real event loop, the queries' batching a zero timer. */
async function flushScreen(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await settle();
    });
  }
}

function type(world: World, value: string) {
  act(() => void fireEvent.change(field(), { target: { value } }));
  // The same name again changes nothing on the page: its message stays.
  if (value === world.name) return;
  world.name = value;
  world.problem = world.submitted && value.length < 5 ? TEXT.tooShort : null;
}

async function perform(world: World, event: ModelEvent<UsernameMachine>) {
  if (isActorSettle(event)) {
    if (event.id === 'checkAvailability') {
      if (event.type === 'actor.done') {
        await act(() => world.server.answer(CHECK, ok({ exists: event.output })));
        if (event.output === true) world.problem = TEXT.taken;
      } else {
        await act(() => world.server.answer(CHECK, NO_ANSWER));
        world.problem = TEXT.taken;
      }
    } else if (event.type === 'actor.done') {
      await act(() => world.server.answer(CHANGE, ok({ result: true })));
    } else {
      const status = fieldOf(event.error, 'status');
      const code = fieldOf(event.error, 'reason');
      if (typeof status === 'number') {
        await act(() => world.server.answer(CHANGE, { status, body: { code, message: 'refused' } }));
      } else {
        await act(() => world.server.answer(CHANGE, NO_ANSWER));
      }
      if (code === 'USERNAME_TAKEN') world.problem = TEXT.taken;
      else if (code === 'CANNOT_CHANGE_NOW') world.problem = TEXT.twiceAYear;
      else if (code === 'WRONG_USERNAME') world.problem = TEXT.wrong;
      else if (code !== 'NOT_ENOUGH_ORDERS') world.toast = TEXT.failed;
    }
    await flushScreen();
    return;
  }
  switch (event.type) {
    case 'name.change':
      type(world, event.value);
      break;
    case 'submit':
      expectMain(world, 'pressable');
      act(() => world.platform.screenActions.press('main'));
      world.submitted = true;
      world.problem = world.name.length < 5 ? TEXT.tooShort : null;
      break;
    case 'stats.close':
      act(() => void fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })));
      break;
    default:
      throw new Error(`${event.type} is not done on this page`);
  }
  await flushScreen();
}

beforeEach(() => {
  vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the username page along the p2pUsername paths', () => {
  for (const path of usernamePaths()) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const server = new HeldServer(new Set([CHECK, CHANGE]), (request) => {
        if (request.route === 'GET /user/settings') return ok(settings);
        if (request.route === 'GET /p2p/profile') return ok(profile);
        return undefined;
      });
      server.install();
      const platform = fakePlatform('web');
      const app = renderApp({
        path: '/p2p/profile/name',
        platform,
        session: fakeSession({ status: 'signed-in', settings }),
      });
      const world: World = {
        name: CURRENT,
        submitted: false,
        problem: null,
        toast: null,
        server,
        platform,
        router: app.router,
      };
      const started = Date.now();
      while (screen.queryByLabelText('Username') === null && Date.now() - started < 3000) await flushScreen();
      expectStates(EXPECTED, ['editing'], world, 'at the start');
      for (const step of path.steps) {
        await perform(world, step.event);
        expectStates(EXPECTED, leafStates(step.state.snapshot.value), world, `after "${describeEvent(step.event)}"`);
      }
      app.unmount();
    });
  }
});
