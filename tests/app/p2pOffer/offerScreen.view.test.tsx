/**
 * The offer screen /p2p/offers/{id} (spec 001 s.2, s.4, s.5): its precedence (loading, not found,
 * the maker's management or the passport prompt, the blocked view, the take form), the take
 * form's amount rules, and the management view's rows. The whole app with a fake server; every
 * expectation is a literal written from the fixtures (offer 42: 100 USDT at 95.50 RUB, limits
 * 500–10 000 RUB).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../../src/contract/p2p-offers.ts';
import { type Answer, ok, stubFetch } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { settle } from '../support/heldServer.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { marketAnswer, marketSession, offerFixture, p2pCatalogue } from './offerFixtures.ts';

interface Setup {
  offer?: Offer | Answer;
  passport?: boolean;
  canEditRemark?: boolean;
  permissions?: Record<string, boolean>;
  /** The taker's available USDT, smallest units. */
  balance?: string;
  path?: string;
}

function start(setup: Setup = {}) {
  const offer = setup.offer ?? offerFixture();
  stubFetch((request) => {
    switch (request.route) {
      case 'GET /wallet/asset':
        return ok(p2pCatalogue);
      case 'GET /p2p/offers/42':
        return 'status' in offer && 'body' in offer ? offer : ok(offer);
      case 'GET /wallet/balance':
        return ok({
          total: { currency: 'USD', amount: '0' },
          balances: [{ asset: 'USDT', available: setup.balance ?? '0', held: '0', local_amount: '0' }],
        });
      default:
        return marketAnswer(request.route, { canEditRemark: setup.canEditRemark, passport: setup.passport });
    }
  });
  const platform = fakePlatform('web');
  const app = renderApp({
    path: setup.path ?? '/p2p/offers/42',
    platform,
    session: fakeSession(marketSession(setup.permissions)),
  });
  return { ...app, platform };
}

const main = (platform: ReturnType<typeof fakePlatform>) => platform.screenActions.snapshot().main;

function type(label: string, value: string) {
  act(() => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));
}

const taker = (overrides: Partial<Offer> = {}) => offerFixture({ is_mine: false, status: 'active', ...overrides });

fakeTimersForEachTest();

