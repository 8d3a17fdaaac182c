import { describe, expect, it } from 'vitest';
import { shouldExpand } from '../../../machines/deepLink/expandRule.ts';
import { isDesktopPlatform, shouldDisableVerticalSwipe } from '../../../src/app/platform/viewportRules.ts';

describe('the expand rule', () => {
  it.each(['/', '/wallet/TON', '/account', '/p2p/offers/1', '/diagnostic', '/invoice', '/helpful', '/no-such-page'])(
    'expands the mini app on %s',
    (path) => expect(shouldExpand(path)).toBe(true),
  );

  it.each(['/invoices/IV1234567890', '/invoices/IV1234567890/deposit/TON', '/help', '/help/fees', '/add-home/1'])(
    'keeps the height Telegram chose on %s',
    (path) => expect(shouldExpand(path)).toBe(false),
  );
});

describe('swipe-to-close', () => {
  it.each(['tdesktop', 'macos', 'web', 'weba', 'webk', 'unigram'])(
    'stays allowed on the desktop platform %s',
    (platform) => {
      expect(isDesktopPlatform(platform)).toBe(true);
      expect(shouldDisableVerticalSwipe(platform)).toBe(false);
    },
  );

  it.each(['ios', 'android', 'android_x', 'unknown'])('is disabled on %s', (platform) => {
    expect(shouldDisableVerticalSwipe(platform)).toBe(true);
  });
});
