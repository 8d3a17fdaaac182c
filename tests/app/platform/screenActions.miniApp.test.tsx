import { act, render } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext } from '../../../src/app/platform/PlatformContext.tsx';
import type { ScreenActions } from '../../../src/app/platform/screenActions.ts';
import type { Platform } from '../../../src/app/platform/types.ts';
import { useScreenActions } from '../../../src/app/platform/useScreenActions.ts';
import { receiveTelegramEvent, startMiniApp, stopMiniApp } from '../support/telegramHost.ts';

/**
 * The real SDK in jsdom, talking through `window.TelegramWebviewProxy.postEvent` as inside
 * Telegram: what a screen's `useScreenActions` makes the app post, and what Telegram's presses do.
 */
const postEvent = vi.fn<(type: string, data?: string) => void>();
const launch = new URLSearchParams({
  tgWebAppVersion: '7.10',
  tgWebAppPlatform: 'android',
  tgWebAppThemeParams: JSON.stringify({
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff4',
    bottom_bar_bg_color: '#f7f7f7',
  }),
}).toString();

function lastSent(type: string): unknown {
  const data = postEvent.mock.calls.filter(([name]) => name === type).at(-1)?.[1];
  return data === undefined ? undefined : JSON.parse(data);
}

let platform: Platform;

beforeAll(async () => {
  platform = startMiniApp(launch, postEvent);
  // The SDK arrives with import(); its buttons are mounted once it has.
  platform.ready();
  await vi.waitFor(() => expect(postEvent).toHaveBeenCalledWith('web_app_ready', undefined));
});

beforeEach(() => postEvent.mockClear());

afterAll(stopMiniApp);

function Screen({ actions }: { actions: ScreenActions }) {
  useScreenActions(actions);
  return null;
}

function renderScreen(actions: ScreenActions) {
  const result = render(
    <PlatformContext.Provider value={platform}>
      <Screen actions={actions} />
    </PlatformContext.Provider>,
  );
  return {
    update: (next: ScreenActions) =>
      result.rerender(
        <PlatformContext.Provider value={platform}>
          <Screen actions={next} />
        </PlatformContext.Provider>,
      ),
    leave: () => result.unmount(),
  };
}

describe('a screen’s actions inside the mini app', () => {
  it('shows the main action on Telegram’s MainButton in the theme’s button colours', () => {
    const { leave } = renderScreen({ main: { label: 'Save address', onPress: vi.fn() } });
    expect(lastSent('web_app_setup_main_button')).toEqual({
      is_visible: true,
      is_active: true,
      is_progress_visible: false,
      has_shine_effect: false,
      text: 'Save address',
      color: '#2481cc',
      text_color: '#ffffff',
    });
    leave();
  });

  it('greys a disabled main button with the theme’s hint colour and makes it inactive', () => {
    const { leave } = renderScreen({ main: { label: 'Save address', onPress: vi.fn(), disabled: true } });
    expect(lastSent('web_app_setup_main_button')).toMatchObject({
      is_active: false,
      is_progress_visible: false,
      color: '#999999',
      text_color: '#ffffff',
    });
    leave();
  });

  it('shows Telegram’s progress on a busy main button, and ignores its presses', () => {
    const onPress = vi.fn();
    const { update, leave } = renderScreen({ main: { label: 'Save address', onPress, busy: true } });
    expect(lastSent('web_app_setup_main_button')).toMatchObject({ is_active: false, is_progress_visible: true });
    act(() => receiveTelegramEvent('main_button_pressed'));
    expect(onPress).not.toHaveBeenCalled();

    update({ main: { label: 'Save address', onPress } });
    expect(lastSent('web_app_setup_main_button')).toMatchObject({ is_active: true, is_progress_visible: false });
    act(() => receiveTelegramEvent('main_button_pressed'));
    expect(onPress).toHaveBeenCalledTimes(1);
    leave();
  });

  it('shows the second action on the SecondaryButton under the main one (7.10)', () => {
    const onDelete = vi.fn();
    const { leave } = renderScreen({
      main: { label: 'Copy', onPress: vi.fn() },
      secondary: { label: 'Delete', onPress: onDelete },
    });
    expect(lastSent('web_app_setup_secondary_button')).toMatchObject({
      is_visible: true,
      is_active: true,
      text: 'Delete',
      position: 'bottom',
      color: '#f7f7f7',
      text_color: '#2481cc',
    });
    act(() => receiveTelegramEvent('secondary_button_pressed'));
    expect(onDelete).toHaveBeenCalledTimes(1);
    leave();
  });

  it('shows Telegram’s BackButton when the screen has a way back, and goes back on its press', () => {
    const back = vi.fn();
    const { leave } = renderScreen({ back });
    expect(lastSent('web_app_setup_back_button')).toEqual({ is_visible: true });
    act(() => receiveTelegramEvent('back_button_pressed'));
    expect(back).toHaveBeenCalledTimes(1);
    leave();
  });

  it('hides the BackButton on a root screen, which has no way back', () => {
    const first = renderScreen({ back: vi.fn() });
    first.leave();
    const root = renderScreen({ main: { label: 'Deposit', onPress: vi.fn() } });
    expect(lastSent('web_app_setup_back_button')).toEqual({ is_visible: false });
    root.leave();
  });

  it('hides every button when the screen leaves', () => {
    const { leave } = renderScreen({
      main: { label: 'Copy', onPress: vi.fn() },
      secondary: { label: 'Delete', onPress: vi.fn() },
      back: vi.fn(),
    });
    postEvent.mockClear();
    leave();
    expect(lastSent('web_app_setup_main_button')).toMatchObject({ is_visible: false });
    expect(lastSent('web_app_setup_secondary_button')).toMatchObject({ is_visible: false });
    expect(lastSent('web_app_setup_back_button')).toEqual({ is_visible: false });
  });

  it('repaints the MainButton in the new theme’s colours when Telegram’s theme changes', async () => {
    const { leave } = renderScreen({ main: { label: 'Save address', onPress: vi.fn() } });
    act(() =>
      receiveTelegramEvent('theme_changed', {
        theme_params: {
          bg_color: '#212121',
          text_color: '#ffffff',
          button_color: '#8774e1',
          button_text_color: '#fefefe',
        },
      }),
    );
    await vi.waitFor(() =>
      expect(lastSent('web_app_setup_main_button')).toMatchObject({ color: '#8774e1', text_color: '#fefefe' }),
    );
    leave();
  });

  it('does not post again when the screen re-renders with the same buttons', () => {
    const { update, leave } = renderScreen({ main: { label: 'Copy', onPress: vi.fn() } });
    postEvent.mockClear();
    update({ main: { label: 'Copy', onPress: vi.fn() } });
    expect(postEvent).not.toHaveBeenCalled();
    leave();
  });
});
