/**
 * The take form and its steps driven along THE SAME generated paths as
 * tests/machines/takeOffer.model.test.ts (tests/machines/support/takeOfferModel.ts): each path is
 * replayed on a real actor with the model's deferred fakes, the person's events go through the
 * screen (typing the amount, the currency toggle, "Max", the main button, the sheet's buttons,
 * Verify and Skip, the passcode on the keypad, "Try again", "Back"), and after every step the
 * screen must show what the flow written by hand says, as literal strings: the heading, the
 * field and its message, whether the main button works, a refusal's text, the confirm sheet's
 * sentence, amounts and price, the notice, the passcode step. The view's own helpers are not used.
 * The offer's refresh and the method list changing are not on screen: they are sent to the actor.
 */
import { act, fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TakeOfferScreens } from '../../../src/app/features/p2pOffer/TakeOfferView.tsx';
import type { PaymentMethod } from '../../../src/contract/p2p-payment-methods.ts';
import { flush, isActorSettle, isTimePass, type ModelEvent } from '../../machines/support/model.ts';
import {
  amountFacts,
  canSubmit,
  describeEvent,
  type ExpectedFlow,
  expectedAfter,
  expectedStart,
  PASSCODE,
  replayMachine,
  type TakeOfferMachine,
  TOKEN,
  takeOfferPaths,
} from '../../machines/support/takeOfferModel.ts';
import { ok, stubFetch } from '../support/fakeApi.ts';
import { playOffScreen, renderFlowView } from '../support/flowView.tsx';
import { offerFixture, p2pCatalogue } from './offerFixtures.ts';

const allPaths = takeOfferPaths();
/**
 * Every path of the three smaller scenarios, and of the buyer's those of at most 6 steps: the
 * buyer's longer paths repeat the same screens with other digits, which the model test checks.
 */
const paths = allPaths.filter(({ scenario, path }) => scenario.name !== 'a verified buyer' || path.steps.length <= 6);

const tbank: PaymentMethod = {
  id: 7,
  name: null,
  fiat: 'RUB',
  identifier: 'tbank',
  locale: 'T-Bank',
  child_identifier: null,
  child_locale: null,
  data: '•••• 4417',
};

/** Amounts keep their no-break space: compare text exactly, not with whitespace collapsed. */
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

/** What the sheet shows for each amount the order asks for (fiat|crypto units), by hand. */
const SHEET_AMOUNTS: Readonly<Record<string, { fiat: string; crypto: string }>> = {
  '1002.75|10500000': { fiat: '1\u00a0002.75\u00a0₽', crypto: '10.5\u00a0USDT' },
  '1002.75|10445312': { fiat: '1\u00a0002.75\u00a0₽', crypto: '10.445312\u00a0USDT' },
  '1008|10500000': { fiat: '1\u00a0008.00\u00a0₽', crypto: '10.5\u00a0USDT' },
  '9999.99|104712041': { fiat: '9\u00a0999.99\u00a0₽', crypto: '104.712041\u00a0USDT' },
  '1000|10471204': { fiat: '1\u00a0000.00\u00a0₽', crypto: '10.471204\u00a0USDT' },
  '1000|10416666': { fiat: '1\u00a0000.00\u00a0₽', crypto: '10.416666\u00a0USDT' },
  '4775|50000000': { fiat: '4\u00a0775.00\u00a0₽', crypto: '50\u00a0USDT' },
  '4775|49739583': { fiat: '4\u00a0775.00\u00a0₽', crypto: '49.739583\u00a0USDT' },
  '4800|50000000': { fiat: '4\u00a0800.00\u00a0₽', crypto: '50\u00a0USDT' },
};

const PRICE_TEXT = { '95.5': '95.50\u00a0₽', '96': '96.00\u00a0₽' } as const;

function sheetAmounts(flow: ExpectedFlow) {
  const valid = amountFacts(flow).valid;
  const shown = valid === null ? undefined : SHEET_AMOUNTS[`${valid.fiat}|${valid.crypto}`];
  if (shown === undefined) throw new Error(`Write down how the sheet shows "${flow.amountText}" at ${flow.price}`);
  return shown;
}

function button(name: string, within: HTMLElement | null = null): HTMLButtonElement {
  const found = within === null ? screen.getByRole('button', { name }) : getIn(within, name);
  if (!(found instanceof HTMLButtonElement)) throw new Error(`${name} is not a button`);
  return found;
}

