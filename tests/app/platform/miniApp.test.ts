import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../../src/app/platform/types.ts';
import { receiveTelegramEvent, startMiniApp, stopMiniApp } from '../support/telegramHost.ts';

/**
 * The real SDK (loaded by the platform with import()) talking through the standard transport:
 * `window.TelegramWebviewProxy.postEvent`, as inside Telegram's apps and in the end-to-end tests.
 */
/** Everything posted since the start: the mock's own record is cleared between tests. */
const posted: [type: string, data: unknown][] = [];
const postEvent = vi.fn<(type: string, data?: string) => void>((type, data) => {
  posted.push([type, data === undefined ? undefined : JSON.parse(data)]);
});
const launch = new URLSearchParams({
  tgWebAppVersion: '7.10',
  tgWebAppPlatform: 'android',
  tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: '#000000', secondary_bg_color: '#efeff4' }),
}).toString();

function sent(type: string): unknown[] {
  return postEvent.mock.calls
    .filter(([name]) => name === type)
    .map(([, data]) => (data === undefined ? undefined : JSON.parse(data)));
}

function sentSinceStart(type: string): unknown[] {
  return posted.filter(([name]) => name === type).map(([, data]) => data);
}

let platform: Platform;

beforeAll(() => {
  platform = startMiniApp(launch, postEvent);
});

afterAll(stopMiniApp);

describe('the mini app platform', () => {
  it('is detected from launch parameters in the URL hash, with the version gates of 7.10', () => {
    expect(platform.kind).toBe('mini-app');
    expect(platform.messenger).toEqual({ version: '7.10', platform: 'android', desktop: false });
    expect(platform.capabilities.secondaryButton).toBe(true);
  });

  it('paints with the theme from the launch parameters before the SDK arrives', () => {
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('disables swipe-to-close on a phone and tells Telegram it is ready', async () => {
    platform.ready();
    await vi.waitFor(() => expect(sent('web_app_ready')).toHaveLength(1));
    expect(sent('web_app_setup_swipe_behavior').at(-1)).toEqual({ allow_vertical_swipe: false });
  });

  it('paints the messenger’s header and background in the pages’ secondary background', async () => {
    await vi.waitFor(() => expect(sentSinceStart('web_app_set_background_color')).toEqual([{ color: '#efeff4' }]));
    expect(sentSinceStart('web_app_set_header_color')).toEqual([{ color_key: 'secondary_bg_color' }]);
  });

  it('keeps the layout clear of the safe areas Telegram reports, without asking for them before 8.0', async () => {
    await vi.waitFor(() => expect(sentSinceStart('web_app_request_viewport')).toHaveLength(1));
    receiveTelegramEvent('safe_area_changed', { top: 47, bottom: 34, left: 0, right: 0 });
    receiveTelegramEvent('content_safe_area_changed', { top: 56, bottom: 0, left: 0, right: 0 });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--tg-safe-area-inset-top')).toBe('47px');
    expect(style.getPropertyValue('--tg-safe-area-inset-bottom')).toBe('34px');
    expect(style.getPropertyValue('--tg-content-safe-area-inset-top')).toBe('56px');
    expect(sentSinceStart('web_app_request_safe_area')).toEqual([]);
  });

  it('expands on ordinary paths and not on help, invoice and add-home paths', async () => {
    platform.navigated('/');
    await vi.waitFor(() => expect(sent('web_app_expand')).toHaveLength(1));
    platform.navigated('/help/fees');
    platform.navigated('/invoices/IV1234567890');
    platform.navigated('/account');
    await vi.waitFor(() => expect(sent('web_app_expand')).toHaveLength(2));
  });

  it("shows the settings button and calls back when it's pressed", async () => {
    const handler = vi.fn();
    platform.onSettingsButton(handler);
    await vi.waitFor(() => expect(sent('web_app_setup_settings_button')).toContainEqual({ is_visible: true }));
    receiveTelegramEvent('settings_button_pressed');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('shows an alert as a native popup that resolves when closed', async () => {
    const closed = vi.fn();
    void platform.alert('Couldn’t change language').then(closed);
    await vi.waitFor(() => expect(sent('web_app_open_popup')).toHaveLength(1));
    expect(sent('web_app_open_popup')[0]).toMatchObject({ message: 'Couldn’t change language' });
    receiveTelegramEvent('popup_closed', { button_id: 'ok' });
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
  });

  it("follows Telegram's theme when it changes", async () => {
    receiveTelegramEvent('theme_changed', { theme_params: { bg_color: '#17212b', text_color: '#f5f5f5' } });
    await vi.waitFor(() => expect(platform.getTheme()).toEqual({ scheme: 'dark', source: 'telegram' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
  });

  it('scans a QR code with the messenger’s scanner and answers the first code read', async () => {
    const scanQr = platform.scanQr;
    if (scanQr === undefined) throw new Error('the scanner is missing at 7.10');
    const scanned = scanQr('Scan the address');
    await vi.waitFor(() => expect(sent('web_app_open_scan_qr_popup')).toEqual([{ text: 'Scan the address' }]));
    receiveTelegramEvent('qr_text_received', { data: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
    await expect(scanned).resolves.toBe('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await vi.waitFor(() => expect(sent('web_app_close_scan_qr_popup')).toHaveLength(1));
  });

  it('answers null when the person closes the scanner', async () => {
    const scanned = platform.scanQr?.('Scan the address');
    await vi.waitFor(() => expect(sent('web_app_open_scan_qr_popup')).toEqual([{ text: 'Scan the address' }]));
    receiveTelegramEvent('scan_qr_popup_closed');
    await expect(scanned).resolves.toBeNull();
  });
});
