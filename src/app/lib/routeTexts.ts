import { loadEveryText, loadTexts } from './i18n.ts';
import { type LaterCatalogPart, laterCatalogParts } from './locale.ts';

function laterPart(name: string | undefined): LaterCatalogPart | null {
  return laterCatalogParts.find((part) => part === name) ?? null;
}

/**
 * Loads the parts of the catalog the matched routes need beyond the first screens' texts
 * (scripts/vite/catalogParts.ts): nothing for the first part's routes, a screen's own part for its
 * routes, every part once any other route matches. `firstRouteIds` is null outside a build, where
 * the first part is the whole catalog.
 */
export async function loadTextsFor(
  matches: readonly { routeId: unknown }[],
  firstRouteIds: readonly string[] | null,
  partOfRoute: Readonly<Record<string, string>>,
): Promise<void> {
  if (firstRouteIds === null) return;
  const beyond = matches.map(({ routeId }) => String(routeId)).filter((id) => !firstRouteIds.includes(id));
  if (beyond.length === 0) return;
  const parts = beyond.map((id) => laterPart(partOfRoute[id]));
  if (parts.some((part) => part === null || part === 'rest')) return loadEveryText();
  await loadTexts([...new Set(parts.filter((part) => part !== null))]);
}
