/**
 * The `/wallet/withdraw/{asset}/{network}` flow view driven along THE SAME generated paths as
 * tests/machines/withdraw.model.test.ts (tests/machines/support/withdrawModel.ts): each path is
 * replayed on a real actor with the model's deferred fakes, the person's events go through the
 * screen (typing the address and the amount, "Max", "Continue", "Confirm", the passcode typed on
 * the keypad, "Try again", "Back"), and after every step the test checks what a person sees
 * against the model's snapshot: the step's heading, the field values, the error under a field in
 * words, which buttons are enabled, the review's amounts, the passcode keypad, the failure
 * screens, and at the end the withdrawal's status page in the address bar.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { maxSendable } from '../../../machines/withdraw/amountRules.ts';
import { withdrawMachine } from '../../../machines/withdraw.machine.ts';
import { WithdrawFlowView } from '../../../src/app/features/withdraw/WithdrawFlowView.tsx';
import type { WithdrawActor } from '../../../src/app/features/withdraw/withdraw.ts';
import type { WithdrawNetwork } from '../../../src/app/features/withdraw/withdrawChoices.ts';
import {
  addressErrorMessage,
  amountErrorMessage,
  submitErrorMessage,
} from '../../../src/app/features/withdraw/withdrawMessages.ts';
import { formatAssetAmount } from '../../../src/app/lib/money.ts';
import {
  coverageOf,
  flush,
  initialModelState,
  isActorSettle,
  isTimePass,
  type ModelEvent,
} from '../../machines/support/model.ts';
import {
  describeEvent,
  INPUT,
  modelMachine,
  PASSCODE,
  replayMachine,
  TOKEN,
  WITHDRAWAL_ID,
  type WithdrawMachine,
  withdrawPaths,
} from '../../machines/support/withdrawModel.ts';
import { assetNetwork, cryptoAsset } from '../support/assets.ts';
import { playOffScreen, renderFlowView } from '../support/flowView.tsx';

const paths = withdrawPaths();
type Snapshot = ReturnType<WithdrawMachine['getInitialSnapshot']>;

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

const format = (smallest: string) => formatAssetAmount(smallest, usdt, { full: true });

async function renderFlow(actor: WithdrawActor) {
  return renderFlowView(
    <WithdrawFlowView actor={actor} asset={usdt} network={tron} networkChoice />,
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
async function perform(
  actor: WithdrawActor,
  fakes: ReturnType<typeof replayMachine>['fakes'],
  event: ModelEvent<WithdrawMachine>,
) {
  if (isTimePass(event)) throw new Error('the withdraw flow has no timers');
  if (isActorSettle(event)) {
    if (event.id === 'passcode') {
      const keypad = screen.getByRole('group', { name: 'Keypad' });
      for (const digit of PASSCODE) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
      await act(async () => {
        fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: TOKEN });
        await flush();
      });
      return;
    }
    await playOffScreen(event, fakes);
    return;
  }
  switch (event.type) {
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
      await click('Continue');
      return;
    case 'confirm.accept':
      await click('Confirm');
      return;
    case 'retry':
      await click('Try again');
      return;
    case 'back':
      await click('Back');
      return;
  }
  expect(actor.getSnapshot().status).toBe('active');
}

/** Amounts keep their no-break space: compare text exactly, not with whitespace collapsed. */
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

function heading(): string {
  return screen.getByRole('heading', { level: 1 }).textContent ?? '';
}

