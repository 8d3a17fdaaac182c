/**
 * The verified merchant page at /account/verified-merchant and its entry on the Account page,
 * against a fake server: each of the five statuses with what it says and allows, the conditions
 * with the person's progress, the deposit shown before applying, applying and leaving with their
 * answers and refusals, the refund date, and Russian.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerifiedMerchantState } from '../../../src/contract/p2p-merchant.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { p2pCatalogue } from '../p2pOffer/offerFixtures.ts';
import { cellValue } from '../support/cells.ts';
import { type Answer, baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

beforeEach(() => {
  // Only the clock: now is 24 November 2026, 12:00 UTC (15:00 in Moscow, the person's zone).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settings = (language: 'en' | 'ru' = 'en', flags: Record<string, boolean> = { show_p2p: true }): UserSettings => ({
  ...baseSettings,
  language,
  timezone: 'Europe/Moscow',
  feature_flags: flags,
});

/** 12 of 50 orders, 97 % of 95 %, no merchant verification, 120 of the 500 USDT deposit. */
const notMet: VerifiedMerchantState = {
  status: 'conditions_not_met',
  conditions: [
    { kind: 'completed_orders', required: '50', current: '12', met: false },
    { kind: 'completion_percent_30d', required: '95', current: '97', met: true },
    { kind: 'verification_level', required: 'p2p-merchant', current: 'false', met: false },
    { kind: 'deposit_balance', required: '500000000', current: '120000000', met: false },
  ],
  deposit: { asset: 'USDT', amount: '500000000' },
  deposit_held: false,
  refund_at: null,
  rejection_note: null,
  updated_at: null,
};

const allMet = notMet.conditions.map((condition) => ({
  ...condition,
  current: condition.kind === 'verification_level' ? 'true' : condition.required,
  met: true,
}));

const canApply: VerifiedMerchantState = { ...notMet, status: 'can_apply', conditions: allMet };
const onReview: VerifiedMerchantState = { ...canApply, status: 'on_review', deposit_held: true };
const verified: VerifiedMerchantState = { ...onReview, status: 'verified_merchant' };
const refunding: VerifiedMerchantState = {
  ...verified,
  status: 'refund_pending',
  refund_at: '2026-12-01T12:00:00Z',
};

function install(state: VerifiedMerchantState, answers: { apply?: Answer; leave?: Answer } = {}) {
  const sent: FakeRequest[] = [];
  stubFetch((request) => {
    sent.push(request);
    switch (request.route) {
      case 'GET /user/settings':
        return ok(settings());
      case 'GET /wallet/asset':
        return ok(p2pCatalogue);
      case 'GET /p2p/profile/verified-merchant':
        return ok(state);
      case 'POST /p2p/profile/verified-merchant/apply':
        return answers.apply;
      case 'POST /p2p/profile/verified-merchant/leave':
        return answers.leave;
      default:
        return undefined;
    }
  });
  return { calls: () => sent.filter((request) => request.method === 'POST').map((request) => request.route) };
}

function open(language: 'en' | 'ru' = 'en') {
  const platform = fakePlatform('web');
  const app = renderApp({
    path: '/account/verified-merchant',
    platform,
    session: fakeSession({ status: 'signed-in', settings: settings(language) }),
  });
  return { ...app, platform };
}

/** What a condition's cell says under its title. */
function conditionText(title: string): string {
  const titleElement = screen.getAllByText(title).find((element) => element.classList.contains('ui-cell-title'));
  return titleElement?.closest('.ui-cell')?.querySelector('.ui-cell-subtitle')?.textContent ?? '';
}

function progress(): Record<string, string | null> {
  return Object.fromEntries(
    screen
      .getAllByRole('progressbar')
      .map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')]),
  );
}

/** As the page writes it: the unit kept on the amount's line. */
const USDT = (amount: string) => `${amount}\u00a0USDT`;

