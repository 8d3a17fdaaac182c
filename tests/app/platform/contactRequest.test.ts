import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../../src/app/platform/types.ts';
import { createWebPlatform } from '../../../src/app/platform/web.ts';
import { receiveTelegramEvent, startMiniApp, stopMiniApp } from '../support/telegramHost.ts';

/**
 * The contact request of the phone verification step (Bot API 6.9), through the real Telegram
 * session and the standard transport: Telegram's prompt, then the signed contact read with the
 * custom method `getRequestedContact`, as Telegram's own web-app script does it.
 */
const postEvent = vi.fn<(type: string, data?: string) => void>();
const launch = new URLSearchParams({ tgWebAppVersion: '7.10', tgWebAppPlatform: 'ios' }).toString();
const SIGNED =
  'contact=%7B%22user_id%22%3A42%2C%22phone_number%22%3A%22351912345678%22%7D&auth_date=1764000000&hash=9f1c';

function sent(type: string): Array<Record<string, unknown> | undefined> {
  return postEvent.mock.calls
    .filter(([name]) => name === type)
    .map(([, data]) => (data ? JSON.parse(data) : undefined));
}

/** The request id of the newest `getRequestedContact` call. */
function lastRequestId(): unknown {
  return sent('web_app_invoke_custom_method').at(-1)?.req_id;
}

let platform: Platform;

beforeAll(() => {
  platform = startMiniApp(launch, postEvent);
});
afterAll(stopMiniApp);
beforeEach(() => {
  postEvent.mockClear();
});

describe('requestContact in the mini app', () => {
  it('opens Telegram’s prompt and, once shared, answers the signed contact exactly as Telegram gives it', async () => {
    expect(platform.capabilities.contactRequest).toBe(true);
    const answer = platform.requestContact();
    await vi.waitFor(() => expect(sent('web_app_request_phone')).toEqual([undefined]));
    receiveTelegramEvent('phone_requested', { status: 'sent' });
    await vi.waitFor(() =>
      expect(sent('web_app_invoke_custom_method')).toEqual([
        { req_id: lastRequestId(), method: 'getRequestedContact', params: {} },
      ]),
    );
    // An answer to another request is not this one's.
    receiveTelegramEvent('custom_method_invoked', { req_id: 'someone-else', result: 'contact=forged' });
    receiveTelegramEvent('custom_method_invoked', { req_id: lastRequestId(), result: SIGNED });
    await expect(answer).resolves.toEqual({ status: 'sent', response: SIGNED });
  });

  it('asks for the contact again while Telegram has not got it yet', async () => {
    const answer = platform.requestContact();
    await vi.waitFor(() => expect(sent('web_app_request_phone')).toHaveLength(1));
    receiveTelegramEvent('phone_requested', { status: 'sent' });
    await vi.waitFor(() => expect(sent('web_app_invoke_custom_method')).toHaveLength(1));
    receiveTelegramEvent('custom_method_invoked', { req_id: lastRequestId(), result: '' });
    await vi.waitFor(() => expect(sent('web_app_invoke_custom_method')).toHaveLength(2));
    receiveTelegramEvent('custom_method_invoked', { req_id: lastRequestId(), result: SIGNED });
    await expect(answer).resolves.toEqual({ status: 'sent', response: SIGNED });
  });

  it('answers cancelled when the person declines, without reading any contact', async () => {
    const answer = platform.requestContact();
    await vi.waitFor(() => expect(sent('web_app_request_phone')).toHaveLength(1));
    receiveTelegramEvent('phone_requested', { status: 'cancelled' });
    await expect(answer).resolves.toEqual({ status: 'cancelled' });
    expect(sent('web_app_invoke_custom_method')).toEqual([]);
  });

  it('opens one prompt at a time: a second press waits for the same answer', async () => {
    const first = platform.requestContact();
    const second = platform.requestContact();
    await vi.waitFor(() => expect(sent('web_app_request_phone')).toHaveLength(1));
    receiveTelegramEvent('phone_requested', { status: 'cancelled' });
    await expect(first).resolves.toEqual({ status: 'cancelled' });
    await expect(second).resolves.toEqual({ status: 'cancelled' });
    expect(sent('web_app_request_phone')).toHaveLength(1);
  });
});

describe('requestContact on the web', () => {
  it('answers unavailable at once: the person shares the number with the bot instead', async () => {
    const web = createWebPlatform(document.createElement('html'));
    expect(web.capabilities.contactRequest).toBe(false);
    await expect(web.requestContact()).resolves.toEqual({ status: 'unavailable' });
  });
});
