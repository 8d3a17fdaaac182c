import * as z from 'zod/mini';
import { assetCode, networkId } from '../../../contract/wallet-operations.ts';

/** The path params of the deposit pages (spec 000 s.2); anything else is the not-found page. */
export const depositAssetParams = z.object({ asset: assetCode });
export const depositNetworkParams = z.object({ asset: assetCode, network: networkId });
export const depositAddressParams = z.object({
  asset: assetCode,
  network: networkId,
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});
