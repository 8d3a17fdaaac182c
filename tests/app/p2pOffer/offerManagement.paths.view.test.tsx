/**
 * The offer's pages along every path of the offerManagement machine
 * (tests/machines/support/offerManagementModel.ts: the machine only says which states and
 * transitions exist). The system under test is the whole app at /p2p/offers/42 (the management
 * view) or /p2p/offers/42/price (an edit page) with a fake server that answers the status, the
 * delete and the edit when the path says. Every step is done as the maker does it: the main
 * button, Delete and the modal's buttons, typing the price and Save. What must hold is written
 * here by hand, one expectation per state: the title, the status, the main button, the modal, the
 * request under way and its body, the toast, where the page went.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isActorSettle, type ModelEvent } from '../../machines/support/model.ts';
import {
  describeEvent,
  type OfferManagementMachine,
  offerManagementPaths,
  SCENARIOS,
} from '../../machines/support/offerManagementModel.ts';
import { ok } from '../support/fakeApi.ts';
import { fieldOf, HELD_SERVER_FAKE_TIMERS, HeldServer, NO_ANSWER, settle } from '../support/heldServer.ts';
import { expectStates, leafStates } from '../support/stateExpectations.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { marketAnswer, marketSession, offerFixture, p2pCatalogue } from './offerFixtures.ts';

const STATUS = 'PUT /p2p/offers/42/active';
const DELETE = 'DELETE /p2p/offers/42';
const PRICE = 'PUT /p2p/offers/42/price';

const MESSAGES = {
  tooMany: 'You already have the most active offers allowed. Turn another one offline first.',
  openOrders: 'This offer has open orders. Delete it once they are finished.',
  invalid: 'This value is outside what the market allows.',
  offline: 'No connection. Check your internet and try again.',
};

/** What the server holds now. */
interface Facts {
  /** Whether the offer is online. */
  active: boolean;
  price: string;
  deleted: boolean;
}

interface World extends Facts {
  page: 'management' | 'price';
  /** How many times the maker confirmed the delete. */
  deletes: number;
  /** The last error toast shown, or null. */
  toast: string | null;
  server: HeldServer;
  platform: ReturnType<typeof fakePlatform>;
  router: ReturnType<typeof renderApp>['router'];
}

const heading = (): string => screen.getByRole('heading', { level: 1 }).textContent ?? '';
const pathname = (world: World): string => world.router.state.location.pathname;
const dialog = () => screen.queryByRole('dialog');

function expectMain(world: World, label: string | null, state: 'pressable' | 'busy' | 'disabled' = 'pressable') {
  const look = world.platform.screenActions.snapshot().main;
  if (label === null) {
    expect(look, 'no main action').toBeNull();
    return;
  }
  expect(look?.label).toBe(label);
  expect(look?.busy, `"${label}" busy`).toBe(state === 'busy');
  expect(look?.disabled, `"${label}" disabled`).toBe(state === 'disabled');
}

function expectToast(world: World) {
  const toasts = screen.queryAllByRole('status').map((node) => node.textContent ?? '');
  for (const message of Object.values(MESSAGES)) {
    expect(
      toasts.some((text) => text.includes(message)),
      `the toast "${message}"`,
    ).toBe(world.toast === message);
  }
}

function expectManagement(world: World) {
  expect(pathname(world)).toBe('/p2p/offers/42');
  expect(heading()).toBe('Offer #42');
  const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
  expect(within(header).getByText(world.active ? 'Online' : 'Offline')).toBeTruthy();
  expect(header.textContent).toContain('Sell USDT for RUB');
  expect(screen.queryByRole('button', { name: 'Delete offer' }) !== null, 'Delete shows only while offline').toBe(
    !world.active,
  );
  expectToast(world);
}

function expectPricePage(world: World) {
  expect(pathname(world)).toBe('/p2p/offers/42/price');
  expect(heading()).toBe('Price');
  expectToast(world);
}

const EXPECTED: Record<string, (world: World) => void> = {
  ready: (world) => {
    if (world.page === 'price') {
      expectPricePage(world);
      expectMain(world, 'Save');
      expect(world.server.isWaiting(PRICE)).toBe(false);
      return;
    }
    expectManagement(world);
    expectMain(world, world.active ? 'Turn Offline' : 'Turn Online');
    expect(dialog(), 'no modal').toBeNull();
    expect(world.server.isWaiting(STATUS)).toBe(false);
  },
  switching: (world) => {
    expectManagement(world);
    expectMain(world, world.active ? 'Turn Offline' : 'Turn Online', 'busy');
    world.server.expectUnderWay(STATUS, { active: !world.active });
  },
  confirmingDelete: (world) => {
    expectManagement(world);
    // The modal's buttons are the only actions: no main button beside it.
    expectMain(world, null);
    const modal = dialog();
    expect(modal, 'the modal').not.toBeNull();
    expect(within(modal as HTMLElement).getByRole('heading').textContent).toBe('Delete this offer?');
    expect(within(modal as HTMLElement).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
    // Nothing is deleted by opening the modal: only the confirmations made before it reached the server.
    expect(world.server.routes(new Set([DELETE]))).toHaveLength(world.deletes);
  },
  deleting: (world) => {
    expectMain(world, null);
    const modal = dialog();
    expect(modal, 'the modal').not.toBeNull();
    expect(within(modal as HTMLElement).getByRole('button', { name: 'Deleting…' })).toHaveProperty('disabled', true);
    expect(world.server.isWaiting(DELETE)).toBe(true);
    expect(world.server.routes(new Set([DELETE]))).toHaveLength(world.deletes);
  },
  deleted: (world) => {
    // Opened from outside the app (no history): back goes to the P2P index.
    expect(pathname(world)).toBe('/p2p');
    expect(world.server.routes(new Set([DELETE]))).toHaveLength(world.deletes);
  },
  saving: (world) => {
    expectPricePage(world);
    expectMain(world, 'Save', 'busy');
    world.server.expectUnderWay(PRICE, { price_type: 'fixed', price: '97.5', price_floating_ratio: null });
  },
  saved: (world) => {
    expect(pathname(world)).toBe('/p2p/offers/42');
    expect(heading()).toBe('Offer #42');
    expect(screen.getByText('97.50 ₽')).toBeTruthy();
  },
};

function pressMain(world: World, label: string) {
  expectMain(world, label);
  act(() => world.platform.screenActions.press('main'));
}

/**
 * Lets answers reach the screen: the real event loop for the fetches, and the queries' own
 * notification batching, which runs on a zero-delay timer (faked here): its due timers only,
 * never the 5 s refresh.
 */
async function flushScreen(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await settle();
    });
  }
}

