/**
 * The payment page's side of the merchantPayment machine, replayed on the rendered app (issue 14,
 * TESTING.md): every generated path of "a taken payment with its receipt and an account" is walked
 * through /p2c/orders/31: Mark paid (Telegram's MainButton), Yes, I paid, Cancel, OK; mark paid's
 * answer given by a held fake server; the payment changing on the server, seen at the page's next
 * 5-second refresh. After every step the screen is checked against what that state must show,
 * written by hand below. Steps the page has no control for when they would change something (a
 * receipt uploaded again, an account chosen again, after the server refused them) are the
 * receipt and account pages' own, tested there; paths with them are left out.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { P2cMerchantPayment } from '../../../src/contract/p2c.ts';
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
import { card, merchantSession, paymentFixture } from './merchantFixtures.ts';

const PAID = 'POST /p2c/payments/31/paid';

const receipt = {
  id: 'chk_1',
  name: 'receipt.pdf',
  media_type: 'application/pdf',
  size: 52000,
  uploaded_at: '2026-03-10T12:01:00Z',
};
const processing = paymentFixture({ check: receipt });
const completed = paymentFixture({
  status: 'completed',
  method: 'qr-paid',
  deadline_at: null,
  check: receipt,
  account: { id: 5, bank_name: 'Tinkoff', number_last4: '4417' },
});
const canceled = paymentFixture({ status: 'canceled', deadline_at: null, check: receipt });

/** What the page says after a refused mark paid, by the server's code, written out by hand. */
const REFUSALS: Record<string, string> = {
  check_required: 'Upload the bank’s receipt first.',
  account_not_active: 'That account is not active. Choose another.',
  none: 'Couldn’t mark the payment paid. Try again.',
};

interface Step {
  event: ModelEvent<MerchantPaymentMachine>;
  state: string;
  error: string | null;
  ready: boolean;
}

/** The scenario's paths whose every step the page can take (see above). */
function pagePaths(): Step[][] {
  const input = SCENARIOS[2]?.input;
  if (input === undefined) throw new Error('no scenario');
  const paths: Step[][] = [];
  for (const path of merchantPaymentPaths(input)) {
    const steps: Step[] = [];
    let replayable = true;
    let before = { hasCheck: true, accountId: 5 as number | null };
    for (const step of path.steps) {
      const { context, value } = step.state.snapshot;
      const changed = context.hasCheck !== before.hasCheck || context.accountId !== before.accountId;
      const { event } = step;
      if (
        changed &&
        (event.type === 'check.uploaded' || event.type === 'account.choose' || event.type === 'payment.sync')
      ) {
        replayable = false;
        break;
      }
      before = { hasCheck: context.hasCheck, accountId: context.accountId };
      steps.push({
        event,
        state: String(value),
        error: context.error === null ? null : (context.error.code ?? 'none'),
        ready: context.hasCheck && context.accountId !== null,
      });
    }
    if (replayable) paths.push(steps);
  }
  return paths;
}

interface World {
  server: HeldServer;
  /** Payment 31 as the server has it now. */
  now: { payment: P2cMerchantPayment };
}

function press(name: string) {
  const button = screen.queryByRole('button', { name });
  if (button !== null && !button.hasAttribute('disabled')) act(() => void fireEvent.click(button));
}

async function perform(
  world: World,
  platform: ReturnType<typeof fakePlatform>,
  event: ModelEvent<MerchantPaymentMachine>,
) {
  if (isActorSettle(event)) {
    if (event.type === 'actor.done') {
      world.now.payment = completed;
      await world.server.answer(PAID, ok(completed));
    } else {
      const reason = Reflect.get(Object(event.error), 'reason');
      const status = Reflect.get(Object(event.error), 'status');
      await world.server.answer(
        PAID,
        typeof status === 'number' ? { status, body: { code: reason, message: 'refused' } } : NO_ANSWER,
      );
    }
  } else if (event.type === 'paid.start') {
    const main = platform.screenActions.snapshot().main;
    if (main !== null && main.disabled !== true) act(() => platform.screenActions.press('main'));
  } else if (event.type === 'paid.confirm') press('Yes, I paid');
  else if (event.type === 'paid.dismiss') press('Cancel');
  else if (event.type === 'error.dismiss') press('OK');
  else if (event.type === 'payment.sync') {
    if (event.facts.status === 'canceled') world.now.payment = canceled;
    if (event.facts.status === 'completed') world.now.payment = completed;
    await act(async () => {
      vi.advanceTimersByTime(5000);
      await settle();
    });
  }
  await act(() => settle());
}

/** What the page shows in each state, by hand. */
async function expectShown(world: World, platform: ReturnType<typeof fakePlatform>, step: Step) {
  const main = platform.screenActions.snapshot().main;
  const sheet = screen.queryByText('Did you pay 1 500.00 ₽?');
  switch (step.state) {
    case 'paying':
      expect(main?.label).toBe('Mark paid');
      expect(main?.disabled ?? false).toBe(!step.ready);
      expect(sheet).toBeNull();
      if (step.error === null) expect(screen.queryByRole('alert')).toBeNull();
      else expect(screen.getByRole('alert').textContent).toBe(`${REFUSALS[step.error]}OK`);
      break;
    case 'confirmingPaid':
      expect(sheet).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Yes, I paid' }).hasAttribute('aria-busy')).toBe(false);
      expect(world.server.isWaiting(PAID)).toBe(false);
      break;
    case 'markingPaid':
      expect(sheet).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Yes, I paid' }).getAttribute('aria-busy')).toBe('true');
      world.server.expectUnderWay(PAID, { account_id: 5 });
      break;
    case 'done':
      // The answer (or the refresh) is in; the page follows it.
      expect(await shows(/^Completed\./)).toBeTruthy();
      expect(platform.screenActions.snapshot().main).toBeNull();
      break;
    case 'canceled':
      expect(
        await shows('The time to pay ran out and the payment was canceled. The client got their crypto back.'),
      ).toBeTruthy();
      expect(platform.screenActions.snapshot().main).toBeNull();
      break;
    default:
      throw new Error(`the page never shows ${step.state}`);
  }
}

fakeTimersForEachTest();

describe('the taken payment’s page along the merchantPayment machine’s paths', () => {
  const paths = pagePaths();

  it('walks a fixed number of the page’s paths (a tripwire)', () => {
    expect(paths.length).toBe(33);
  });

  for (const path of paths) {
    it(`when ${path.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const now = { payment: processing };
      const server = new HeldServer(new Set([PAID]), (request) => {
        if (request.route === 'GET /wallet/asset') return ok(p2pCatalogue);
        if (request.route === 'GET /p2c/payments/31') return ok({ role: 'merchant', payment: now.payment });
        if (request.route === 'GET /p2c/accounts') return ok({ accounts: [card] });
        return undefined;
      });
      server.install();
      const world: World = { server, now };
      const platform = fakePlatform('mini-app');
      renderApp({ path: '/p2c/orders/31', platform, session: fakeSession(merchantSession()) });
      await shows('Tinkoff •••• 4417');
      for (const step of path) {
        await perform(world, platform, step.event);
        try {
          await expectShown(world, platform, step);
        } catch (thrown) {
          throw new Error(`after ${describeEvent(step.event)} (${step.state}): ${String(thrown)}`);
        }
      }
    });
  }
});
