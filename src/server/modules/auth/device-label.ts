/**
 * Short labels for the user's list of sessions. Only the label is stored, never the raw
 * User-Agent: "Chrome on Windows", "Telegram iOS".
 */

/** A Map, not an object: a client may send any name, `toString` and `__proto__` included. */
const telegramClients: ReadonlyMap<string, string> = new Map([
  ['ios', 'Telegram iOS'],
  ['android', 'Telegram Android'],
  ['android_x', 'Telegram Android'],
  ['tdesktop', 'Telegram Desktop'],
  ['macos', 'Telegram macOS'],
  ['weba', 'Telegram Web'],
  ['webk', 'Telegram Web'],
  ['web', 'Telegram Web'],
  ['unigram', 'Unigram'],
]);

/** First match wins: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(table: readonly (readonly [RegExp, string])[], text: string): string | null {
  for (const [pattern, label] of table) if (pattern.test(text)) return label;
  return null;
}

/** "Chrome on Windows", "Safari on iOS", "Linux", or null when nothing is recognised. */
export function browserLabel(userAgent: string | undefined): string | null {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = firstMatch(browsers, text);
  const system = firstMatch(systems, text);
  if (browser !== null && system !== null) return `${browser} on ${system}`;
  return browser ?? system;
}

/** The mini app's label: Telegram's client platform when known, else the browser's label. */
export function miniAppLabel(telegramPlatform: string | undefined, userAgent: string | undefined): string {
  const client = telegramPlatform === undefined ? undefined : telegramClients.get(telegramPlatform);
  return client ?? browserLabel(userAgent) ?? 'Telegram';
}

/** The web wallet's label. */
export function webLabel(userAgent: string | undefined): string {
  return browserLabel(userAgent) ?? 'Web browser';
}
