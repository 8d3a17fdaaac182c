import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectBridge } from '../../../src/app/platform/telegramBridge.ts';

/** Telegram's Mini Apps bridge as the messenger's clients speak it (docs.telegram-mini-apps.com/platform). */
afterEach(() => {
  Reflect.deleteProperty(window, 'TelegramWebviewProxy');
  Reflect.deleteProperty(window.external, 'notify');
  vi.restoreAllMocks();
});

function messageFrom(source: Window | null, data: unknown): MessageEvent {
  return new MessageEvent('message', { data, source });
}

describe('the Telegram bridge sends a method', () => {
  it('to the apps’ webview proxy as its name and JSON parameters, with no data when it has none', () => {
    const postEvent = vi.fn();
    Reflect.set(window, 'TelegramWebviewProxy', { postEvent });
    const bridge = connectBridge('webview-proxy');
    bridge.post('web_app_setup_back_button', { is_visible: true });
    bridge.post('web_app_ready');
    expect(postEvent.mock.calls).toEqual([
      ['web_app_setup_back_button', '{"is_visible":true}'],
      ['web_app_ready', undefined],
    ]);
  });

  it('to Telegram Web’s frame as a message for web.telegram.org, after saying the frame is ready', () => {
    const postMessage = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    const bridge = connectBridge('iframe');
    bridge.post('web_app_expand');
    expect(postMessage.mock.calls).toEqual([
      ['{"eventType":"iframe_ready","eventData":{"reload_supported":true}}', 'https://web.telegram.org'],
      ['{"eventType":"web_app_expand"}', 'https://web.telegram.org'],
    ]);
  });

  it('to Windows Phone’s external.notify as one JSON message', () => {
    const notify = vi.fn();
    Reflect.set(window.external, 'notify', notify);
    connectBridge('external-notify').post('web_app_open_scan_qr_popup', { text: 'Scan the address' });
    expect(notify).toHaveBeenCalledWith(
      '{"eventType":"web_app_open_scan_qr_popup","eventData":{"text":"Scan the address"}}',
    );
  });

  it('nowhere, without failing, when no messenger is around', () => {
    expect(() => connectBridge('none').post('web_app_ready')).not.toThrow();
  });

  it('and a failing host does not break the app', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    Reflect.set(window, 'TelegramWebviewProxy', {
      postEvent() {
        throw new Error('bridge gone');
      },
    });
    expect(() => connectBridge('webview-proxy').post('web_app_ready')).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});

describe('the Telegram bridge receives an event', () => {
  it('through Telegram.WebView.receiveEvent and the older TelegramGameProxy receivers', () => {
    const bridge = connectBridge('none');
    const pressed = vi.fn();
    bridge.on('main_button_pressed', pressed);
    window.Telegram?.WebView?.receiveEvent?.('main_button_pressed');
    window.TelegramGameProxy?.receiveEvent?.('main_button_pressed');
    window.TelegramGameProxy_receiveEvent?.('main_button_pressed');
    expect(pressed).toHaveBeenCalledTimes(3);
  });

  it('as a message from the parent frame carrying { eventType, eventData } as JSON', () => {
    const bridge = connectBridge('none');
    const received = vi.fn();
    bridge.on('qr_text_received', received);
    window.dispatchEvent(
      messageFrom(window.parent, JSON.stringify({ eventType: 'qr_text_received', eventData: { data: 'TQn9' } })),
    );
    expect(received).toHaveBeenCalledWith({ data: 'TQn9' });
  });

  it('but not from another window, and not when the message is not the bridge’s JSON', () => {
    const bridge = connectBridge('none');
    const received = vi.fn();
    bridge.on('theme_changed', received);
    window.dispatchEvent(messageFrom(null, JSON.stringify({ eventType: 'theme_changed', eventData: {} })));
    window.dispatchEvent(messageFrom(window.parent, 'theme_changed'));
    window.dispatchEvent(messageFrom(window.parent, { eventType: 'theme_changed' }));
    expect(received).not.toHaveBeenCalled();
  });

  it('until the listener stops', () => {
    const bridge = connectBridge('none');
    const pressed = vi.fn();
    const stop = bridge.on('back_button_pressed', pressed);
    stop();
    window.Telegram?.WebView?.receiveEvent?.('back_button_pressed');
    expect(pressed).not.toHaveBeenCalled();
  });

  it('as the answer to a request: the data of the next answer event', async () => {
    const postEvent = vi.fn();
    Reflect.set(window, 'TelegramWebviewProxy', { postEvent });
    const bridge = connectBridge('webview-proxy');
    const answer = bridge.request('web_app_biometry_update_token', 'biometry_token_updated', { token: 'T1' });
    expect(postEvent).toHaveBeenCalledWith('web_app_biometry_update_token', '{"token":"T1"}');
    window.Telegram?.WebView?.receiveEvent?.('biometry_token_updated', { status: 'updated' });
    window.Telegram?.WebView?.receiveEvent?.('biometry_token_updated', { status: 'removed' });
    await expect(answer).resolves.toEqual({ status: 'updated' });
  });
});
