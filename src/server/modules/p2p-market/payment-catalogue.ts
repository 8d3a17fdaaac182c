import type { PaymentCatalogueEntry } from '../../../contract/p2p-market';
import type { Language } from '../../../contract/settings';
import { type CatalogueEntryData, paymentCatalogueData } from './payment-catalogue-data';

/** The fiats the catalogue has methods for. */
export function catalogueFiats(): readonly string[] {
  return Object.keys(paymentCatalogueData);
}

/** The fiat's top-level entries (groups without their children), or null for a fiat it lacks. */
export function catalogueOf(fiat: string): readonly CatalogueEntryData[] | null {
  return Object.hasOwn(paymentCatalogueData, fiat) ? (paymentCatalogueData[fiat] ?? null) : null;
}

/** A top-level entry of the fiat (a method or a group), or null. */
export function findCatalogueEntry(fiat: string, identifier: string): CatalogueEntryData | null {
  return catalogueOf(fiat)?.find((entry) => entry.identifier === identifier) ?? null;
}

/** What a saved method or an offer names: an entry, and the bank within it when it is a group. */
export interface CatalogueChoice {
  readonly entry: CatalogueEntryData;
  readonly child: CatalogueEntryData | null;
}

/**
 * The entry a method is of: a top-level method with no child, or a group with one of its
 * children. Null for anything else (unknown, a group without a child, a child of a plain method).
 */
export function resolveCatalogueChoice(
  fiat: string,
  identifier: string,
  childIdentifier: string | null,
): CatalogueChoice | null {
  const entry = findCatalogueEntry(fiat, identifier);
  if (entry === null) return null;
  if (entry.children.length === 0) return childIdentifier === null ? { entry, child: null } : null;
  const child = entry.children.find((candidate) => candidate.identifier === childIdentifier);
  return child === undefined ? null : { entry, child };
}

/** The entry's details: its own, or for a group its chosen child's. */
export function fieldsOf(choice: CatalogueChoice): CatalogueEntryData['fields'] {
  return (choice.child ?? choice.entry).fields;
}

/** An entry as the contract answers it, its `locale` (display name) in the user's language. */
export function toCatalogueEntry(entry: CatalogueEntryData, language: Language): PaymentCatalogueEntry {
  return {
    type: entry.type,
    identifier: entry.identifier,
    locale: entry.names[language],
    is_parent: entry.children.length > 0,
    fields: [...entry.fields],
  };
}

/**
 * The display names of a method as offers and saved methods show them (spec 001 s.3 "Offer
 * payment"): `locale` of the entry (the group), `child_locale` of the bank within it. An entry the
 * catalogue no longer has shows its identifier rather than failing the answer.
 */
export function catalogueNames(
  fiat: string,
  identifier: string,
  childIdentifier: string | null,
  language: Language,
): { readonly locale: string; readonly child_locale: string | null } {
  const entry = findCatalogueEntry(fiat, identifier);
  const child =
    childIdentifier === null ? null : entry?.children.find((candidate) => candidate.identifier === childIdentifier);
  return {
    locale: entry?.names[language] ?? identifier,
    child_locale: childIdentifier === null ? null : (child?.names[language] ?? childIdentifier),
  };
}
