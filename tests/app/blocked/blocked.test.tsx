/**
 * The blocked screen on guarded paths (spec 000 s.4 "Blocked user"): rendered by the root layout
 * instead of the route for a signed-in person whose compliance is locked or banned, in English
 * and in Russian.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Compliance } from '../../../src/contract/settings.ts';
import { installFakeApi } from '../settings/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const clear: Compliance = {
  lock: false,
  ban: false,
  ban_reason: null,
  pending_actions_from_user: false,
  soft_ban_until: null,
};
const thisYear = new Date().getUTCFullYear();

function openAs(
  path: string,
  compliance: Partial<Compliance>,
  language: 'en' | 'ru' = 'en',
  platform = fakePlatform('web'),
) {
  const api = installFakeApi({ compliance: { ...clear, ...compliance }, language, timezone: 'Europe/Moscow' });
  return renderApp({ path, session: api.session(), platform });
}

describe('a locked user', () => {
  it('sees that the money is locked instead of a guarded area', async () => {
    openAs('/swap', { lock: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your money is locked' })).toBeTruthy();
    expect(screen.getByText(/temporarily locked.*Contact support/)).toBeTruthy();
    expect(screen.queryByText('Reason')).toBeNull();
  });

  it('on the web goes to the wallet with the main button at the bottom', async () => {
    const { router } = openAs('/swap', { lock: true });
    await screen.findByRole('heading', { level: 1, name: 'Your money is locked' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to the wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('on the web contacts support with the second button', async () => {
    const { router } = openAs('/swap', { lock: true });
    await screen.findByRole('heading', { level: 1, name: 'Your money is locked' });
    fireEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it('in the mini app finds both actions on Telegram’s buttons, not in the page', async () => {
    const { router, platform } = openAs('/swap', { lock: true }, 'en', fakePlatform('mini-app'));
    await screen.findByRole('heading', { level: 1, name: 'Your money is locked' });
    expect(platform.screenActions.snapshot().main?.label).toBe('Go to the wallet');
    expect(platform.screenActions.snapshot().secondary?.label).toBe('Contact support');
    expect(screen.queryByRole('button', { name: 'Go to the wallet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Contact support' })).toBeNull();
    act(() => platform.screenActions.press('secondary'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it('sees the reason and until when, in their time zone', async () => {
    openAs('/wallet/deposit/TON', {
      lock: true,
      ban_reason: 'Documents requested',
      soft_ban_until: `${thisYear}-03-12T11:30:00Z`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your money is locked' })).toBeTruthy();
    expect(screen.getByText('Reason')).toBeTruthy();
    expect(screen.getByText('Documents requested')).toBeTruthy();
    expect(screen.getByText('Locked until')).toBeTruthy();
    expect(screen.getByText('12 Mar 14:30')).toBeTruthy();
  });

  it('is told in Russian', async () => {
    i18n.activate('ru');
    openAs('/p2p/offers/7', { lock: true, soft_ban_until: `${thisYear + 1}-01-05T08:05:00Z` }, 'ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ваши средства заблокированы' })).toBeTruthy();
    expect(screen.getByText(/временно заблокированы.*Напишите в поддержку/)).toBeTruthy();
    expect(screen.getByText('Заблокированы до')).toBeTruthy();
    expect(screen.getByText(`5 янв. ${thisYear + 1} 11:05`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Перейти в кошелёк' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Написать в поддержку' })).toBeTruthy();
  });

  it('still reaches areas that are not guarded', async () => {
    openAs('/account/settings', { lock: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your money is locked' })).toBeNull();
  });
});

describe('a banned user', () => {
  it('sees that the account is blocked for good, with the reason', async () => {
    openAs('/trade/BTC-USDT', { ban: true, lock: true, ban_reason: 'Fraud' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is blocked' })).toBeTruthy();
    expect(screen.getByText(/blocked for good/)).toBeTruthy();
    expect(screen.getByText('Fraud')).toBeTruthy();
    expect(screen.queryByText('Locked until')).toBeNull();
  });

  it('is told in Russian', async () => {
    i18n.activate('ru');
    openAs('/fortune', { ban: true, ban_reason: 'Мошенничество', soft_ban_until: `${thisYear}-12-31T20:00:00Z` }, 'ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ваш аккаунт заблокирован' })).toBeTruthy();
    expect(screen.getByText(/заблокирован навсегда/)).toBeTruthy();
    expect(screen.getByText('Причина')).toBeTruthy();
    expect(screen.getByText('Мошенничество')).toBeTruthy();
    expect(screen.getByText('Заблокирован до')).toBeTruthy();
    expect(screen.getByText('31 дек. 23:00')).toBeTruthy();
  });
});

describe('everyone else', () => {
  it('an unblocked user reaches the guarded route (not built yet: not found)', async () => {
    openAs('/swap', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('a signed-out visitor is not shown the blocked screen', async () => {
    installFakeApi();
    renderApp({ path: '/campaigns', session: fakeSession({ status: 'signed-out' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /locked|blocked/ })).toBeNull());
  });
});
