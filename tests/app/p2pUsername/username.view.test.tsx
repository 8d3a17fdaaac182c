/**
 * The username page beyond its machine's paths (usernamePaths.view.test.tsx): the changes left
 * in Russian plurals, Telegram's MainButton and BackButton in the mini app, the characters the
 * field drops as they are typed, and the stats modal leaving out a rate of no orders.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnMarketProfile } from '../../../src/contract/p2p-profile.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { ownProfile } from '../p2pProfile/fakeP2PProfileApi.ts';
import { baseSettings, ok, stubFetch } from '../support/fakeApi.ts';
import { pressTelegramMainButton } from '../support/screenActionButtons.tsx';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(profile: Partial<OwnMarketProfile>, language: 'en' | 'ru' = 'en') {
  const settings: UserSettings = { ...baseSettings, language, feature_flags: { show_p2p: true } };
  stubFetch((request) => {
    if (request.route === 'GET /user/settings') return ok(settings);
    if (request.route === 'GET /p2p/profile') return ok({ ...ownProfile, ...profile });
    if (request.route === 'POST /p2p/profile/check-username') return ok({ exists: false });
    if (request.route === 'PATCH /p2p/profile') {
      return { status: 403, body: { code: 'NOT_ENOUGH_ORDERS', message: 'refused' } };
    }
    return undefined;
  });
  const platform = fakePlatform('mini-app');
  const app = renderApp({
    path: '/p2p/profile/name',
    platform,
    session: fakeSession({ status: 'signed-in', settings }),
  });
  return { ...app, platform };
}

describe('the username page', () => {
  it('counts the changes left with Russian plurals', async () => {
    const cases: Array<[number, string]> = [
      [2, 'За 12 месяцев его можно сменить ещё 2 раза.'],
      [1, 'За 12 месяцев его можно сменить ещё 1 раз.'],
      [0, 'Обе смены за последние 12 месяцев уже использованы.'],
    ];
    for (const [left, text] of cases) {
      const { unmount } = open({ username_changes_left: left }, 'ru');
      expect(await screen.findByText(text, { exact: false })).toBeTruthy();
      unmount();
    }
  });

  it('keeps only what a username may hold as it is typed', async () => {
    open({});
    const field = await screen.findByLabelText<HTMLInputElement>('Username');
    expect(field.value).toBe('kopilka_me');
    act(() => void fireEvent.change(field, { target: { value: '_9 Анна river-fox!' } }));
    expect(field.value).toBe('riverfox');
  });

  it('saves with Telegram’s MainButton, and its BackButton returns to the profile', async () => {
    const { platform, router } = open({
      stats: { ...ownProfile.stats, all_time: { completed_orders: 0, completion_percent: 0 } },
    });
    const field = await screen.findByLabelText('Username');
    act(() => void fireEvent.change(field, { target: { value: 'river_fox' } }));
    pressTelegramMainButton(platform, 'Save');
    const modal = await screen.findByRole('dialog');
    // No orders: the record shows the count alone (a rate of nothing says nothing).
    expect(within(modal).getByText('Completed orders').parentElement?.textContent).toBe('Completed orders0');
    expect(within(modal).queryByText('Completion rate')).toBeNull();
    act(() => platform.screenActions.press('back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/profile'));
  });
});
