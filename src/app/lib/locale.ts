import type { Messages } from '@lingui/core';

/**
 * The locales, the language rule and their compiled catalogs, without Lingui itself: the page's
 * early start (earlyStart.ts) picks the locale and starts its catalog's download before the
 * framework has arrived; lib/i18n.ts activates it.
 */
export const locales = ['en', 'ru'] as const;
export type Locale = (typeof locales)[number];
export const sourceLocale: Locale = 'en';

export function isLocale(value: string): value is Locale {
  return locales.some((locale) => locale === value);
}

/**
 * The language rule: the first of the person's preferred languages (best first) that we have,
 * compared by its primary subtag ("ru-RU" → ru); English when none matches. The mini app
 * passes the init data user's `language_code`, the web passes `navigator.languages`.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLocale(primary)) return primary;
  }
  return sourceLocale;
}

/**
 * The parts of a catalog beyond the first screens' texts: withdraw's own, its steps after the
 * address (loaded with them), and the rest.
 */
export const laterCatalogParts = ['withdraw', 'withdrawLater', 'rest'] as const;
export type LaterCatalogPart = (typeof laterCatalogParts)[number];

/**
 * Compiled catalogs (`lingui compile --typescript`), each in parts (scripts/vite/catalogParts.ts):
 * the first screens' texts; withdraw's, which the root route loads before the withdraw screen
 * renders; and the rest, which it loads (with withdraw's) before any other route renders.
 */
const catalogs: Record<
  Locale,
  { first: () => Promise<{ messages: Messages }> } & Record<LaterCatalogPart, () => Promise<{ messages: Messages }>>
> = {
  en: {
    first: () => import('../../../locales/en/messages.ts?part=first'),
    withdraw: () => import('../../../locales/en/messages.ts?part=withdraw'),
    withdrawLater: () => import('../../../locales/en/messages.ts?part=withdrawLater'),
    rest: () => import('../../../locales/en/messages.ts?part=rest'),
  },
  ru: {
    first: () => import('../../../locales/ru/messages.ts?part=first'),
    withdraw: () => import('../../../locales/ru/messages.ts?part=withdraw'),
    withdrawLater: () => import('../../../locales/ru/messages.ts?part=withdrawLater'),
    rest: () => import('../../../locales/ru/messages.ts?part=rest'),
  },
};

/** Downloads the first screens' texts of `locale` (once: the module loader keeps them). */
export function loadCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return catalogs[locale].first();
}

/** Downloads one of the other parts of `locale`'s texts. */
export function loadCatalogPart(locale: Locale, part: LaterCatalogPart): Promise<{ messages: Messages }> {
  return catalogs[locale][part]();
}
