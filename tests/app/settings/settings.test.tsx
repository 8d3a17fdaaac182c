/**
 * /account/settings and its pages against a fake API (tests/app/settings/fakeApi.ts): the
 * language switches the interface live and persists, the local currency and the time zone are
 * picked from their lists, failures show the spec's toasts in both languages.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeZoneOptions } from '../../../src/app/features/settings/timeZones.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';
import { type FakeApi, installFakeApi } from './fakeApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

function open(path: string, api: FakeApi, platform = fakePlatform('web')) {
  return renderApp({ path, session: api.session(), platform });
}

function radio(name: string): HTMLElement {
  return screen.getByRole('radio', { name });
}

describe('the settings page', () => {
  it('shows the language, local currency, time zone and theme of a signed-in user', async () => {
    const api = installFakeApi();
    open('/account/settings', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const language = screen.getByRole('radiogroup', { name: 'Language' });
    expect(within(language).getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    expect(within(language).getByRole('radio', { name: 'Русский' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('link', { name: /Local currency\s*USD/ }).getAttribute('href')).toBe(
      '/account/settings/local-currency',
    );
    expect(screen.getByRole('link', { name: /Time zone\s*Europe\/Berlin/ }).getAttribute('href')).toBe(
      '/account/settings/time-zone',
    );
    const theme = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(
      within(theme)
        .getAllByRole('radio')
        .map((option) => option.textContent),
    ).toEqual(['Same as device', 'Light', 'Dark']);
    // Its way back is the header's (the screen declares it; lib/back.ts decides where it goes).
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('hides the theme choice inside the messenger, whose theme applies', async () => {
    const api = installFakeApi();
    open('/account/settings', api, fakePlatform('mini-app'));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.queryByRole('radiogroup', { name: 'Theme' })).toBeNull();
  });

  it('shows the sign-in prompt to a signed-out visitor', async () => {
    installFakeApi();
    renderApp({ path: '/account/settings', session: fakeSession({ status: 'signed-out' }) });
    expect(await screen.findByRole('button', { name: 'Sign in with Telegram' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });
});

describe('the language', () => {
  it('switches the interface to Russian live and saves the choice', async () => {
    const api = installFakeApi();
    open('/account/settings', api);
    fireEvent.click(await screen.findByRole('radio', { name: 'Русский' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Настройки' })).toBeTruthy();
    expect(api.puts).toEqual([{ language: 'ru' }]);
    expect(api.settings.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(radio('Русский').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radiogroup', { name: 'Язык' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Тема' })).toBeTruthy();
    expect(radio('Как на устройстве')).toBeTruthy();
  });

  it('follows the saved language at start, whatever the device speaks', async () => {
    const api = installFakeApi({ language: 'ru' });
    open('/account/settings', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Настройки' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ru');
    expect(api.puts).toEqual([]);
  });

  it('switches back to English', async () => {
    i18n.activate('ru');
    const api = installFakeApi({ language: 'ru' });
    open('/account/settings', api);
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(api.puts).toEqual([{ language: 'en' }]);
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows a spinner on the language being saved and keeps the interface until it is saved', async () => {
    const api = installFakeApi();
    api.holding.add('putSettings');
    open('/account/settings', api);
    fireEvent.click(await screen.findByRole('radio', { name: 'Русский' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Русский/ }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('status', { name: 'Saving' })).toBeTruthy();
    expect(radio('English').hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    act(() => api.release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Настройки' })).toBeTruthy();
  });

  it('says "Couldn’t change language" when saving fails, and stays in English', async () => {
    const api = installFakeApi();
    api.failing.putSettings = 500;
    open('/account/settings', api);
    fireEvent.click(await screen.findByRole('radio', { name: 'Русский' }));
    expect((await screen.findByRole('status')).textContent).toContain('Couldn’t change language');
    expect(radio('English').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });

  it('says «Не удалось изменить язык» to a Russian reader', async () => {
    i18n.activate('ru');
    const api = installFakeApi({ language: 'ru' });
    api.failing.putSettings = 503;
    open('/account/settings', api);
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect((await screen.findByRole('status')).textContent).toContain('Не удалось изменить язык');
    expect(screen.getByRole('heading', { level: 1, name: 'Настройки' })).toBeTruthy();
  });

  it('shows the failure as a native alert inside the mini app', async () => {
    const api = installFakeApi();
    api.failing.putSettings = 500;
    const platform = fakePlatform('mini-app', '8.0');
    open('/account/settings', api, platform);
    fireEvent.click(await screen.findByRole('radio', { name: 'Русский' }));
    await waitFor(() => expect(platform.alert).toHaveBeenCalledWith('Couldn’t change language'));
  });
});

describe('the local currency', () => {
  it('lists every fiat currency of the catalogue with its sign and name, the current one checked', async () => {
    const api = installFakeApi();
    open('/account/settings/local-currency', api);
    const list = await screen.findByRole('radiogroup', { name: 'Local currency' });
    const options = within(list).getAllByRole('radio');
    expect(options.map((option) => option.querySelector('.ui-cell-subtitle')?.textContent)).toEqual([
      'RUB',
      'USD',
      'EUR',
      'KGS',
    ]);
    expect(options.map((option) => option.querySelector('.settings-symbol')?.textContent)).toEqual([
      '₽',
      '$',
      '€',
      'KGS',
    ]);
    expect(
      within(list)
        .getByRole('radio', { name: /US Dollar/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      within(list)
        .getByRole('radio', { name: /Russian Ruble/ })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('names the currencies in Russian for a Russian reader', async () => {
    i18n.activate('ru');
    const api = installFakeApi({ language: 'ru' });
    open('/account/settings/local-currency', api);
    const list = await screen.findByRole('radiogroup', { name: 'Местная валюта' });
    expect(within(list).getByRole('radio', { name: /Российский рубль/ })).toBeTruthy();
    expect(within(list).getByRole('radio', { name: /Доллар США/ })).toBeTruthy();
  });

  it('finds a currency by code, name or sign', async () => {
    const api = installFakeApi();
    open('/account/settings/local-currency', api);
    await screen.findByRole('radiogroup', { name: 'Local currency' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'eur' } });
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    expect(screen.getByRole('radio', { name: /Euro/ })).toBeTruthy();
    fireEvent.change(search, { target: { value: '₽' } });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Russian Ruble/ })).toBeTruthy());
    fireEvent.change(search, { target: { value: 'zloty' } });
    expect(await screen.findByText('Nothing found')).toBeTruthy();
  });

  it('saves the chosen currency and returns to the settings showing it', async () => {
    const api = installFakeApi();
    const { router } = open('/account/settings/local-currency', api);
    fireEvent.click(await screen.findByRole('radio', { name: /Euro/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
    expect(api.puts).toEqual([{ local_currency: 'EUR' }]);
    expect(await screen.findByRole('link', { name: /Local currency\s*EUR/ })).toBeTruthy();
  });

  it('says "Couldn’t change local currency" when saving fails and keeps the current one', async () => {
    const api = installFakeApi();
    api.failing.putSettings = 500;
    const { router } = open('/account/settings/local-currency', api);
    fireEvent.click(await screen.findByRole('radio', { name: /Euro/ }));
    expect((await screen.findByRole('status')).textContent).toContain('Couldn’t change local currency');
    expect(router.state.location.pathname).toBe('/account/settings/local-currency');
    expect(screen.getByRole('radio', { name: /US Dollar/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('offers a retry when the catalogue cannot be loaded', async () => {
    const api = installFakeApi();
    api.failing.listAssets = 500;
    open('/account/settings/local-currency', api);
    expect(await screen.findByText('Couldn’t load the currencies.')).toBeTruthy();
    delete api.failing.listAssets;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /US Dollar/ })).toBeTruthy();
  });
});

describe('the time zone', () => {
  function zones(): HTMLElement[] {
    return [...document.querySelectorAll<HTMLElement>('[role="radio"]')];
  }
  function label(option: HTMLElement): string {
    return option.querySelector('.ui-cell-title')?.textContent ?? '';
  }
  function minutes(text: string): number {
    const match = /^\(UTC([+-])(\d\d):(\d\d)\) /.exec(text);
    if (!match) throw new Error(`not a zone label: ${text}`);
    const value = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -value : value;
  }

  it('lists every zone as "(UTC±hh:mm) Area/City", sorted by offset and then name', async () => {
    const api = installFakeApi();
    open('/account/settings/time-zone', api);
    await screen.findByRole('radiogroup', { name: 'Time zone' });
    const labels = zones().map(label);
    expect(labels.length).toBeGreaterThan(300);
    const device = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(labels).toEqual(timeZoneOptions(new Date(), [device, 'Europe/Berlin']).map((option) => option.label));
    for (let index = 1; index < labels.length; index += 1) {
      const previous = labels[index - 1] ?? '';
      const current = labels[index] ?? '';
      const order = minutes(previous) - minutes(current) || previous.localeCompare(current, 'en');
      expect(order, `${previous} before ${current}`).toBeLessThan(0);
    }
    expect(labels).toContain('(UTC+03:00) Europe/Moscow');
    expect(labels.some((text) => text.endsWith(' Europe/Kyiv'))).toBe(true);
    expect(labels.some((text) => text.endsWith(' Europe/Kiev'))).toBe(false);
    expect(screen.getByRole('radio', { name: /Europe\/Berlin/ }).getAttribute('aria-checked')).toBe('true');
  });

  it("marks the device's zone, the current one while none is saved", async () => {
    const device = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const api = installFakeApi({ timezone: null });
    open('/account/settings/time-zone', api);
    await screen.findByRole('radiogroup', { name: 'Time zone' });
    const marked = zones().filter((option) => option.textContent?.includes('This device’s time zone'));
    expect(marked).toHaveLength(1);
    expect(label(marked[0] ?? document.body)).toContain(device);
    expect(marked[0]?.getAttribute('aria-checked')).toBe('true');
  });

  it('finds a zone and saves it', async () => {
    const api = installFakeApi();
    const { router } = open('/account/settings/time-zone', api);
    await screen.findByRole('radiogroup', { name: 'Time zone' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'kyiv' } });
    await waitFor(() => expect(zones()).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: /Europe\/Kyiv/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
    expect(api.puts).toEqual([{ timezone: 'Europe/Kyiv' }]);
    expect(await screen.findByRole('link', { name: /Time zone\s*Europe\/Kyiv/ })).toBeTruthy();
  });

  it('says "Couldn’t change time zone" when saving fails', async () => {
    const api = installFakeApi();
    api.failing.putSettings = 500;
    open('/account/settings/time-zone', api);
    await screen.findByRole('radiogroup', { name: 'Time zone' });
    fireEvent.click(screen.getByRole('radio', { name: /Europe\/Moscow/ }));
    expect((await screen.findByRole('status')).textContent).toContain('Couldn’t change time zone');
  });

  it('says «Не удалось изменить часовой пояс» to a Russian reader', async () => {
    i18n.activate('ru');
    const api = installFakeApi({ language: 'ru' });
    api.failing.putSettings = 500;
    open('/account/settings/time-zone', api);
    await screen.findByRole('radiogroup', { name: 'Часовой пояс' });
    fireEvent.click(screen.getByRole('radio', { name: /Europe\/Moscow/ }));
    expect((await screen.findByRole('status')).textContent).toContain('Не удалось изменить часовой пояс');
  });
});
