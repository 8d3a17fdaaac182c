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
 * Compiled catalogs (`lingui compile --typescript`), each in two chunks (scripts/vite/catalogParts.ts):
 * the first screens' texts, and the rest, which the root route loads before any other route renders.
 */
const catalogs: Record<
  Locale,
  { first: () => Promise<{ messages: Messages }>; rest: () => Promise<{ messages: Messages }> }
> = {
  en: {
    first: () => import('../../../locales/en/messages.ts?part=first'),
    rest: () => import('../../../locales/en/messages.ts?part=rest'),
  },
  ru: {
    first: () => import('../../../locales/ru/messages.ts?part=first'),
    rest: () => import('../../../locales/ru/messages.ts?part=rest'),
  },
};

/** Downloads the first screens' texts of `locale` (once: the module loader keeps them). */
export function loadCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return catalogs[locale].first();
}

/** Downloads the other texts of `locale`. */
export function loadRestOfCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return catalogs[locale].rest();
}
