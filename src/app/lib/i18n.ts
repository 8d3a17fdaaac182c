import { i18n } from '@lingui/core';
import { isLocale, type Locale, loadCatalog, loadRestOfCatalog, sourceLocale } from './locale.ts';

/** Whether a screen beyond the first ones has been opened, so every text is wanted. */
let restWanted = false;

async function loadRest(locale: Locale): Promise<void> {
  const { messages } = await loadRestOfCatalog(locale);
  i18n.load(locale, messages);
}

/**
 * Loads the catalog and activates it before the first render, so no text flashes in English: the
 * first screens' texts, and the others too once a screen beyond them has been opened.
 */
export async function activateLocale(locale: Locale, root: HTMLElement = document.documentElement): Promise<void> {
  const [{ messages }] = await Promise.all([loadCatalog(locale), restWanted ? loadRest(locale) : undefined]);
  i18n.load(locale, messages);
  i18n.activate(locale);
  root.lang = locale;
}

/** Loads the texts beyond the first screens' into the active locale (and into any activated later). */
export async function loadEveryText(): Promise<void> {
  restWanted = true;
  await loadRest(isLocale(i18n.locale) ? i18n.locale : sourceLocale);
}

export { i18n };