/** What a person must see for the model's snapshot. */
function expectScreen(expected: Snapshot, pathname: string) {
  const { context } = expected;
  if (expected.hasTag('done')) {
    expect(pathname).toBe(`/transactions/withdrawal/${WITHDRAWAL_ID}`);
    return;
  }
  expect(pathname).toBe('/wallet/withdraw/USDT/TRX');
  if (expected.hasTag('address')) {
    expect(heading()).toBe('Send USDT');
    const address = field('Address');
    expect(address.value).toBe(context.address);
    expect(address.disabled).toBe(expected.hasTag('busy'));
    const error = context.addressError === null ? null : i18n._(addressErrorMessage(context.addressError, 'USDT'));
    expect(screen.queryByRole('alert')?.textContent ?? null).toBe(error);
    if (expected.hasTag('busy')) {
      expect(button('Checking…').disabled).toBe(true);
      expect(button('Back')).toBeTruthy();
    } else {
      expect(button('Continue').disabled).toBe(context.address.trim() === '');
      expect(screen.getByRole('link', { name: 'Networks' }).getAttribute('href')).toBe('/wallet/withdraw/USDT');
    }
    return;
  }
  if (expected.hasTag('amount')) {
    expect(heading()).toBe('Amount');
    expect(field('Amount, USDT').value).toBe(context.amountText);
    const message =
      context.amountError === null
        ? null
        : amountErrorMessage(context.amountError, {
            asset: 'USDT',
            decimals: 6,
            minimum: format(context.min),
            maximum: format(context.max),
            sendable: format(maxSendable(context)),
            fee: format(context.fee),
          });
    expect(screen.queryByRole('alert')?.textContent ?? null).toBe(message === null ? null : i18n._(message));
    expect(button('Continue').disabled).toBe(context.amountError !== null);
    expect(screen.getByText(format(context.available), exactly)).toBeTruthy();
    return;
  }
  if (expected.hasTag('review')) {
    expect(heading()).toBe('Check the withdrawal');
    const amount = context.amount ?? '0';
    expect(screen.getByText(format(amount), exactly)).toBeTruthy();
    expect(screen.getByText(format((BigInt(amount) + BigInt(context.fee)).toString()), exactly)).toBeTruthy();
    expect(screen.getByText(context.address)).toBeTruthy();
    expect(button('Confirm').disabled).toBe(false);
    return;
  }
  if (expected.hasTag('passcode')) {
    expect(heading()).toBe('Confirm the withdrawal');
    expect(screen.getByRole('group', { name: 'Keypad' })).toBeTruthy();
    if (context.submitError === 'invalid_token') {
      expect(screen.getByText(i18n._(submitErrorMessage('invalid_token', 'USDT')))).toBeTruthy();
    } else {
      expect(screen.getByText(`Enter your passcode to send ${format(context.amount ?? '0')}.`, exactly)).toBeTruthy();
    }
    return;
  }
  if (expected.hasTag('failed')) {
    expect(heading()).toBe('Couldn’t send the withdrawal');
    expect(button('Try again')).toBeTruthy();
    return;
  }
  if (expected.hasTag('refused')) {
    expect(heading()).toBe('Withdrawal not available');
    expect(screen.getByText(i18n._(submitErrorMessage(context.submitError ?? 'failed', 'USDT')))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    return;
  }
  expect(expected.hasTag('busy')).toBe(true);
  expect(screen.getByRole('status', { name: 'Sending' })).toBeTruthy();
  expect(screen.getByText('Sending the withdrawal…')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
}

describe('withdraw flow view paths', () => {
  it('replays the model test’s 88 paths, covering every state and transition', () => {
    expect(paths).toHaveLength(88);
    const coverage = coverageOf(withdrawMachine, [initialModelState(modelMachine, INPUT)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

/** What the fake clipboard holds for the next "Paste". */
let clipboardText = '';

describe('withdraw flow view', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { readText: vi.fn(() => Promise.resolve(clipboardText)) },
      configurable: true,
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    localStorage.clear();
  });

  for (const path of paths) {
    it(`shows each step when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const { machine, fakes } = replayMachine();
      const actor = createActor(machine, { input: INPUT }).start();
      const { router } = await renderFlow(actor);
      expectScreen(initialModelState(modelMachine, INPUT).snapshot, router.state.location.pathname);
      for (const step of path.steps) {
        await perform(actor, fakes, step.event);
        const expected = step.state.snapshot;
        expect(actor.getSnapshot().value).toEqual(expected.value);
        expect(actor.getSnapshot().context).toEqual(expected.context);
        await act(async () => {
          await flush();
        });
        expectScreen(expected, router.state.location.pathname);
      }
      actor.stop();
    });
  }
});
