/**
 * The QR payment screens driven along THE SAME generated paths as
 * tests/machines/qrPayment.model.test.ts (tests/machines/support/qrPaymentModel.ts): each path is
 * replayed on a real actor with the model's deferred fakes, the person's events go through the
 * screen (the asset buttons, Pay, the passcode on the keypad, Try again, Back, Verify, Open a
 * dispute, the reason, the message, Send), time passes on fake timers, and after every step the
 * screen must show what the flow written by hand says, as literal strings: the heading, the
 * amounts, the status and what it means, the notes and refusals, which buttons work. The view's
 * own helpers are not used.
 */
import { act, fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { QrPayScreens } from '../../../src/app/features/p2cPay/QrPayScreens.tsx';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { flush, isActorSettle, isTimePass, type ModelEvent } from '../../machines/support/model.ts';
import {
  describeEvent,
  type ExpectedFlow,
  expectedAfter,
  expectedStart,
  LOOKUPS,
  PASSCODE,
  type QrPaymentMachine,
  qrPaymentPaths,
  replayMachine,
  SCENARIOS,
  TOKEN,
} from '../../machines/support/qrPaymentModel.ts';
import { cryptoAsset, fiatAsset } from '../support/assets.ts';
import { ok, stubFetch } from '../support/fakeApi.ts';
import { playOffScreen, renderFlowView } from '../support/flowView.tsx';

const allPaths = qrPaymentPaths();
/** The paths of at most 5 steps: longer ones repeat the same screens, which the model test checks. */
const paths = allPaths.filter(({ path }) => path.steps.length <= 5);

const catalogue: AssetCatalogue = {
  assets: {
    USDT: cryptoAsset('USDT', 'Tether', 6, [], { view_decimals: 2, view_full_decimals: 6 }),
    TON: cryptoAsset('TON', 'Toncoin', 9, [], { view_decimals: 2, view_full_decimals: 9 }),
    RUB: fiatAsset('RUB', 'Russian ruble', '₽'),
  },
};

/** Amounts keep their no-break spaces: compare text exactly. */
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

/** What each quote shows, by hand. */
const QUOTE_TEXTS = {
  USDT: {
    rate: '1 USDT = 95.06\u00a0₽',
    amount: '15.779508\u00a0USDT',
    fee: '0.157796\u00a0USDT',
    total: '15.937304\u00a0USDT',
  },
  TON: {
    rate: '1 TON = 196.00\u00a0₽',
    amount: '7.653062\u00a0TON',
    fee: '0.07653062\u00a0TON',
    total: '7.72959262\u00a0TON',
  },
  'renewed USDT': {
    rate: '1 USDT = 94.50\u00a0₽',
    amount: '15.873016\u00a0USDT',
    fee: '0.158731\u00a0USDT',
    total: '16.031747\u00a0USDT',
  },
} as const;

const STATUS_TEXTS = {
  pending: [
    'Waiting for a merchant',
    'Your crypto is held. A merchant will pay the shop in roubles; if nobody does in time, the payment is canceled and the crypto returns to your balance.',
  ],
  processing: ['Being paid', 'A merchant is paying the shop from their bank.'],
  completed: ['Paid', 'The merchant paid the shop.'],
  expired: ['Canceled', 'Nobody paid the shop in time. The crypto is back on your balance.'],
  disputed: ['Disputed', 'Support is looking at the merchant’s receipt. You’ll see their decision here.'],
  refunded: ['Refunded', 'Support returned the crypto to your balance.'],
} as const;

const PROBLEM_TITLES = {
  not_found: 'This QR code wasn’t found',
  not_payable: 'This QR code can’t be paid',
  out_of_range: 'This amount can’t be paid here',
  payment_not_found: 'Payment not found',
} as const;

function heading(): string | null {
  return screen.queryAllByRole('heading', { level: 1 })[0]?.textContent ?? null;
}

function buttonNamed(name: string): HTMLButtonElement | null {
  const found = screen.queryAllByRole('button', { name })[0];
  return found instanceof HTMLButtonElement ? found : null;
}

function cellValue(title: string): string | null {
  const cell = screen.getByText(title, { selector: '.ui-cell-title' }).closest('.ui-cell');
  return cell?.querySelector('.ui-cell-value')?.textContent ?? null;
}

async function click(target: HTMLButtonElement | null) {
  if (target === null) throw new Error('no such button');
  expect(target.disabled, `${target.textContent} is enabled`).toBe(false);
  await act(async () => {
    fireEvent.click(target);
    await flush();
  });
}

/** What a person must see, written by hand in qrPaymentModel.ts and above. */
function expectScreen(flow: ExpectedFlow) {
  switch (flow.screen) {
    case 'loading':
    case 'verify':
    case 'setPasscode':
      expect(heading()).toBeNull();
      return;
    case 'failed':
      expect(screen.getByText('Couldn’t load the payment. Check the connection and try again.')).toBeTruthy();
      expect(buttonNamed('Try again')?.disabled).toBe(false);
      return;
    case 'quote': {
      if (flow.quote === null) throw new Error('a quote screen without a quote');
      const texts = QUOTE_TEXTS[flow.quote];
      expect(heading()).toBe('Coffee House');
      expect(screen.getByText('1\u00a0500.00\u00a0₽', exactly)).toBeTruthy();
      expect(screen.getByText('Order 1042')).toBeTruthy();
      expect(cellValue('Rate')).toBe(texts.rate);
      expect(cellValue('Amount')).toBe(texts.amount);
      expect(cellValue('Service fee')).toBe(texts.fee);
      expect(cellValue('Total')).toBe(texts.total);
      expect(buttonNamed(`Pay ${texts.total}`)?.disabled).toBe(false);
      expect(buttonNamed(flow.asset)?.getAttribute('aria-pressed')).toBe('true');
      const renewed = screen.queryByText(
        'The price changed while you were confirming. Check the new total and pay again.',
      );
      expect(renewed !== null, 'the renewed price is said').toBe(flow.quoteRenewed);
      const refusal = document.querySelector('.p2c-pay-note--alert')?.textContent ?? null;
      expect(refusal).toBe(
        flow.refusal === 'insufficient_funds' ? 'Not enough USDT on your balance: you have 10\u00a0USDT.' : null,
      );
      if (flow.refreshing) expect(screen.getByText('Updating the price…')).toBeTruthy();
      return;
    }
    case 'passcode':
      expect(heading()).toBe('Confirm the payment');
      expect(screen.getByRole('group', { name: 'Keypad' })).toBeTruthy();
      expect(
        screen.getByText(
          flow.tokenRefused
            ? 'The confirmation has expired. Enter your passcode again.'
            : `Enter your passcode to pay 1\u00a0500.00\u00a0₽ to Coffee House with ${QUOTE_TEXTS[flow.quote ?? 'USDT'].total}.`,
          exactly,
        ),
      ).toBeTruthy();
      return;
    case 'paying':
      expect(screen.getByText('Paying…')).toBeTruthy();
      expect(buttonNamed('Back')).toBeNull();
      return;
    case 'payFailed':
      expect(heading()).toBe('Couldn’t pay');
      expect(buttonNamed('Try again')?.disabled).toBe(false);
      return;
    case 'unavailable':
      if (flow.problem === null) throw new Error('unavailable without a problem');
      expect(heading()).toBe(PROBLEM_TITLES[flow.problem]);
      if (flow.problem === 'out_of_range') {
        expect(
          screen.getByText('A payment by QR code can be from 100.00\u00a0₽ to 100\u00a0000.00\u00a0₽.', exactly),
        ).toBeTruthy();
      }
      return;
    case 'forbidden':
      expect(heading()).toBe('Verify to pay by QR code');
      expect(buttonNamed('Verify')?.disabled).toBe(false);
      return;
    case 'payment': {
      if (flow.status === null) throw new Error('a payment screen without a status');
      const [status, sentence] = STATUS_TEXTS[flow.status];
      expect(heading()).toBe('Coffee House');
      expect(screen.getByRole('status').textContent).toBe(status);
      expect(screen.getByText(sentence)).toBeTruthy();
      expect(cellValue('Total')).toBe('15.937304\u00a0USDT');
      expect(cellValue('Service fee')).toBe('0.157796\u00a0USDT');
      expect(cellValue('Receipt')).toBe(
        flow.status === 'pending' || flow.status === 'processing' || flow.status === 'expired'
          ? 'Not yet'
          : 'Attached by the merchant',
      );
      expect(buttonNamed('Open a dispute') !== null, 'the dispute button').toBe(flow.status === 'completed');
      expect(buttonNamed('Done')?.disabled).toBe(false);
      return;
    }
    case 'dispute':
    case 'sendingDispute': {
      expect(heading()).toBe('Open a dispute');
      const field = screen.getByLabelText('What happened');
      expect(field).toHaveProperty('value', flow.disputeMessage);
      const reason = screen.getByRole('radio', { name: 'The shop didn’t get the money' });
      expect(reason.getAttribute('aria-checked')).toBe(flow.disputeReason === 'shop_not_paid' ? 'true' : 'false');
      const refusal = document.querySelector('.p2c-pay-note--alert')?.textContent ?? null;
      const refusals = {
        dispute_window_closed: 'The 24 hours to dispute this payment have passed.',
        'no answer': 'Couldn’t send the dispute. Check the connection and try again.',
      } as const;
      expect(refusal).toBe(flow.disputeRefusal === null ? null : refusals[flow.disputeRefusal]);
      const ready = flow.disputeReason !== null && flow.disputeMessage.trim() !== '';
      // Busy, the button also reads its spinner ("Loading Send").
      const send = screen.getAllByRole('button', { name: /Send$/ })[0];
      if (flow.screen === 'sendingDispute') expect(send?.getAttribute('aria-busy')).toBe('true');
      else expect(send?.hasAttribute('disabled')).toBe(!ready);
      return;
    }
  }
}

/** TanStack Query tells its observers on a 0 ms timer: let those (not the flow's timers) run. */
async function settleQueries() {
  for (let round = 0; round < 3; round += 1) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await flush();
    });
  }
}

