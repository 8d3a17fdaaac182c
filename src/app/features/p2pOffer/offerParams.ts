import * as z from 'zod/mini';
import { offerId } from '../../../contract/p2p-offers.ts';
import { restrictionPages } from './RestrictionsEdit.tsx';

/** The path params of `/p2p/offers/{id}` and its pages: a numeric id (anything else is not found). */
export const offerParams = z.object({ id: offerId });
export const restrictionParams = z.object({ id: offerId, restriction: z.enum(restrictionPages) });
