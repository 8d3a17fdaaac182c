import { i18n } from '@lingui/core';
import { type Locale, loadCatalog } from './locale.ts';

/** Loads the catalog and activates it before the first render, so no text flashes in English. */
export async function activateLocale(locale: Locale, root: HTMLElement = document.documentElement): Promise<void> {
  const { messages } = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  root.lang = locale;
}

export { i18n };
