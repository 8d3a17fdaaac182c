import type { Messages } from '@lingui/core';

/**
 * The locales, the language rule and their compiled catalogs, without Lingui itself: the page's
 * early start (earlyStart.ts) picks the locale and starts its catalog's download before the
 * framework has arrived; lib/i18n.ts activates it.
 */
export const locales = ['en', 'ru'] as const;
export type Locale = (typeof locales)[number];
export const sourceLocale: Locale = 'en';

function isLocale(value: string): value is Locale {
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

/** Compiled catalogs (`lingui compile --typescript`), each its own small chunk. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages.ts'),
  ru: () => import('../../../locales/ru/messages.ts'),
};

/** Downloads `locale`'s catalog (once: the module loader keeps it). */
export function loadCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return catalogs[locale]();
}
