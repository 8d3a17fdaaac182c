/**
 * Taking an offer in the whole app with a fake server (spec 001 s.2, s.4; docs/p2p.md "Taking an
 * offer"): where the flow leads (the order page with the queries refreshed, the set-passcode flow
 * with the full suggestion, account verification), the one-time verification notice, and what a
 * refusal says. Every expectation is a literal written from the fixtures (offer 42 at 95.50 RUB,
 * limits 500–10 000 RUB, the maker's SBP method "•••• 4417"; the seller has 50 USDT).
 */
import { act, fireEvent, getDefaultNormalizer, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../../src/contract/p2p-offers.ts';
import { orderFixture } from '../p2pOrder/orderFixtures.ts';
import { type Answer, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { settle } from '../support/heldServer.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { marketAnswer, marketSession, offerFixture, p2pCatalogue, securityInfo } from './offerFixtures.ts';

interface Setup {
  offer: Offer;
  /** Passport verification done (address never is here). */
  passport?: boolean;
  passCode?: boolean;
  createOrder?: Answer;
}

const sbpOfTaker = {
  id: 9,
  name: null,
  fiat: 'RUB',
  identifier: 'sbp',
  locale: 'SBP',
  child_identifier: 'tbank_sbp',
  child_locale: 'T-Bank',
  data: '•••• 0042',
};

const orderAnswer = ok({ order: orderFixture({ id: 501, status: 'processed' }) });

function start(setup: Setup) {
  const requests: Array<{ route: string; body: unknown }> = [];
  stubFetch((request) => {
    requests.push({ route: request.route, body: request.body });
    switch (request.route) {
      case 'GET /wallet/asset':
        return ok(p2pCatalogue);
      case 'GET /p2p/offers/42':
        return ok(setup.offer);
      case 'GET /wallet/balance':
        return ok({
          total: { currency: 'USD', amount: '0' },
          balances: [{ asset: 'USDT', available: '50000000', held: '0', local_amount: '0' }],
        });
      case 'GET /security':
        return ok({ ...securityInfo, passCode: setup.passCode ?? true });
      case 'POST /security/pass-code/token':
        return ok({ token: 'confirmation-token-0001' });
      case 'POST /p2p/orders/42':
        return setup.createOrder ?? orderAnswer;
      default:
        return marketAnswer(request.route, { passport: setup.passport ?? true });
    }
  });
  const platform = fakePlatform('web');
  const app = renderApp({ path: '/p2p/offers/42', platform, session: fakeSession(marketSession()) });
  return { ...app, platform, requests };
}

const sellOffer = () => offerFixture({ is_mine: false, status: 'active' });
const buyOffer = () =>
  offerFixture({
    is_mine: false,
    status: 'active',
    type: 'buy',
    payment: { ...offerFixture().payment, maker_accepts: [], taker_accepts: [sbpOfTaker] },
  });

function type(label: string, value: string) {
  act(() => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));
}

async function press(platform: ReturnType<typeof fakePlatform>, slot: 'main' | 'secondary') {
  await act(async () => {
    platform.screenActions.press(slot);
    await settle();
  });
}

async function clickIn(container: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(container).getByRole('button', { name }));
    await settle();
  });
}

/** Amounts keep their no-break space: compare text exactly, not with whitespace collapsed. */
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

/** Lets the calls in flight answer and the page move on. */
async function settled() {
  for (let turn = 0; turn < 5; turn += 1) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await settle();
    });
  }
}

const creates = (requests: Array<{ route: string; body: unknown }>) =>
  requests.filter((request) => request.route === 'POST /p2p/orders/42').map((request) => request.body);

fakeTimersForEachTest();

