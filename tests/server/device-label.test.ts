import { describe, expect, it } from 'vitest';
import { browserLabel, miniAppLabel, webLabel } from '../../src/server/modules/auth/device-label';

// Real User-Agent strings of the browsers named (each also claims to be the ones before it).
const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  yandexAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 YaBrowser/24.10.1.101.00 SA/3 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
};

describe('the device label of a session', () => {
  it('names the browser before the engines it also claims, and the system', () => {
    expect(browserLabel(agents.chromeWindows)).toBe('Chrome on Windows');
    expect(browserLabel(agents.edgeWindows)).toBe('Edge on Windows');
    expect(browserLabel(agents.operaMac)).toBe('Opera on macOS');
    expect(browserLabel(agents.yandexAndroid)).toBe('Yandex Browser on Android');
    expect(browserLabel(agents.safariIphone)).toBe('Safari on iOS');
    expect(browserLabel(agents.chromeIphone)).toBe('Chrome on iOS');
    expect(browserLabel(agents.firefoxLinux)).toBe('Firefox on Linux');
    expect(browserLabel(agents.chromeOs)).toBe('Chrome on ChromeOS');
    expect(browserLabel(agents.safariMac)).toBe('Safari on macOS');
  });

  it('keeps only a short label: nothing of an unknown agent, never the agent itself', () => {
    expect(browserLabel(undefined)).toBeNull();
    expect(browserLabel('')).toBeNull();
    expect(browserLabel('curl/8.5.0')).toBeNull();
    expect(webLabel('curl/8.5.0')).toBe('Web browser');
    expect(browserLabel(`${'x'.repeat(600)} Firefox/133.0 Linux`)).toBeNull();
    const label = webLabel(`${agents.chromeWindows} secret-tracking-id-123`);
    expect(label).toBe('Chrome on Windows');
    expect(label.length).toBeLessThanOrEqual(32);
  });

  it('names the Telegram client of a mini app, else its browser, else Telegram', () => {
    expect(miniAppLabel('ios', agents.chromeWindows)).toBe('Telegram iOS');
    expect(miniAppLabel('android', undefined)).toBe('Telegram Android');
    expect(miniAppLabel('tdesktop', undefined)).toBe('Telegram Desktop');
    expect(miniAppLabel('macos', undefined)).toBe('Telegram macOS');
    expect(miniAppLabel('weba', undefined)).toBe('Telegram Web');
    expect(miniAppLabel('webk', undefined)).toBe('Telegram Web');
    expect(miniAppLabel('IOS', agents.safariIphone)).toBe('Safari on iOS');
    expect(miniAppLabel('toString', undefined)).toBe('Telegram');
    expect(miniAppLabel(undefined, agents.firefoxLinux)).toBe('Firefox on Linux');
    expect(miniAppLabel(undefined, undefined)).toBe('Telegram');
  });
});