function getIn(element: HTMLElement, name: string): HTMLElement {
  return within(element).getByRole('button', { name });
}

/** The screen's main button (the web shell's action bar), outside the sheet. */
function mainButton(label: string): HTMLButtonElement {
  const found = screen.getAllByRole('button', { name: label }).find((each) => each.closest('[role="dialog"]') === null);
  if (!(found instanceof HTMLButtonElement)) throw new Error(`No main button ${label}`);
  return found;
}

async function click(target: HTMLButtonElement) {
  expect(target.disabled, `${target.textContent} is enabled`).toBe(false);
  await act(async () => {
    fireEvent.click(target);
    await flush();
  });
}

function heading(): string {
  return screen.getAllByRole('heading', { level: 1 })[0]?.textContent ?? '';
}

function cellValue(container: HTMLElement, title: string): string | null {
  const cell = within(container).getByText(title, { selector: '.ui-cell-title' }).closest('.ui-cell');
  return cell?.querySelector('.ui-cell-value')?.textContent ?? null;
}

const label = (flow: ExpectedFlow) => (flow.side === 'buyer' ? 'Buy USDT' : 'Sell USDT');

/** What a person must see, written by hand in takeOfferModel.ts and above. */
function expectScreen(flow: ExpectedFlow) {
  switch (flow.screen) {
    case 'form':
    case 'sheet': {
      const field = screen.getByLabelText(flow.amountType === 'fiat' ? 'Amount, RUB' : 'Amount, USDT');
      expect(field).toHaveProperty('value', flow.amountText);
      const message = field.closest('.ui-text-field')?.querySelector('[role="alert"]')?.textContent ?? null;
      expect(message).toBe(amountFacts(flow).alert);
      const refusal = document.querySelector('.p2p-take-refusal')?.textContent ?? null;
      expect(refusal).toBe(flow.refusal);
      const dialog = screen.queryByRole('dialog');
      if (flow.screen === 'form') {
        expect(heading()).toBe(label(flow));
        expect(dialog).toBeNull();
        expect(mainButton(label(flow)).disabled).toBe(!canSubmit(flow));
        return;
      }
      if (dialog === null) throw new Error('the confirm sheet is not open');
      const verb = flow.side === 'buyer' ? 'buy' : 'sell';
      const question = `Are you sure you want to ${verb} USDT for RUB via T-Bank?`;
      const description =
        within(dialog)
          .getByText(/Are you sure/)
          .closest('p')?.textContent ?? '';
      expect(description).toBe(
        flow.priceChanged
          ? `The price has changed to ${PRICE_TEXT[flow.price]}. Check the amounts and confirm again. ${question}`
          : question,
      );
      const shown = sheetAmounts(flow);
      if (flow.side === 'buyer') {
        expect(cellValue(dialog, 'You pay')).toBe(shown.fiat);
        expect(cellValue(dialog, 'You receive')).toBe(shown.crypto);
      } else {
        expect(cellValue(dialog, 'You send')).toBe(shown.crypto);
        expect(cellValue(dialog, 'You receive')).toBe(shown.fiat);
      }
      expect(cellValue(dialog, 'Price per USDT')).toBe(PRICE_TEXT[flow.price]);
      // The sheet's own buttons are the actions: no main button under it.
      expect(button(label(flow), dialog).disabled).toBe(false);
      expect(screen.getAllByRole('button', { name: label(flow) })).toHaveLength(1);
      return;
    }
    case 'notice':
      expect(heading()).toBe('Verify your account');
      expect(
        screen.getByText(
          'Without passport or address verification, crypto you buy on the P2P market stays locked for 24 hours: it can’t be withdrawn or sold until then. Verify once to trade without the wait.',
        ),
      ).toBeTruthy();
      expect(button('Verify').disabled).toBe(false);
      expect(button('Skip').disabled).toBe(false);
      return;
    case 'passcode': {
      expect(heading()).toBe('Confirm the order');
      expect(screen.getByRole('group', { name: 'Keypad' })).toBeTruthy();
      const crypto = sheetAmounts(flow).crypto;
      const subtitle = flow.tokenRefused
        ? 'The confirmation has expired. Enter your passcode again.'
        : `Enter your passcode to sell ${crypto}.`;
      expect(screen.getByText(subtitle, exactly)).toBeTruthy();
      return;
    }
    case 'placing':
    case 'done':
      expect(screen.getByText('Placing the order…')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
      return;
    case 'failed':
      expect(heading()).toBe('Couldn’t place the order');
      expect(
        screen.getByText('Check your connection and try again. Trying again won’t place the order twice.'),
      ).toBeTruthy();
      expect(button('Try again').disabled).toBe(false);
      return;
    case 'setPasscode':
    case 'verify':
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      return;
  }
}

type Replay = ReturnType<typeof replayMachine>;

/** Does the person's event through the screen; the calls' answers come from the fakes. */
async function perform(
  replay: Replay,
  actor: { send(event: import('../../../machines/takeOffer.machine.ts').TakeOfferEvent): void },
  flow: ExpectedFlow,
  event: ModelEvent<TakeOfferMachine>,
) {
  if (isTimePass(event)) throw new Error('the take-offer flow has no timers');
  if (isActorSettle(event)) {
    if (event.id === 'passcode') {
      const keypad = screen.getByRole('group', { name: 'Keypad' });
      for (const digit of PASSCODE) fireEvent.click(within(keypad).getByRole('button', { name: digit }));
      await act(async () => {
        replay.fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: TOKEN });
        await flush();
      });
      return;
    }
    await playOffScreen(event, replay.fakes);
    return;
  }
  const dialog = screen.queryByRole('dialog');
  switch (event.type) {
    case 'amount.change': {
      const field = screen.getByLabelText(flow.amountType === 'fiat' ? 'Amount, RUB' : 'Amount, USDT');
      // Typing the text the field already holds: the person clears it and types it again.
      if (field instanceof HTMLInputElement && field.value === event.text && event.text !== '') {
        fireEvent.change(field, { target: { value: '' } });
      }
      fireEvent.change(field, { target: { value: event.text } });
      return;
    }
    case 'amount.toggle':
      if (flow.screen !== 'form') return;
      await click(button(flow.amountType === 'fiat' ? 'USDT' : 'RUB'));
      return;
    case 'amount.max':
      if (flow.screen !== 'form') return;
      await click(button('Max'));
      return;
    case 'method.set':
    case 'facts.update':
      // Not on screen: the offer's refresh and its methods.
      act(() => actor.send(event));
      return;
    case 'submit':
      if (flow.screen !== 'form') return;
      // A form that cannot go on has its button off: the event then changes nothing.
      if (mainButton(label(flow)).disabled) return;
      await click(mainButton(label(flow)));
      return;
    case 'confirm.accept':
      if (dialog === null) return;
      await click(button(label(flow), dialog));
      return;
    case 'notice.verify':
    case 'notice.skip':
      if (flow.screen !== 'notice') return;
      await click(button(event.type === 'notice.verify' ? 'Verify' : 'Skip'));
      return;
    case 'retry':
      if (flow.screen !== 'failed') return;
      await click(button('Try again'));
      return;
    case 'back':
      if (dialog !== null) {
        await click(button('Cancel', dialog));
        return;
      }
      if (flow.screen === 'form' || screen.queryByRole('button', { name: 'Back' }) === null) return;
      await click(button('Back'));
      return;
  }
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('take-offer view, against the flow written by hand', () => {
  it(`replays ${paths.length} of the model test’s ${allPaths.length} paths`, () => {
    expect(paths.length).toBeGreaterThan(100);
  });

  for (const { scenario, path } of paths) {
    const story = path.steps.map((step) => describeEvent(step.event)).join(', then ');
    it(`for ${scenario.name}, shows each step when ${story}`, async () => {
      stubFetch((request) => (request.route === 'GET /wallet/asset' ? ok(p2pCatalogue) : undefined));
      const replay = replayMachine();
      const actor = createActor(replay.machine, { input: scenario.input }).start();
      const offer = offerFixture({
        is_mine: false,
        status: 'active',
        type: scenario.input.facts.type,
        payment: { ...offerFixture().payment, maker_accepts: [tbank], taker_accepts: [tbank] },
      });
      await renderFlowView(
        <TakeOfferScreens actor={actor} offer={offer} method={tbank} noticeHours={24} leave={() => {}} />,
        '/p2p/offers/42',
      );
      await act(async () => {
        await flush();
      });
      let flow = expectedStart(scenario);
      expectScreen(flow);
      for (const step of path.steps) {
        await perform(replay, actor, flow, step.event);
        flow = expectedAfter(flow, step.event);
        expectScreen(flow);
      }
      actor.stop();
    });
  }
});