type Replay = ReturnType<typeof replayMachine>;

/** Does the person's event through the screen; the calls' answers come from the fakes. */
async function perform(replay: Replay, flow: ExpectedFlow, event: ModelEvent<QrPaymentMachine>) {
  if (isTimePass(event) || (isActorSettle(event) && event.id !== 'passcode')) {
    await playOffScreen(event, replay.fakes);
    return;
  }
  if (isActorSettle(event)) {
    const keypad = screen.getByRole('group', { name: 'Keypad' });
    for (const digit of PASSCODE) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
    await act(async () => {
      replay.fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: TOKEN });
      await flush();
    });
    return;
  }
  switch (event.type) {
    case 'asset.set':
      if (flow.screen === 'quote') await click(buttonNamed(event.asset));
      return;
    case 'pay':
      if (flow.screen === 'quote') await click(buttonNamed(`Pay ${QUOTE_TEXTS[flow.quote ?? 'USDT'].total}`));
      return;
    case 'retry':
      if (flow.screen === 'failed' || flow.screen === 'payFailed') await click(buttonNamed('Try again'));
      return;
    case 'back':
      // The other screens' Back leaves the flow (the route's), which the machine does not see.
      if (flow.screen === 'passcode' || flow.screen === 'payFailed' || flow.screen === 'dispute') {
        await click(buttonNamed('Back'));
      }
      return;
    case 'verify':
      if (flow.screen === 'forbidden') await click(buttonNamed('Verify'));
      return;
    case 'dispute.open':
      if (flow.screen === 'payment' && flow.status === 'completed') await click(buttonNamed('Open a dispute'));
      return;
    case 'dispute.reason':
      if (flow.screen === 'dispute') {
        await act(async () => {
          fireEvent.click(screen.getByRole('radio', { name: 'The shop didn’t get the money' }));
          await flush();
        });
      }
      return;
    case 'dispute.message':
      if (flow.screen === 'dispute')
        fireEvent.change(screen.getByLabelText('What happened'), { target: { value: event.text } });
      return;
    case 'dispute.submit': {
      const send = buttonNamed('Send');
      if (flow.screen === 'dispute' && send !== null && !send.disabled) await click(send);
      return;
    }
  }
}

