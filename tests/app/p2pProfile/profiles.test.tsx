/**
 * The market profiles against a fake server (fakeP2PProfileApi.ts): the person's own at
 * /p2p/profile and another user's at /p2p/users/{id}, with the trading record, honest presence
 * ("online" only on the server's word, else when last seen), reviews with their filter and cursor
 * paging, and Russian plurals.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { baseSettings } from '../support/fakeApi.ts';
import { fakeSession, renderApp } from '../support.tsx';
import { anna, type FakeP2PProfileApi, installP2PProfileApi, reviewsOf } from './fakeP2PProfileApi.ts';

beforeEach(() => {
  // Only the clock: "now" is 24 November 2026, 12:00 UTC (13:00 in Berlin, the person's zone).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const marketFlags = { show_p2p: true, show_p2p_methods: true };

function open(path: string, settings: Partial<UserSettings> = {}) {
  const full: UserSettings = {
    ...baseSettings,
    timezone: 'Europe/Berlin',
    feature_flags: marketFlags,
    ...settings,
  };
  return renderApp({ path, session: fakeSession({ status: 'signed-in', settings: full }) });
}

function cellValue(title: string): string {
  const titleElement = screen.getAllByText(title).find((element) => element.classList.contains('ui-cell-title'));
  const cell = titleElement?.closest('.ui-cell');
  return cell?.querySelector('.ui-cell-value')?.textContent ?? '';
}

function reviewsRequests(api: FakeP2PProfileApi) {
  return api.sent
    .filter((request) => request.route === 'GET /p2p/profile/31/reviews')
    .map((request) => Object.fromEntries(request.search));
}

describe('the own profile', () => {
  it('shows the name, @username, the record, the review counts and the way to payment methods', async () => {
    installP2PProfileApi();
    open('/p2p/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivan Sidorov' })).toBeTruthy();
    expect(screen.getByText('@kopilka_me')).toBeTruthy();
    expect(cellValue('Last 30 days')).toBe('0 orders');
    expect(cellValue('All time')).toBe('1 order · 100%');
    // The volume is written like every fiat amount (docs/formatting.md) once the catalogue is in.
    await waitFor(() => expect(cellValue('Volume')).toBe('$0.00'));
    expect(cellValue('On the market')).toBe('under a day');
    expect(cellValue('Positive')).toBe('1 review');
    expect(cellValue('Negative')).toBe('0 reviews');
    expect(screen.getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe('/p2p/methods');
    expect(screen.getByRole('link', { name: 'All reviews' }).getAttribute('href')).toBe('/p2p/users/5');
    // Spec 001 s.3's account info (can_edit_remark) is for the offer screens, not shown here.
    expect(document.body.textContent).not.toMatch(/remark/i);
  });

  it('leaves out payment methods when the person’s flags hide them', async () => {
    installP2PProfileApi();
    open('/p2p/profile', { feature_flags: { show_p2p: true } });
    await screen.findByRole('heading', { level: 1, name: 'Ivan Sidorov' });
    expect(screen.queryByRole('link', { name: 'Payment methods' })).toBeNull();
  });

  it('is not there without the P2P flag', async () => {
    installP2PProfileApi();
    open('/p2p/profile', { feature_flags: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('another user’s profile', () => {
  it('shows the name, @username and the record in words', async () => {
    installP2PProfileApi();
    open('/p2p/users/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Petrova' })).toBeTruthy();
    expect(screen.getByText('@anna_trader')).toBeTruthy();
    expect(cellValue('Last 30 days')).toBe('12 orders · 92%');
    expect(cellValue('All time')).toBe('101 orders · 98%');
    await waitFor(() => expect(cellValue('Volume')).toBe('$1,234.50'));
    expect(cellValue('On the market')).toBe('2 months');
    expect(
      screen.getByText('Completion rate: the share of orders completed rather than cancelled by this user.'),
    ).toBeTruthy();
  });

  it('shows no rate and no word on rates before the first order', async () => {
    installP2PProfileApi({
      profiles: [
        {
          ...anna,
          stats: {
            ...anna.stats,
            all_time: { completed_orders: 0, completion_percent: 0 },
            last_30_days: { completed_orders: 0, completion_percent: 0 },
          },
        },
      ],
    });
    open('/p2p/users/31');
    await screen.findByRole('heading', { level: 1, name: 'Anna Petrova' });
    expect(cellValue('All time')).toBe('0 orders');
    expect(screen.queryByText(/Completion rate/)).toBeNull();
  });

  it('says "last seen 12 minutes ago" when the server says offline and seen at 11:48', async () => {
    installP2PProfileApi();
    open('/p2p/users/31');
    expect(await screen.findByText('last seen 12 minutes ago')).toBeTruthy();
    expect(screen.queryByText('online')).toBeNull();
  });

  it('says "online" only when the server says so', async () => {
    installP2PProfileApi({ profiles: [{ ...anna, is_online: true, last_seen_at: '2026-11-24T11:58:00Z' }] });
    open('/p2p/users/31');
    expect(await screen.findByText('online')).toBeTruthy();
  });

  it('says yesterday with the time in the person’s zone for a day-old visit', async () => {
    installP2PProfileApi({ profiles: [{ ...anna, last_seen_at: '2026-11-23T13:05:00Z' }] });
    open('/p2p/users/31');
    expect(await screen.findByText('last seen yesterday at 14:05')).toBeTruthy();
  });

  it('says nothing about presence when the server gives no time', async () => {
    installP2PProfileApi({ profiles: [{ ...anna, last_seen_at: null }] });
    open('/p2p/users/31');
    await screen.findByRole('heading', { level: 1, name: 'Anna Petrova' });
    expect(screen.queryByText(/last seen|online/)).toBeNull();
  });

  it('says when there is no such user, and a non-numeric id is not a page', async () => {
    installP2PProfileApi();
    const { unmount } = open('/p2p/users/999');
    expect(await screen.findByText('User not found')).toBeTruthy();
    unmount();
    open('/p2p/users/anna');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('reviews', () => {
  it('are empty until orders exist, and say so', async () => {
    installP2PProfileApi();
    open('/p2p/users/31');
    expect(await screen.findByText('No reviews yet. Reviews are left after completed orders.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '0 reviews' })).toBeTruthy();
  });

  it('come 40 at a time, newest first, and "Show more" asks for the next page by cursor', async () => {
    const api = installP2PProfileApi({ reviews: reviewsOf(45) });
    open('/p2p/users/31');
    expect(await screen.findByRole('heading', { level: 2, name: '45 reviews' })).toBeTruthy();
    await screen.findByText('review 45');
    expect(screen.getAllByText(/^review \d+$/)).toHaveLength(40);
    expect(screen.queryByText('review 5')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('review 1');
    expect(screen.getAllByText(/^review \d+$/)).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(reviewsRequests(api).at(-1)).toEqual({ count: '40', cursor: '6' });
  });

  it('filter by type with their counts: Negative asks the server for negative ones only', async () => {
    const api = installP2PProfileApi({ reviews: reviewsOf(8) });
    open('/p2p/users/31');
    await screen.findByText('review 8');
    const negative = await screen.findByRole('button', { name: 'Negative 2' });
    expect(screen.getByRole('button', { name: 'All 8' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Positive 6' })).toBeTruthy();
    fireEvent.click(negative);
    await waitFor(() =>
      expect(screen.queryAllByText(/^review \d+$/).map((element) => element.textContent)).toEqual([
        'review 8',
        'review 4',
      ]),
    );
    expect(negative.getAttribute('aria-pressed')).toBe('true');
    expect(reviewsRequests(api).at(-1)).toEqual({ count: '40', type: 'negative' });
  });

  it('say "No negative reviews yet." when the filter finds none', async () => {
    installP2PProfileApi({ reviews: reviewsOf(3) });
    open('/p2p/users/31');
    fireEvent.click(await screen.findByRole('button', { name: /^Negative/ }));
    expect(await screen.findByText('No negative reviews yet.')).toBeTruthy();
  });
});

describe('in Russian', () => {
  it('counts orders, reviews and months with Russian plurals', async () => {
    installP2PProfileApi({ reviews: reviewsOf(1) });
    open('/p2p/users/31', { language: 'ru' });
    expect(await screen.findByRole('heading', { level: 2, name: '1 отзыв' })).toBeTruthy();
    expect(cellValue('За 30 дней')).toBe('12 сделок · 92%');
    expect(cellValue('За всё время')).toBe('101 сделка · 98%');
    // Dollars read as in English (docs/formatting.md), not "1 234,5 $".
    await waitFor(() => expect(cellValue('Объём')).toBe('$1,234.50'));
    expect(cellValue('На рынке')).toBe('2 месяца');
    expect(screen.getByText('был(а) в сети 12 минут назад')).toBeTruthy();
  });
});
