/**
 * Viewport rules of spec 000 s.2 (Deep links): the mini app expands to full height except on
 * invoice, help and add-home paths, and vertical swipe-to-close is disabled on non-desktop
 * platforms.
 */

/** First path segments on which the mini app keeps the height Telegram opened it with. */
export const compactSections = ['invoices', 'help', 'add-home'] as const;

export function shouldExpand(pathname: string): boolean {
  const first = pathname.split('/').find((segment) => segment !== '') ?? '';
  return !compactSections.some((section) => section === first);
}

/**
 * Telegram platforms that run on a desktop or in a desktop browser, where there is no
 * swipe-to-close gesture to guard against. The same list the SDK uses for its viewport.
 */
export const desktopPlatforms = ['tdesktop', 'macos', 'web', 'weba', 'webk', 'unigram'] as const;

export function isDesktopPlatform(platform: string): boolean {
  return desktopPlatforms.some((name) => name === platform);
}

/** Unknown platforms count as mobile: a wallet closed by a stray swipe is worse than a kept one. */
export function shouldDisableVerticalSwipe(platform: string): boolean {
  return !isDesktopPlatform(platform);
}