// The keypad's view is loaded lazily by the screens: loaded once here, the passcode step shows at once.
beforeAll(async () => {
  await import('../../../src/app/ui/passcodeConfirm/PasscodeConfirmView.tsx');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-01-15T00:00:05.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('QR payment view, against the flow written by hand', () => {
  it(`replays ${paths.length} of the model test’s ${allPaths.length} paths`, () => {
    expect(paths.length).toBeGreaterThan(100);
  });

  for (const { scenario, path } of paths) {
    const story = path.steps.map((step) => describeEvent(step.event)).join(', then ');
    it(`for ${scenario.name}, shows each step when ${story}`, async () => {
      stubFetch((request) => (request.route === 'GET /wallet/asset' ? ok(catalogue) : undefined));
      const replay = replayMachine();
      const actor = createActor(replay.machine, { input: scenario.input }).start();
      await renderFlowView(<QrPayScreens actor={actor} goBack={() => actor.send({ type: 'back' })} />, '/qr-pay');
      await settleQueries();
      let flow = expectedStart(scenario);
      expectScreen(flow);
      for (const step of path.steps) {
        await perform(replay, flow, step.event);
        await settleQueries();
        flow = expectedAfter(flow, step.event);
        expectScreen(flow);
      }
      actor.stop();
    });
  }
});

describe('the quote and the payment pages', () => {
  it('counts down how long the price holds', async () => {
    stubFetch((request) => (request.route === 'GET /wallet/asset' ? ok(catalogue) : undefined));
    const replay = replayMachine();
    const scanning = SCENARIOS.find((scenario) => scenario.name === 'a client scanning a code');
    if (scanning === undefined) throw new Error('no scenario');
    const actor = createActor(replay.machine, { input: scanning.input }).start();
    await renderFlowView(<QrPayScreens actor={actor} goBack={() => {}} />, '/qr-pay');
    await playOffScreen({ type: 'actor.done', id: 'lookupCode', output: LOOKUPS['the code in USDT'] }, replay.fakes);
    await settleQueries();
    expect(screen.getByText('The price holds for 00:25.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('The price holds for 00:24.')).toBeTruthy();
    actor.stop();
  });
});