async function perform(world: World, event: ModelEvent<OfferManagementMachine>) {
  if (isActorSettle(event)) {
    await settleCall(world, event.id, event.type === 'actor.done' ? null : event.error);
    return;
  }
  switch (event.type) {
    case 'status.toggle':
      pressMain(world, world.active ? 'Turn Offline' : 'Turn Online');
      break;
    case 'delete.ask':
      act(() => void fireEvent.click(screen.getByRole('button', { name: 'Delete offer' })));
      break;
    case 'delete.confirm':
      world.deletes += 1;
      act(() => void fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Delete' })));
      break;
    case 'delete.cancel':
      act(() => void fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Cancel' })));
      break;
    case 'edit.save':
      act(() => void fireEvent.change(screen.getByLabelText('Price per USDT, RUB'), { target: { value: '97.5' } }));
      pressMain(world, 'Save');
      break;
    default:
      throw new Error(`${event.type} is not done on these pages`);
  }
  await flushScreen();
}

/** The server answers the call under way: done (null) or the model's failure. */
async function settleCall(world: World, id: string, error: unknown) {
  const route = id === 'setActive' ? STATUS : id === 'deleteOffer' ? DELETE : PRICE;
  if (error === null) {
    if (id === 'setActive') world.active = !world.active;
    if (id === 'deleteOffer') world.deleted = true;
    if (id === 'saveEdit') world.price = '97.5';
    const body =
      id === 'saveEdit'
        ? offerFixture({ status: world.active ? 'active' : 'inactive', price: '97.5' })
        : { result: true };
    await act(() => world.server.answer(route, ok(body)));
  } else {
    const status = fieldOf(error, 'status');
    const code = fieldOf(error, 'reason');
    if (typeof status !== 'number') {
      await act(() => world.server.answer(route, NO_ANSWER));
      world.toast = MESSAGES.offline;
    } else {
      await act(() => world.server.answer(route, { status, body: { code, message: 'refused' } }));
      world.toast =
        code === 'too_many_active_offers'
          ? MESSAGES.tooMany
          : code === 'has_open_orders'
            ? MESSAGES.openOrders
            : MESSAGES.invalid;
    }
  }
  // The refreshed offer's answer, and the page that follows.
  await flushScreen();
}

beforeEach(() => {
  vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe.each(SCENARIOS)('the offer’s pages along the offerManagement paths ($name)', ({ set, input }) => {
  for (const path of offerManagementPaths(input, set)) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const facts: { world: World | null; start: Facts } = {
        world: null,
        start: { active: input.active, price: '95.5', deleted: false },
      };
      const now = (): Facts => facts.world ?? facts.start;
      const server = new HeldServer(new Set([STATUS, DELETE, PRICE]), (request) => {
        switch (request.route) {
          case 'GET /user/settings':
            return ok(Reflect.get(marketSession(), 'settings'));
          case 'GET /wallet/asset':
            return ok(p2pCatalogue);
          case 'GET /p2p/offers/42':
            return now().deleted
              ? { status: 404, body: { code: 'offer_not_found', message: 'gone' } }
              : ok(offerFixture({ status: now().active ? 'active' : 'inactive', price: now().price }));
          default:
            return marketAnswer(request.route);
        }
      });
      server.install();
      const platform = fakePlatform('web');
      const page = set === 'edit' ? 'price' : 'management';
      const app = renderApp({
        path: page === 'price' ? '/p2p/offers/42/price' : '/p2p/offers/42',
        platform,
        session: fakeSession(marketSession()),
      });
      const full: World = { ...facts.start, toast: null, deletes: 0, page, server, platform, router: app.router };
      facts.world = full;
      const started = Date.now();
      while (screen.queryByRole('heading', { level: 1 }) === null && Date.now() - started < 3000) {
        await flushScreen();
      }
      // The price page's form is ready once the market's bands are in.
      if (page === 'price') await flushScreen();
      expectStates(EXPECTED, ['ready'], full, 'at the start');
      for (const step of path.steps) {
        await perform(full, step.event);
        expectStates(EXPECTED, leafStates(step.state.snapshot.value), full, `after "${describeEvent(step.event)}"`);
      }
      app.unmount();
    });
  }
});
