import * as z from 'zod/mini';
import { fiatCode, paymentCatalogueEntry } from '../../../contract/p2p-market.ts';
import { paymentMethodId } from '../../../contract/p2p-payment-methods.ts';

// The path params of the payment-method pages (spec 001 s.2): a numeric id, a fiat code and
// catalogue identifiers; anything else is the not-found page.

const identifier = paymentCatalogueEntry.shape.identifier;

export const methodIdParams = z.object({ id: paymentMethodId });
export const addFiatParams = z.object({ fiat: fiatCode });
export const addMethodParams = z.object({ fiat: fiatCode, method: identifier });
export const addGroupParams = z.object({ fiat: fiatCode, group: identifier });
export const addGroupMethodParams = z.object({ fiat: fiatCode, group: identifier, method: identifier });