describe('taking an offer', () => {
  it('a buyer types 10,5 USDT, confirms the sheet and lands on the order page; the offer’s query is refreshed', async () => {
    const { platform, router, requests } = start({ offer: sellOffer() });
    await shows('95.50 ₽ per USDT');
    type('Amount, USDT', '10,5');
    expect(platform.screenActions.snapshot().main).toMatchObject({ label: 'Buy USDT', disabled: false });
    await press(platform, 'main');
    const sheet = screen.getByRole('dialog');
    expect(within(sheet).getByText('Are you sure you want to buy USDT for RUB via Sberbank · SBP?')).toBeTruthy();
    await clickIn(sheet, 'Buy USDT');
    await settled();
    expect(router.state.location.pathname).toBe('/p2p/orders/501');
    const [body] = creates(requests);
    expect(body).toEqual({
      identifier: 'sbp',
      child_identifier: 'sberbank',
      payment_method_id: 3,
      amount: '10500000',
      amount_type: 'crypto',
      price: '95.5',
      unique_hash: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/),
      token: null,
    });
    // Refreshed at once (no timer has run): read again after the order was made.
    const posted = requests.findIndex((request) => request.route === 'POST /p2p/orders/42');
    expect(requests.slice(posted).some((request) => request.route === 'GET /p2p/offers/42')).toBe(true);
    // The amount is forgotten once the order exists; the form opens empty next time.
    expect(JSON.parse(sessionStorage.getItem('kopilka.p2p.take.42') ?? '{}')).toMatchObject({ amount: '' });
  });

  it('a long method name wraps onto a second line while the masked “•••• 4567” stays whole', async () => {
    const [accepted] = sellOffer().payment.maker_accepts;
    if (accepted === undefined) throw new Error('the fixture offer accepts no method');
    const longName = { ...accepted, locale: 'SBP (Faster Payments)', child_locale: 'T-Bank', data: '•••• 4567' };
    start({
      offer: offerFixture({
        is_mine: false,
        status: 'active',
        payment: { ...sellOffer().payment, maker_accepts: [longName] },
      }),
    });
    const name = await shows('T-Bank · SBP (Faster Payments)');
    // Not a one-line "names" cell, which ends a long name in "…" at 320 px.
    expect(name.closest('.ui-cell')?.className).toBe('ui-cell');
    expect(screen.getByText('•••• 4567').className).toBe('ui-nowrap');
  });

  it('an unverified seller sees the notice with 24 hours once; Skip goes on to the passcode, and the order is sent with its token', async () => {
    const { platform, requests, router } = start({ offer: buyOffer(), passport: false });
    await shows('95.50 ₽ per USDT');
    type('Amount, RUB', '1000');
    await press(platform, 'main');
    await clickIn(screen.getByRole('dialog'), 'Sell USDT');
    expect(await shows('Verify your account')).toBeTruthy();
    expect(
      screen.getByText(
        'Without passport or address verification, crypto you buy on the P2P market stays locked for 24 hours: it can’t be withdrawn or sold until then. Verify once to trade without the wait.',
      ),
    ).toBeTruthy();
    expect(platform.screenActions.snapshot().main?.label).toBe('Verify');
    expect(platform.screenActions.snapshot().secondary?.label).toBe('Skip');
    await press(platform, 'secondary');
    expect(await shows('Confirm the order')).toBeTruthy();
    expect(screen.getByText('Enter your passcode to sell 10.471204\u00a0USDT.', exactly)).toBeTruthy();
    const keypad = screen.getByRole('group', { name: 'Keypad' });
    for (const digit of '2580') {
      await act(async () => {
        fireEvent.click(within(keypad).getByRole('button', { name: digit }));
        await settle();
      });
    }
    await settled();
    const token = requests.find((request) => request.route === 'POST /security/pass-code/token');
    const [body] = creates(requests);
    expect(token?.body).toEqual({
      code: '2580',
      transactionType: 'p2p',
      hash: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/),
    });
    expect(body).toMatchObject({
      identifier: 'sbp',
      child_identifier: 'tbank_sbp',
      payment_method_id: 9,
      amount: '1000',
      amount_type: 'fiat',
      price: '95.5',
      token: 'confirmation-token-0001',
    });
    expect(Reflect.get(Object(body), 'unique_hash')).toBe(Reflect.get(Object(token?.body), 'hash'));
    expect(router.state.location.pathname).toBe('/p2p/orders/501');
  });

  it('the notice is not shown a second time to the same person', async () => {
    localStorage.setItem('kopilka.p2p.unlockNoticeShown.7', 'true');
    const { platform } = start({ offer: buyOffer(), passport: false });
    await shows('95.50 ₽ per USDT');
    type('Amount, RUB', '1000');
    await press(platform, 'main');
    await clickIn(screen.getByRole('dialog'), 'Sell USDT');
    expect(await shows('Confirm the order')).toBeTruthy();
    expect(screen.queryByText('Verify your account')).toBeNull();
  });

  it('Verify on the notice opens account verification', async () => {
    const { platform, router } = start({ offer: sellOffer(), passport: false });
    await shows('95.50 ₽ per USDT');
    type('Amount, USDT', '10');
    await press(platform, 'main');
    await clickIn(screen.getByRole('dialog'), 'Buy USDT');
    await shows('Verify your account');
    await press(platform, 'main');
    expect(router.state.location.pathname).toBe('/account/verification');
  });

  it('a seller with no passcode is sent to set one first, with the full suggestion that cannot be dismissed', async () => {
    const { platform, router } = start({ offer: buyOffer(), passCode: false });
    await shows('95.50 ₽ per USDT');
    type('Amount, RUB', '1000');
    await press(platform, 'main');
    expect(await shows('Protect your wallet with a passcode')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/security/passcode/new');
    expect(router.state.location.search).toMatchObject({ suggestion: 'strict' });
    expect(platform.screenActions.snapshot().main?.label).toBe('Set a passcode');
    expect(platform.screenActions.snapshot().secondary).toBeNull();
  });

  it('a refused restriction says which and the person’s figure, and the next order gets a new hash', async () => {
    const { platform, requests } = start({
      offer: sellOffer(),
      createOrder: {
        status: 403,
        body: {
          code: 'restriction_failed',
          message: 'Restriction failed',
          data: { restriction: 'completed_trades_percent', required: 90, actual: 75 },
        },
      },
    });
    await shows('95.50 ₽ per USDT');
    type('Amount, USDT', '10');
    await press(platform, 'main');
    await clickIn(screen.getByRole('dialog'), 'Buy USDT');
    expect(
      await shows('This offer needs at least 90% of orders completed in the last 30 days. You have 75%.'),
    ).toBeTruthy();
    await press(platform, 'main');
    await clickIn(screen.getByRole('dialog'), 'Buy USDT');
    const [first, second] = creates(requests).map((body) => Reflect.get(Object(body), 'unique_hash'));
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(second).not.toBe(first);
  });

  it('price_changed asks again on the sheet at the new price', async () => {
    const { platform, requests } = start({
      offer: sellOffer(),
      createOrder: { status: 409, body: { code: 'price_changed', message: 'Price changed', data: { price: '96' } } },
    });
    await shows('95.50 ₽ per USDT');
    type('Amount, USDT', '10,5');
    await press(platform, 'main');
    await clickIn(screen.getByRole('dialog'), 'Buy USDT');
    const sheet = screen.getByRole('dialog');
    expect(
      within(sheet).getByText('The price has changed to 96.00\u00a0₽. Check the amounts and confirm again.', exactly),
    ).toBeTruthy();
    const row = within(sheet).getByText('You pay', { selector: '.ui-cell-title' }).closest('.ui-cell');
    expect(row?.querySelector('.ui-cell-value')?.textContent).toBe('1\u00a0008.00\u00a0₽');
    await clickIn(sheet, 'Buy USDT');
    expect(creates(requests).map((body) => Reflect.get(Object(body), 'price'))).toEqual(['95.5', '96']);
  });
});
