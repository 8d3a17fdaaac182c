import { i18n } from '@lingui/core';
import {
  isLocale,
  type LaterCatalogPart,
  type Locale,
  laterCatalogParts,
  loadCatalog,
  loadCatalogPart,
  sourceLocale,
} from './locale.ts';

/** The parts of the catalog beyond the first screens' that a screen opened so far wanted. */
const wantedParts = new Set<LaterCatalogPart>();

async function loadParts(locale: Locale, parts: readonly LaterCatalogPart[]): Promise<void> {
  const loaded = await Promise.all(parts.map((part) => loadCatalogPart(locale, part)));
  for (const { messages } of loaded) i18n.load(locale, messages);
}

/**
 * Loads the catalog and activates it before the first render, so no text flashes in English: the
 * first screens' texts, and the other parts the screens opened so far wanted.
 */
export async function activateLocale(locale: Locale, root: HTMLElement = document.documentElement): Promise<void> {
  const [{ messages }] = await Promise.all([loadCatalog(locale), loadParts(locale, [...wantedParts])]);
  i18n.load(locale, messages);
  i18n.activate(locale);
  root.lang = locale;
}

/** Loads `parts` of the catalog into the active locale (and into any activated later). */
export async function loadTexts(parts: readonly LaterCatalogPart[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  await loadParts(isLocale(i18n.locale) ? i18n.locale : sourceLocale, parts);
}

/** Loads every text beyond the first screens'. */
export function loadEveryText(): Promise<void> {
  return loadTexts(laterCatalogParts);
}

export { i18n };
