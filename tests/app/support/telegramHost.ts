import type { Mock } from 'vitest';
import { readPageLaunchParams } from '../../../src/app/platform/launchParams.ts';
import { createMiniAppPlatform } from '../../../src/app/platform/miniApp.ts';
import type { Platform } from '../../../src/app/platform/types.ts';

/**
 * Telegram's side of the bridge in jsdom, for tests that run the real SDK: the page opens with
 * `launch` (launch parameters) in its hash and `window.TelegramWebviewProxy.postEvent` records
 * what the app posts, as inside Telegram's apps and in the end-to-end tests.
 */
export function startMiniApp(launch: string, postEvent: Mock<(type: string, data?: string) => void>): Platform {
  sessionStorage.clear();
  window.history.replaceState(null, '', `/#${launch}`);
  Reflect.set(window, 'TelegramWebviewProxy', { postEvent });
  const params = readPageLaunchParams();
  if (!params) throw new Error('launch parameters were not detected');
  return createMiniAppPlatform(params);
}

export function stopMiniApp(): void {
  Reflect.deleteProperty(window, 'TelegramWebviewProxy');
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
}

/** Telegram tells the app something (`settings_button_pressed`, `main_button_pressed`, …). */
export function receiveTelegramEvent(type: string, payload?: unknown): void {
  const receiver: unknown = Reflect.get(Reflect.get(window, 'Telegram') ?? {}, 'WebView');
  const receiveEvent: unknown =
    typeof receiver === 'object' && receiver !== null ? Reflect.get(receiver, 'receiveEvent') : null;
  if (typeof receiveEvent !== 'function') throw new Error('the SDK installed no event receiver');
  receiveEvent(type, payload);
}
