/**
 * Quiet hours at /p2p/quiet-hours and the own profile's ways to them and to the username page,
 * against a fake server: the window read in the person's time zone, a window across midnight said
 * in words, PATCH /p2p/profile with the window or null, and what is refused before anything is sent.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnMarketProfile } from '../../../src/contract/p2p-profile.ts';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { ownProfile } from '../p2pProfile/fakeP2PProfileApi.ts';
import { cellValue } from '../support/cells.ts';
import { baseSettings, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = (language: 'en' | 'ru' = 'en'): UserSettings => ({
  ...baseSettings,
  language,
  timezone: 'Europe/Moscow',
  feature_flags: { show_p2p: true },
});

function install(
  profile: Partial<OwnMarketProfile>,
  patch: () => { status: number; body: unknown } = () => ok({ result: true }),
) {
  const sent: FakeRequest[] = [];
  stubFetch((request) => {
    sent.push(request);
    if (request.route === 'GET /user/settings') return ok(settings());
    if (request.route === 'GET /p2p/profile') return ok({ ...ownProfile, ...profile });
    if (request.route === 'PATCH /p2p/profile') return patch();
    return undefined;
  });
  return {
    patches: () => sent.filter((request) => request.route === 'PATCH /p2p/profile').map((request) => request.body),
  };
}

function open(path: string, language: 'en' | 'ru' = 'en') {
  const platform = fakePlatform('web');
  const app = renderApp({
    path,
    platform,
    session: fakeSession({ status: 'signed-in', settings: settings(language) }),
  });
  return { ...app, platform };
}

const field = (label: string): HTMLInputElement => screen.getByLabelText(label);

// Times are written the language's way (11:00 PM in English, 23:00 in Russian); the fields hold HH:MM.
describe('quiet hours', () => {
  it('offers the night when none are set, says it crosses midnight, and turns it on', async () => {
    const api = install({ quiet_hours: null });
    const { platform, router } = open('/p2p/quiet-hours');
    expect(
      await screen.findByText('From 11:00 PM until 7:00 AM the next day: the window crosses midnight.'),
    ).toBeTruthy();
    expect(cellValue('Quiet hours')).toBe('Off');
    expect(field('From').value).toBe('23:00');
    expect(field('Until').value).toBe('07:00');
    expect(cellValue('Time zone')).toBe('Europe/Moscow');
    expect(screen.getByRole('link', { name: 'Change time zone' }).getAttribute('href')).toBe(
      '/account/settings/time-zone',
    );
    expect(screen.queryByRole('button', { name: 'Turn off quiet hours' })).toBeNull();
    expect(platform.screenActions.snapshot().main?.label).toBe('Turn on');
    act(() => platform.screenActions.press('main'));
    expect(await screen.findByText('Quiet hours saved')).toBeTruthy();
    expect(api.patches()).toEqual([{ quiet_hours: { from: '23:00', to: '07:00' } }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2p/profile'));
  });

  it('shows the saved window, says a daytime one in words, saves a change and turns it off', async () => {
    const api = install({ quiet_hours: { from: '09:00', to: '18:00' } });
    const { platform } = open('/p2p/quiet-hours');
    expect(await screen.findByText('From 9:00 AM until 6:00 PM the same day.')).toBeTruthy();
    expect(cellValue('Quiet hours')).toBe('9:00 AM–6:00 PM');
    expect(platform.screenActions.snapshot().main?.label).toBe('Save');
    act(() => void fireEvent.change(field('Until'), { target: { value: '17:30' } }));
    expect(screen.getByText('From 9:00 AM until 5:30 PM the same day.')).toBeTruthy();
    act(() => platform.screenActions.press('main'));
    await screen.findByText('Quiet hours saved');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Turn off quiet hours' })));
    await screen.findByText('Quiet hours turned off');
    expect(api.patches()).toEqual([{ quiet_hours: { from: '09:00', to: '17:30' } }, { quiet_hours: null }]);
  });

  it('says when they are running now', async () => {
    install({ quiet_hours: { from: '22:00', to: '06:00' }, is_quiet_now: true });
    open('/p2p/quiet-hours');
    await screen.findByText('From 10:00 PM until 6:00 AM the next day: the window crosses midnight.');
    expect(cellValue('Quiet hours')).toBe('On now');
  });

  it('refuses a window that starts when it ends, and sends nothing', async () => {
    const api = install({ quiet_hours: null });
    const { platform } = open('/p2p/quiet-hours');
    await screen.findByLabelText('Until');
    act(() => void fireEvent.change(field('Until'), { target: { value: '23:00' } }));
    act(() => platform.screenActions.press('main'));
    expect(screen.getByRole('alert').textContent).toBe('Quiet hours must start and end at different times.');
    expect(api.patches()).toEqual([]);
  });

  it('says why when the server refuses, and stays', async () => {
    install({ quiet_hours: null }, () => ({ status: 422, body: { code: 'WRONG_SLEEP', message: 'refused' } }));
    const { platform, router } = open('/p2p/quiet-hours');
    await screen.findByLabelText('Until');
    act(() => platform.screenActions.press('main'));
    expect(await screen.findByText('Quiet hours must start and end at different times.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/p2p/quiet-hours');
  });

  it('reads in Russian', async () => {
    install({ quiet_hours: null });
    open('/p2p/quiet-hours', 'ru');
    expect(await screen.findByText('С 23:00 до 7:00 следующего дня: окно переходит через полночь.')).toBeTruthy();
    expect(cellValue('Тихие часы')).toBe('Выключены');
  });
});

describe('the own profile', () => {
  it('leads to the username and the quiet hours, showing each', async () => {
    install({ quiet_hours: { from: '23:00', to: '07:00' } });
    open('/p2p/profile');
    const username = await screen.findByRole('link', { name: 'Change username' });
    expect(username.getAttribute('href')).toBe('/p2p/profile/name');
    expect(screen.getByRole('link', { name: /^Quiet hours/ }).getAttribute('href')).toBe('/p2p/quiet-hours');
    expect(cellValue('Quiet hours')).toBe('11:00 PM–7:00 AM');
  });

  it('shows the verified merchant badge when the person is one', async () => {
    install({ user: { ...ownProfile.user, is_verified_merchant: true } });
    open('/p2p/profile');
    expect(await screen.findByText('Verified merchant')).toBeTruthy();
  });
});
