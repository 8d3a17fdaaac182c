import * as z from 'zod/mini';
import { assetCode, networkId } from '../../../contract/wallet-operations.ts';

/** The path params of the withdraw pages (spec 000 s.2); anything else is the not-found page. */
export const withdrawAssetParams = z.object({ asset: assetCode });
export const withdrawNetworkParams = z.object({ asset: assetCode, network: networkId });

/** `?address=` on the choice pages: an address scanned on home, carried to the flow; a malformed one is dropped. */
export const withdrawChoiceSearch = z.object({
  address: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(256))), undefined),
});
