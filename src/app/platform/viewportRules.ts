/**
 * Viewport rules of spec 000 s.2 (Deep links): vertical swipe-to-close is disabled on non-desktop
 * platforms. The other rule, expansion, is in machines/deepLink/expandRule.ts (one implementation,
 * shared with the start-parameter grammar, and loaded lazily with the Telegram session).
 */

/**
 * Telegram platforms that run on a desktop or in a desktop browser, where there is no
 * swipe-to-close gesture to guard against. The list Telegram's SDK uses for its viewport; a
 * desktop client reports no viewport of its own (telegramSession.ts does not ask for one).
 */
export const desktopPlatforms = ['tdesktop', 'macos', 'web', 'weba', 'webk', 'unigram'] as const;

export function isDesktopPlatform(platform: string): boolean {
  return desktopPlatforms.some((name) => name === platform);
}

/** Unknown platforms count as mobile: a wallet closed by a stray swipe is worse than a kept one. */
export function shouldDisableVerticalSwipe(platform: string): boolean {
  return !isDesktopPlatform(platform);
}
