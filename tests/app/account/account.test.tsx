/**
 * /account against a fake API: the profile (photo or initials, name, username), the links to
 * settings, security and verification, and logging out behind a confirmation sheet.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialsOf } from '../../../src/app/features/account/Avatar.tsx';
import { installFakeApi, profile } from '../settings/fakeApi.ts';
import { fakeSession, renderApp } from '../support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the account page', () => {
  it('shows who is signed in: initials without a photo, the full name and the username', async () => {
    const api = installFakeApi();
    renderApp({ path: '/account', session: api.session() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'Profile' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Anna Petrova' })).toBeTruthy();
    expect(within(card).getByText('@anna_p')).toBeTruthy();
    expect(card.querySelector('.account-avatar')?.textContent).toBe('AP');
    expect(card.querySelector('img')).toBeNull();
  });

  it('shows the photo over the initials when there is one', async () => {
    const api = installFakeApi();
    profile.photo_url.small = 'https://t.me/i/userpic/320/anna.jpg';
    try {
      renderApp({ path: '/account', session: api.session() });
      const card = await screen.findByRole('region', { name: 'Profile' });
      expect(card.querySelector('img')?.getAttribute('src')).toBe('https://t.me/i/userpic/320/anna.jpg');
    } finally {
      profile.photo_url.small = null;
    }
  });

  it('links to the settings, security and verification', async () => {
    const api = installFakeApi();
    renderApp({ path: '/account', session: api.session() });
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/account/settings');
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/account/security');
    expect(screen.getByRole('link', { name: 'Verification' }).getAttribute('href')).toBe('/account/verification');
  });

  it('goes to the settings and the security page', async () => {
    const api = installFakeApi();
    const { router } = renderApp({ path: '/account', session: api.session() });
    fireEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Security' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    const api = installFakeApi();
    api.failing.getProfile = 500;
    renderApp({ path: '/account', session: api.session() });
    expect(await screen.findByText('Couldn’t load your profile.')).toBeTruthy();
    delete api.failing.getProfile;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Anna Petrova' })).toBeTruthy();
  });

  it('is in Russian for a Russian reader', async () => {
    i18n.activate('ru');
    const api = installFakeApi({ language: 'ru' });
    renderApp({ path: '/account', session: api.session() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Аккаунт' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Настройки' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Безопасность' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Верификация' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeTruthy();
  });

  it('shows the sign-in prompt to a signed-out visitor', async () => {
    installFakeApi();
    renderApp({ path: '/account', session: fakeSession({ status: 'signed-out' }) });
    expect(await screen.findByRole('button', { name: 'Sign in with Telegram' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Account' })).toBeNull();
  });
});

describe('logging out', () => {
  it('asks first, and Cancel keeps the person signed in', async () => {
    const api = installFakeApi();
    const session = api.session();
    const { router } = renderApp({ path: '/account', session });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const sheet = await screen.findByRole('dialog', { name: 'Log out of Kopilka?' });
    expect(router.state.location.search).toEqual({ sheet: 'log-out' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.logOut).not.toHaveBeenCalled();
  });

  it('closes the sheet with Escape', async () => {
    const api = installFakeApi();
    renderApp({ path: '/account', session: api.session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('logs out on confirmation and shows the sign-in prompt', async () => {
    const api = installFakeApi();
    const session = api.session();
    const { router } = renderApp({ path: '/account', session });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const sheet = await screen.findByRole('dialog', { name: 'Log out of Kopilka?' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Log out' }));
    expect(session.logOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Sign in with Telegram' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('initials', () => {
  it('take the first letters of the first and last names', () => {
    expect(initialsOf('Anna', 'Petrova')).toBe('AP');
    expect(initialsOf('анна', null)).toBe('А');
    expect(initialsOf(' 😀 Smile', 'Face')).toBe('😀F');
  });
});
