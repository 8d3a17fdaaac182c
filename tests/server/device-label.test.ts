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

describe('each name a label is recognised by, alone', () => {
  // One token per pattern alternative, so dropping any alternative or its word boundary fails.
  it.each([
    ['Edge/18.1 (Windows NT 10.0)', 'Edge on Windows'],
    ['EdgA/131.0 (Linux; Android 14)', 'Edge on Android'],
    ['EdgiOS/131.0 (iPhone)', 'Edge on iOS'],
    ['Edg/131.0 (Macintosh)', 'Edge on macOS'],
    ['OPR/115.0 (X11; Linux)', 'Opera on Linux'],
    ['Opera/9.80 (Windows NT 6.1)', 'Opera on Windows'],
    ['YaBrowser/24.10 (Android 13)', 'Yandex Browser on Android'],
    ['SamsungBrowser/26.0 (Linux; Android 14)', 'Samsung Internet on Android'],
    ['Firefox/133.0 (Mac OS X 14.1)', 'Firefox on macOS'],
    ['FxiOS/133.0 (iPad)', 'Firefox on iOS'],
    ['Chromium/131.0 (X11; Linux)', 'Chrome on Linux'],
    ['CriOS/131.0 (iPod touch)', 'Chrome on iOS'],
    ['Chrome/131.0 (X11; CrOS x86_64)', 'Chrome on ChromeOS'],
    ['Safari/605.1 (iPad)', 'Safari on iOS'],
  ])('labels %j as %j', (agent, label) => {
    expect(browserLabel(agent)).toBe(label);
  });

  it.each([
    ['a system alone', '(Windows NT 10.0)', 'Windows'],
    ['a browser alone', 'Firefox/133.0', 'Firefox'],
    ['Android before Linux, which Android agents also say', 'Firefox/133.0 (Linux; Android 14)', 'Firefox on Android'],
    ['ChromeOS before Linux', 'Firefox/133.0 (X11; CrOS; Linux)', 'Firefox on ChromeOS'],
    ['iOS before macOS, which iPad agents also say', 'Safari/605.1 (iPad; Macintosh)', 'Safari on iOS'],
  ])('labels %s', (_, agent, label) => {
    expect(browserLabel(agent)).toBe(label);
  });

  it.each([
    ['a name inside a longer word', 'XEdg/1 NotChrome/2 MySafari/3 (NoWindows; XLinux)'],
    ['a name without its slash', 'Edg Chrome Firefox Safari YaBrowser SamsungBrowser CriOS FxiOS Chromium OPR'],
    ['a system inside a longer word', 'AndroidX iPhoneish XiPad CrOSS Linuxy Windowsy'],
  ])('recognises nothing in %s', (_, agent) => {
    expect(browserLabel(agent)).toBeNull();
  });

  it.each([
    ['android_x', 'Telegram Android'],
    ['web', 'Telegram Web'],
    ['unigram', 'Unigram'],
    ['__proto__', 'Telegram'],
  ])('names the Telegram client %j as %j', (platform, label) => {
    expect(miniAppLabel(platform, undefined)).toBe(label);
  });
});