// Texts found by getByText are compared with their spaces made plain (Testing Library's normaliser).
describe('the verified merchant page', () => {
  it('shows each condition with the person’s progress while they are not met, and offers no application', async () => {
    install(notMet);
    const { platform } = open();
    expect(await screen.findByText('Conditions not met yet')).toBeTruthy();
    expect(screen.getByText('Meet every condition below to apply.')).toBeTruthy();
    expect(conditionText('Completed orders')).toBe('12 of 50 · Not met yet');
    expect(conditionText('Completion rate, 30 days')).toBe('97% of 95% · Met');
    expect(conditionText('Merchant verification')).toBe('Not met yet · Verify');
    expect(conditionText('Balance for the deposit')).toBe(`${USDT('120')} of ${USDT('500')} · Not met yet`);
    expect(screen.getByRole('link', { name: 'Verify' }).getAttribute('href')).toBe('/account/verification');
    expect(progress()).toEqual({
      'Completed orders': '24',
      'Completion rate, 30 days': '100',
      'Merchant verification': '0',
      'Balance for the deposit': '24',
    });
    expect(cellValue('Deposit')).toBe(USDT('500'));
    expect(screen.getByText('Not held')).toBeTruthy();
    expect(platform.screenActions.snapshot().main).toBeNull();
    expect(screen.queryByRole('button', { name: /Leave|Withdraw/ })).toBeNull();
  });

  it('shows the deposit before applying, and applying puts the application on review', async () => {
    const api = install(canApply, { apply: ok(onReview) });
    const { platform } = open();
    expect(await screen.findByText('You meet every condition. Applying holds the 500 USDT deposit.')).toBeTruthy();
    expect(conditionText('Merchant verification')).toBe('Met');
    expect(platform.screenActions.snapshot().main?.label).toBe('Apply');
    act(() => platform.screenActions.press('main'));
    const sheet = screen.getByRole('dialog');
    expect(within(sheet).getByRole('heading').textContent).toBe('Apply as a verified merchant?');
    expect(sheet.textContent).toContain(
      `${USDT('500')} will be held from your available balance now. Support reviews your application; if it is declined, the deposit is released at once.`,
    );
    // Nothing is sent by opening the confirmation.
    expect(api.calls()).toEqual([]);
    act(() => void fireEvent.click(within(sheet).getByRole('button', { name: `Hold ${USDT('500')} and apply` })));
    expect(await screen.findByText('Application under review')).toBeTruthy();
    expect(screen.getByText('Application sent')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Held now')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw application' })).toBeTruthy();
    expect(api.calls()).toEqual(['POST /p2p/profile/verified-merchant/apply']);
  });

  it('says when the balance does not cover the deposit', async () => {
    install(canApply, { apply: { status: 409, body: { code: 'insufficient_funds', message: 'refused' } } });
    const { platform } = open();
    await screen.findByText('You can apply');
    act(() => platform.screenActions.press('main'));
    act(() => void fireEvent.click(screen.getByRole('button', { name: `Hold ${USDT('500')} and apply` })));
    expect(await screen.findByText('Your available balance doesn’t cover the 500 USDT deposit.')).toBeTruthy();
    expect(screen.getByText('You can apply')).toBeTruthy();
  });

  it('a verified merchant sees the badge, and leaving says when the deposit comes back', async () => {
    const api = install(verified, { leave: ok(refunding) });
    open();
    expect(await screen.findByText('You are a verified merchant')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Verified merchant' })).toBeTruthy();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Leave verified merchants' })));
    const sheet = screen.getByRole('dialog');
    expect(within(sheet).getByRole('heading').textContent).toBe('Leave verified merchants?');
    expect(sheet.textContent).toContain(
      `The badge and the higher order limit end now. Your ${USDT('500')} deposit is released 7 days from now.`,
    );
    act(() => void fireEvent.click(within(sheet).getByRole('button', { name: 'Leave' })));
    expect(await screen.findByText('Deposit refund pending')).toBeTruthy();
    expect(screen.getByText('Your 500 USDT deposit will be released on 1 Dec 15:00.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Leave|Withdraw/ })).toBeNull();
    expect(api.calls()).toEqual(['POST /p2p/profile/verified-merchant/leave']);
  });

  it('shows support’s note after a rejection', async () => {
    install({ ...canApply, rejection_note: 'Too many disputes last month.' });
    open();
    expect(await screen.findByText('Too many disputes last month.')).toBeTruthy();
    expect(screen.getByText('Support’s note on your last application')).toBeTruthy();
  });

  it('reads in Russian', async () => {
    install(refunding);
    open('ru');
    expect(await screen.findByText('Ожидается возврат депозита')).toBeTruthy();
    expect(screen.getByText('Депозит 500 USDT будет разморожен 1 дек. 15:00.')).toBeTruthy();
  });
});

describe('the Account page', () => {
  it('leads to the verified merchant status when the market is open to the person', async () => {
    stubFetch((request) => (request.route === 'GET /user/settings' ? ok(settings()) : undefined));
    renderApp({ path: '/account', session: fakeSession({ status: 'signed-in', settings: settings() }) });
    const entry = await screen.findByRole('link', { name: 'Verified merchant' });
    expect(entry.getAttribute('href')).toBe('/account/verified-merchant');
  });

  it('has no such entry without the market', async () => {
    stubFetch((request) => (request.route === 'GET /user/settings' ? ok(settings('en', {})) : undefined));
    renderApp({ path: '/account', session: fakeSession({ status: 'signed-in', settings: settings('en', {}) }) });
    await screen.findByRole('link', { name: 'Verification' });
    expect(screen.queryByRole('link', { name: 'Verified merchant' })).toBeNull();
  });
});
