import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';

type MethodNames = Pick<PaymentMethod, 'name' | 'locale' | 'child_locale'>;

/**
 * The catalogue's name of a saved method: "Sberbank · SBP" for a group's bank, else "Tinkoff". The
 * bank leads: rows cut long names at the end, and two SBP methods must still read apart.
 */
export function catalogueNameOf(method: MethodNames): string {
  return method.child_locale === null ? method.locale : `${method.child_locale} · ${method.locale}`;
}

/**
 * How a saved method is named in lists and rows (spec 001 s.2: the method with the last 4
 * characters of its data): the person's own name when they gave one, with the catalogue's name
 * under it; else the catalogue's name alone.
 */
export function paymentMethodLabel(method: MethodNames): { title: string; subtitle: string | null } {
  const catalogueName = catalogueNameOf(method);
  return method.name === null || method.name === ''
    ? { title: catalogueName, subtitle: null }
    : { title: method.name, subtitle: catalogueName };
}