describe('which view the offer screen shows', () => {
  it('a missing offer is an empty view saying so', async () => {
    start({ offer: { status: 404, body: { code: 'offer_not_found', message: 'No such offer' } } });
    expect(await shows('Offer not found')).toBeTruthy();
    expect(screen.getByText('It may have been deleted by its author.')).toBeTruthy();
  });

  it('the maker of an offline offer without passport or address verification is asked to verify first, and may go on', async () => {
    const { platform, router } = start({ passport: false });
    expect(await shows('Verify your passport')).toBeTruthy();
    expect(main(platform)?.label).toBe('Verify passport');
    expect(platform.screenActions.snapshot().secondary?.label).toBe('Not now');
    act(() => platform.screenActions.press('secondary'));
    expect(await shows('Offer #42')).toBeTruthy();
    expect(main(platform)?.label).toBe('Turn Online');
    expect(router.state.location.pathname).toBe('/p2p/offers/42');
  });

  it('after Not now the prompt is not shown again in this tab', async () => {
    const first = start({ passport: false });
    await shows('Verify your passport');
    act(() => first.platform.screenActions.press('secondary'));
    await shows('Offer #42');
    first.unmount();
    const { platform } = start({ passport: false });
    expect(await shows('Offer #42')).toBeTruthy();
    expect(screen.queryByText('Verify your passport')).toBeNull();
    expect(platform.screenActions.snapshot().main?.label).toBe('Turn Online');
  });

  it('the maker of an online offer goes straight to the management view, even unverified', async () => {
    const { platform } = start({ passport: false, offer: offerFixture({ status: 'active' }) });
    expect(await shows('Offer #42')).toBeTruthy();
    expect(main(platform)?.label).toBe('Turn Offline');
    expect(screen.queryByText('Verify your passport')).toBeNull();
  });

  it('someone barred from market orders sees the blocked view, not the form', async () => {
    const { platform } = start({ offer: taker(), permissions: { can_create_market_order: false } });
    expect(await shows('You can’t take offers')).toBeTruthy();
    expect(screen.queryByLabelText('Amount, USDT')).toBeNull();
    expect(main(platform)).toBeNull();
  });

  it('anyone else sees the take form: "Buy USDT" on a sell offer, off until an amount is typed', async () => {
    const { platform } = start({ offer: taker() });
    expect(await shows('95.50 ₽ per USDT')).toBeTruthy();
    expect(main(platform)).toMatchObject({ label: 'Buy USDT', disabled: true });
    expect(screen.getByText('anna_trades')).toBeTruthy();
    expect(screen.getByText('12 orders · 98% completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: /anna_trades/ }).getAttribute('href')).toBe('/p2p/users/7');
    expect(screen.getByText('500.00 ₽ – 10 000.00 ₽')).toBeTruthy();
    expect(screen.getByText('30 minutes')).toBeTruthy();
  });

  it('an offline offer opened by its link says it cannot be taken until its author turns it online', async () => {
    start({ offer: taker({ status: 'inactive' }) });
    expect(await shows('This offer is offline. It can be taken once its author turns it online again.')).toBeTruthy();
  });

  it('an online offer shows no offline notice', async () => {
    start({ offer: taker() });
    await shows('95.50 ₽ per USDT');
    expect(screen.queryByText(/This offer is offline/)).toBeNull();
  });

  it('"Sell USDT" on a buy offer', async () => {
    const { platform } = start({ offer: taker({ type: 'buy' }) });
    await shows('95.50 ₽ per USDT');
    expect(main(platform)?.label).toBe('Sell USDT');
  });
});

describe('the take form’s amount', () => {
  it('is typed in crypto by default on a sell offer, with its limits in USDT', async () => {
    start({ offer: taker() });
    await shows('95.50 ₽ per USDT');
    type('Amount, USDT', '1');
    expect(screen.getByText('Minimum amount is 5.235603 USDT')).toBeTruthy();
    type('Amount, USDT', '200');
    expect(screen.getByText('Maximum amount is 100 USDT')).toBeTruthy();
    type('Amount, USDT', '10,5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('≈ 1 002.75 RUB')).toBeTruthy();
    type('Amount, USDT', '1.1234567');
    expect(screen.getByText('USDT allows at most 6 decimal places')).toBeTruthy();
  });

  it('Max fills what the offer has left (100 USDT under its 104.71 USDT maximum); the toggle shows it in RUB', async () => {
    start({ offer: taker() });
    await shows('95.50 ₽ per USDT');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Max' })));
    expect((screen.getByLabelText('Amount, USDT') as HTMLInputElement).value).toBe('100');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'RUB' })));
    expect((screen.getByLabelText('Amount, RUB') as HTMLInputElement).value).toBe('9550');
    type('Amount, RUB', '400');
    expect(screen.getByText('Minimum amount is 500 RUB')).toBeTruthy();
    type('Amount, RUB', '10000.01');
    expect(screen.getByText('Maximum amount is 9 550 RUB')).toBeTruthy();
  });

  it('on a buy offer it is typed in RUB, and the taker’s balance bounds it and Max', async () => {
    start({ offer: taker({ type: 'buy' }), balance: '6000000' });
    await shows('95.50 ₽ per USDT');
    type('Amount, RUB', '600');
    expect(screen.getByText('Not enough USDT on your balance')).toBeTruthy();
    type('Amount, RUB', '550');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Max' })));
    expect((screen.getByLabelText('Amount, RUB') as HTMLInputElement).value).toBe('573');
  });

  it('is remembered per offer with its type', async () => {
    const first = start({ offer: taker() });
    await shows('95.50 ₽ per USDT');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'RUB' })));
    type('Amount, RUB', '1500');
    first.unmount();
    start({ offer: taker() });
    await shows('95.50 ₽ per USDT');
    expect((screen.getByLabelText('Amount, RUB') as HTMLInputElement).value).toBe('1500');
  });
});

describe('the payment method row', () => {
  it('a sell offer with one method of the maker shows it with its last 4', async () => {
    start({ offer: taker() });
    await shows('95.50 ₽ per USDT');
    expect(screen.getByText('Sberbank · SBP')).toBeTruthy();
    expect(screen.getByText('•••• 4417')).toBeTruthy();
  });

  it('a buy offer whose taker has no matching method asks to add details', async () => {
    start({ offer: taker({ type: 'buy' }) });
    await shows('95.50 ₽ per USDT');
    expect(screen.getByRole('link', { name: 'Add payment details' }).getAttribute('href')).toBe(
      '/p2p/methods/add/RUB?back=/p2p/offers/42',
    );
  });
});

describe('the management view', () => {
  it('an online offer: volume and methods cannot be opened, no Delete, no conditions without can_edit_remark', async () => {
    start({ offer: offerFixture({ status: 'active' }) });
    await shows('Offer #42');
    expect(screen.getAllByText('Turn the offer offline to change this')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /Volume/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Price/ }).getAttribute('href')).toBe('/p2p/offers/42/price');
    expect(screen.queryByText('Conditions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete offer' })).toBeNull();
  });

  it('an offline offer opens every edit page, conditions too when can_edit_remark', async () => {
    start({ canEditRemark: true });
    await shows('Offer #42');
    await shows('Conditions');
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const page of ['price', 'volume', 'limits', 'methods', 'time', 'conditions', 'restrictions']) {
      expect(hrefs).toContain(`/p2p/offers/42/${page}`);
    }
    expect(screen.getByText('Left: 100 USDT')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete offer' })).toBeTruthy();
  });

  it('back=offers returns to the list the offer is on (a sell offer: /p2p/buy)', async () => {
    const { platform, router } = start({ offer: taker(), path: '/p2p/offers/42?back=offers' });
    await shows('95.50 ₽ per USDT');
    act(() => platform.screenActions.press('back'));
    await act(async () => {
      vi.advanceTimersByTime(0);
      await settle();
    });
    expect(router.state.location.pathname).toBe('/p2p/buy');
  });
});
