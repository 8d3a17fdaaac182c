/**
 * The `/wallet/withdraw/{asset}/{network}` flow view driven along THE SAME generated paths as
 * tests/machines/withdraw.model.test.ts (tests/machines/support/withdrawModel.ts): each path is
 * replayed on a real actor with the model's deferred fakes, the person's events go through the
 * screen (typing the address and the amount, "Max", "Continue", "Confirm", the passcode typed on
 * the keypad, "Try again", "Back"), and after every step the screen must show what the flow
 * written by hand (`expectedAfter`) says, as literal strings: the heading, the fields, the error
 * under a field, which buttons work, the review's amounts, the failure screens, and at the end the
 * withdrawal's status page in the address bar. The view's own message helpers are not used here.
 * The passcode step's confirmation is the view's: its call goes to a fake server, and every
 * submit must carry the key a passcode was confirmed for.
 */
import { act, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { WithdrawFlowView } from '../../../src/app/features/withdraw/WithdrawFlowView.tsx';
import type { WithdrawActor } from '../../../src/app/features/withdraw/withdraw.ts';
import type { WithdrawNetwork } from '../../../src/app/features/withdraw/withdrawChoices.ts';
import { flush, isActorSettle, isTimePass, type ModelEvent } from '../../machines/support/model.ts';
import {
  CANONICAL_ADDRESS,
  describeEvent,
  type ExpectedFlow,
  expectedAfter,
  expectedStart,
  FAILED_TEXT,
  INPUT,
  PASSCODE,
  replayMachine,
  SHORT_ADDRESS,
  submittedUnits,
  TOKEN,
  WITHDRAWAL_ID,
  type WithdrawMachine,
  withdrawPaths,
} from '../../machines/support/withdrawModel.ts';
import { assetNetwork, cryptoAsset } from '../support/assets.ts';
import { ok, stubFetch } from '../support/fakeApi.ts';
import { playOffScreen, renderFlowView } from '../support/flowView.tsx';
import { passcodeSetSecurity } from './fakeWithdrawApi.ts';

const paths = withdrawPaths();

/** USDT as the model's input has it: 6 decimals, all of them shown on these screens. */
const usdt = cryptoAsset('USDT', 'Tether', 6, [], {
  is_stablecoin: true,
  url: 'https://tether.to',
  view_decimals: 2,
});

const tron: WithdrawNetwork = {
  ...assetNetwork('TRX', 'Tron (TRC20)', 'TRC20', {
    code: 'USDT',
    limits: { deposit: { min: '0', max: '0' }, withdraw: { min: INPUT.min, max: INPUT.max } },
    withdraw_fee: INPUT.fee,
    explorer_url: 'https://tronscan.org',
  }),
  network: 'TRX',
};

async function renderFlow(actor: WithdrawActor) {
  return renderFlowView(
    <WithdrawFlowView
      actor={actor}
      asset={usdt}
      network={tron}
      networkChoice
      onBack={() => actor.send({ type: 'back' })}
      leaveFlow={() => Promise.resolve()}
    />,
    '/wallet/withdraw/USDT/TRX',
  );
}

function button(name: string): HTMLButtonElement {
  const found = screen.getByRole('button', { name });
  if (!(found instanceof HTMLButtonElement)) throw new Error(`${name} is not a button`);
  return found;
}

function field(name: string): HTMLInputElement {
  const found = screen.getByRole('textbox', { name });
  if (!(found instanceof HTMLInputElement)) throw new Error(`${name} is not a text field`);
  return found;
}

async function click(name: string) {
  const target = button(name);
  expect(target.disabled, `${name} is enabled`).toBe(false);
  await act(async () => {
    fireEvent.click(target);
    await flush();
  });
}

/** Does the person's event through the screen; the calls' answers come from the fakes. */
async function perform(fakes: ReturnType<typeof replayMachine>['fakes'], event: ModelEvent<WithdrawMachine>) {
  if (isTimePass(event)) throw new Error('the withdraw flow has no timers');
  if (isActorSettle(event)) {
    await playOffScreen(event, fakes);
    return;
  }
  switch (event.type) {
    case 'passcode.confirmed': {
      const keypad = await screen.findByRole('group', { name: 'Keypad' });
      for (const digit of PASSCODE) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
      // The check's call loads with the step, then the fake server answers with the token.
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Keypad' })).toBeNull());
      return;
    }
    case 'address.set':
      // Pasting gives the same text again (after an error), which typing into the field cannot.
      if (event.address === '') fireEvent.change(field('Address'), { target: { value: '' } });
      else {
        clipboardText = event.address;
        await click('Paste');
      }
      return;
    case 'amount.change':
      fireEvent.change(field('Amount, USDT'), { target: { value: event.text } });
      return;
    case 'amount.max':
      await click('Max');
      return;
    case 'address.submit':
    case 'amount.submit':
      // A step that cannot go on has its button off: the event then changes nothing.
      if (button('Continue').disabled) return;
      await click('Continue');
      return;
    case 'confirm.accept':
      await click('Confirm');
      return;
    case 'retry':
      await click('Try again');
      return;
    case 'back':
      if (screen.queryByRole('button', { name: 'Back' }) === null) return;
      await click('Back');
      return;
  }
}

/** Amounts keep their no-break space: compare text exactly, not with whitespace collapsed. */
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

function heading(): string {
  return screen.getByRole('heading', { level: 1 }).textContent ?? '';
}

/** The value of the cell titled `title` ("Network fee" → "1 USDT"). */
function cellValue(title: string): string | null {
  const cell = screen.getByText(title, { selector: '.ui-cell-title' }).closest('.ui-cell');
  return cell?.querySelector('.ui-cell-value')?.textContent ?? null;
}

function alertText(): string | null {
  return screen.queryByRole('alert')?.textContent ?? null;
}

const TEST_NETWORK = 'Test network This sends test USDT: they have no real value.';

/** What a person must see, written by hand in withdrawModel.ts. */
function expectScreen({ shown }: ExpectedFlow, pathname: string) {
  if (shown.screen === 'done') {
    expect(pathname).toBe(`/transactions/withdrawal/${WITHDRAWAL_ID}`);
    return;
  }
  expect(pathname).toBe('/wallet/withdraw/USDT/TRX');
  switch (shown.screen) {
    case 'address':
      expect(heading()).toBe('Send USDT');
      expect(field('Address').value).toBe(shown.field);
      expect(field('Address').disabled).toBe(false);
      expect(alertText()).toBe(shown.alert);
      expect(button('Continue').disabled).toBe(!shown.canContinue);
      // Back leaves the flow for the network choice (the header's back on the web).
      expect(button('Back').disabled).toBe(false);
      expect(screen.getByRole('note').textContent).toBe(TEST_NETWORK);
      return;
    case 'checking':
      expect(heading()).toBe('Send USDT');
      expect(field('Address').value).toBe(shown.field);
      expect(field('Address').disabled).toBe(true);
      {
        // Busy: the spinner's label joins the button's name.
        const busy = screen.getByRole('button', { name: /Continue$/ });
        expect(busy).toHaveProperty('disabled', true);
        expect(busy.getAttribute('aria-busy')).toBe('true');
      }
      expect(button('Back').disabled).toBe(false);
      return;
    case 'amount':
      expect(heading()).toBe('Amount');
      expect(screen.getByText(`To ${SHORT_ADDRESS}`)).toBeTruthy();
      expect(field('Amount, USDT').value).toBe(shown.field);
      expect(alertText()).toBe(shown.alert);
      expect(button('Continue').disabled).toBe(!shown.canContinue);
      expect(cellValue('Available')).toBe(shown.available);
      return;
    case 'review':
      expect(heading()).toBe('Check the withdrawal');
      expect(cellValue('Amount')).toBe(shown.amount);
      expect(cellValue('Network fee')).toBe('1\u00a0USDT');
      expect(cellValue('Total')).toBe(shown.total);
      expect(cellValue('Network')).toBe('Tron (TRC20)');
      expect(screen.getByText(CANONICAL_ADDRESS)).toBeTruthy();
      expect(screen.getByRole('note').textContent).toBe(TEST_NETWORK);
      expect(button('Confirm').disabled).toBe(false);
      return;
    case 'passcode':
      expect(heading()).toBe('Confirm the withdrawal');
      expect(screen.getByRole('group', { name: 'Keypad' })).toBeTruthy();
      expect(screen.getByText(shown.subtitle, exactly)).toBeTruthy();
      return;
    case 'sending':
      expect(screen.getByRole('status', { name: 'Sending' })).toBeTruthy();
      expect(screen.getByText('Sending the withdrawal…')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
      return;
    case 'failed':
      expect(heading()).toBe('Couldn’t send the withdrawal');
      expect(screen.getByText(FAILED_TEXT)).toBeTruthy();
      expect(button('Try again').disabled).toBe(false);
      return;
    case 'refused':
      expect(heading()).toBe('Withdrawal not available');
      expect(screen.getByText(shown.text)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      return;
  }
}

/** What the fake clipboard holds for the next "Paste". */
let clipboardText = '';

/** The bodies of the passcode checks the view sent. */
let passcodeChecks: unknown[] = [];

describe('withdraw flow view, against the flow written by hand', () => {
  // The steps after the address load once it is submitted (WithdrawFlowView.tsx); here they have
  // arrived, as in the app by the time the address check answers, so each step shows at once.
  beforeAll(async () => {
    await import('../../../src/app/features/withdraw/WithdrawLaterSteps.tsx');
  });
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { readText: vi.fn(() => Promise.resolve(clipboardText)) },
      configurable: true,
    });
    passcodeChecks = [];
    stubFetch(({ route, body }) => {
      // The passcode step reads this device's security answer (no biometrics, no lockout).
      if (route === 'GET /security') return ok(passcodeSetSecurity);
      if (route !== 'POST /security/pass-code/token') return undefined;
      passcodeChecks.push(body);
      return ok({ token: TOKEN });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'clipboard');
    localStorage.clear();
  });

  it('replays the model test’s 165 paths', () => {
    expect(paths).toHaveLength(165);
  });

  for (const { scenario, path } of paths) {
    const story = path.steps.map((step) => describeEvent(step.event)).join(', then ');
    it(`after ${scenario.name}, shows each step when ${story}`, async () => {
      const { machine, fakes } = replayMachine();
      const actor = createActor(machine, { input: scenario.input }).start();
      const { router } = await renderFlow(actor);
      let flow = expectedStart(scenario);
      expectScreen(flow, router.state.location.pathname);
      const submits: string[] = [];
      for (const step of path.steps) {
        const before = flow.shown.screen;
        await perform(fakes, step.event);
        await act(async () => {
          await flush();
        });
        flow = expectedAfter(flow, step.event);
        if (flow.shown.screen === 'sending' && before !== 'sending') submits.push(submittedUnits(flow));
        expectScreen(flow, router.state.location.pathname);
      }
      expect(fakes.inputs('createWithdrawal').map((input) => Reflect.get(Object(input), 'amount'))).toEqual(submits);
      // Each confirmation is for the review's key, and every submit sends a key that was confirmed.
      const hashes = passcodeChecks.map((body) => {
        expect(body).toEqual({
          code: PASSCODE,
          transactionType: 'withdraw',
          hash: expect.stringMatching(/^00000000-0000-4000-8000-\d{12}$/),
        });
        return Reflect.get(Object(body), 'hash');
      });
      for (const input of fakes.inputs('createWithdrawal')) {
        expect(input).toMatchObject({ token: TOKEN });
        expect(hashes).toContain(Reflect.get(Object(input), 'idempotency_key'));
      }
      actor.stop();
    });
  }
});
