/**
 * The live list's side of the merchantPayment machine, replayed on the rendered app (issue 14,
 * TESTING.md): every generated path of the "from the live list" scenario, up to the payment being
 * taken (then its own page takes over), is walked through the screen: a press on a payment, on
 * Take, Cancel or OK; the list changing over the fake socket; the take's answer given by a held
 * fake server. After every step the screen is checked against what that state must show, written
 * by hand below. A step the screen offers no control for (Take with no confirmation open) is a
 * press that cannot happen, and the machine ignores it too.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { P2cListOperation } from '../../../src/contract/p2c.ts';
import {
  describeEvent,
  type MerchantPaymentMachine,
  merchantPaymentPaths,
  SCENARIOS,
} from '../../machines/support/merchantPaymentModel.ts';
import { isActorSettle, type ModelEvent } from '../../machines/support/model.ts';
import { p2pCatalogue } from '../p2pOffer/offerFixtures.ts';
import { ok } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { HeldServer, NO_ANSWER, settle } from '../support/heldServer.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { type FakeSocket, fakeIo, lastSocket, sockets } from './fakeSocket.ts';
import { liveItem, merchantSession, paymentFixture } from './merchantFixtures.ts';

vi.mock('socket.io-client', () => ({ io: fakeIo }));

const TAKE = 'POST /p2c/payments/take/31';

/** What the list says after a refused take, by the server's code, written out by hand. */
const REFUSALS: Record<string, string> = {
  payment_not_pending: 'Another merchant took this payment first, or it expired.',
  p2c_too_many_taken: 'You already have 3 payments to pay. Finish one before taking another.',
  none: 'Couldn’t take the payment. Try again.',
};

type Step = { event: ModelEvent<MerchantPaymentMachine>; state: string; error: string | null };

/**
 * The list scenario's paths that start with the list showing 31 and 32 (as the screen does once
 * the snapshot is in), each cut where the payment is taken (the list's part ends there), without
 * repeats.
 */
function listPaths(): Step[][] {
  const input = SCENARIOS[0]?.input;
  if (input === undefined) throw new Error('no list scenario');
  const seen = new Set<string>();
  const cut: Step[][] = [];
  for (const path of merchantPaymentPaths(input)) {
    const first = path.steps[0]?.event;
    if (first?.type !== 'list.changed' || first.ids.join() !== '31,32') continue;
    const steps: Step[] = [];
    for (const step of path.steps) {
      const { snapshot } = step.state;
      const { error } = snapshot.context;
      steps.push({
        event: step.event,
        state: String(snapshot.value),
        error: error === null ? null : (error.code ?? 'none'),
      });
      if (snapshot.value === 'paying') break;
    }
    const key = JSON.stringify(steps.map((step) => step.event));
    if (!seen.has(key)) {
      seen.add(key);
      cut.push(steps);
    }
  }
  return cut;
}

interface World {
  socket: FakeSocket;
  server: HeldServer;
  /** The ids the list holds now, in order. */
  ids: number[];
  seq: number;
}

function press(name: string) {
  const button = screen.queryByRole('button', { name });
  if (button !== null) act(() => void fireEvent.click(button));
}

async function perform(world: World, event: ModelEvent<MerchantPaymentMachine>) {
  if (isActorSettle(event)) {
    if (event.type === 'actor.done') await world.server.answer(TAKE, ok(paymentFixture()));
    else {
      const reason = Reflect.get(Object(event.error), 'reason');
      const status = Reflect.get(Object(event.error), 'status');
      await world.server.answer(
        TAKE,
        typeof status === 'number' ? { status, body: { code: reason, message: 'refused' } } : NO_ANSWER,
      );
    }
    await act(() => settle());
    return;
  }
  switch (event.type) {
    case 'take.start': {
      // A payment is pressed only while it is on the list.
      const row = screen.queryAllByRole('button', { name: /^1\u00a0500/ })[0];
      if (row !== undefined) act(() => void fireEvent.click(row));
      break;
    }
    case 'take.confirm':
      press('Take');
      break;
    case 'take.dismiss':
      press('Cancel');
      break;
    case 'error.dismiss':
      press('OK');
      break;
    case 'list.changed': {
      world.seq += 1;
      const wanted = event.ids;
      const operations: P2cListOperation[] = [];
      const position = world.ids.indexOf(31);
      if (position >= 0 && !wanted.includes(31)) {
        operations.push({ op: 'remove', pos: position });
        world.ids.splice(position, 1);
      } else if (position < 0 && wanted.includes(31)) {
        operations.push({ op: 'add', data: liveItem(31) });
        world.ids.push(31);
      }
      act(() => world.socket.serve('list:update', { seq: world.seq, operations }));
      break;
    }
    default:
      // The payment's page's events (receipt, account, mark paid, its refresh) have no control here.
      break;
  }
  await act(() => settle());
}

/** What the list shows in each state, by hand. */
function expectShown(world: World, step: Step, router: { state: { location: { pathname: string } } }) {
  const dialog = screen.queryByText('Take this payment?');
  switch (step.state) {
    case 'browsing':
      expect(router.state.location.pathname).toBe('/p2c/orders');
      expect(dialog).toBeNull();
      if (step.error === null) expect(screen.queryByRole('alert')).toBeNull();
      else expect(screen.getByRole('alert').textContent).toBe(`${REFUSALS[step.error]}OK`);
      break;
    case 'confirmingTake':
      expect(dialog).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Take' }).hasAttribute('disabled')).toBe(false);
      expect(world.server.isWaiting(TAKE)).toBe(false);
      break;
    case 'taking':
      expect(dialog).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Take' }).getAttribute('aria-busy')).toBe('true');
      expect(world.server.isWaiting(TAKE)).toBe(true);
      break;
    case 'paying':
      expect(router.state.location.pathname).toBe('/p2c/orders/31');
      break;
    default:
      throw new Error(`the list never shows ${step.state}`);
  }
}

fakeTimersForEachTest();
beforeEach(() => {
  sockets.opened.length = 0;
});

describe('the live list along the merchantPayment machine’s paths', () => {
  const paths = listPaths();

  it('walks a fixed number of the list’s paths (a tripwire)', () => {
    expect(paths.length).toBe(34);
  });

  for (const path of paths) {
    it(`when ${path.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const server = new HeldServer(new Set([TAKE]), (request) => {
        if (request.route === 'GET /wallet/asset') return ok(p2pCatalogue);
        if (request.route === 'GET /p2c/payments/31') return ok({ role: 'merchant', payment: paymentFixture() });
        if (request.route === 'GET /p2c/accounts') return ok({ accounts: [] });
        return undefined;
      });
      server.install();
      const { router } = renderApp({
        path: '/p2c/orders',
        platform: fakePlatform('web'),
        session: fakeSession(merchantSession()),
      });
      await shows('Payments to take');
      const socket = lastSocket();
      act(() => socket.serve('connect'));
      act(() => socket.serve('list:snapshot', { seq: 1, items: [liveItem(31), liveItem(32, { fiat_amount: '250' })] }));
      await shows('2 payments waiting');
      const world: World = { socket, server, ids: [31, 32], seq: 1 };
      for (const [index, step] of path.entries()) {
        // The first step, the list showing 31 and 32, is the snapshot already on screen.
        if (index > 0) await perform(world, step.event);
        try {
          expectShown(world, step, router);
        } catch (thrown) {
          throw new Error(`after ${describeEvent(step.event)} (${step.state}): ${String(thrown)}`);
        }
      }
    });
  }
});
