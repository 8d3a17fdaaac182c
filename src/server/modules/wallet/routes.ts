import type { FastifyInstance } from 'fastify';
import { walletEndpoints } from '../../../contract/wallet';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { listAssetPrices, listAssets } from './service';

export function registerWalletRoutes(app: FastifyInstance, context: EndpointContext): void {
  registerEndpoint(app, context, walletEndpoints.listAssets, () => listAssets(context.db));
  registerEndpoint(app, context, walletEndpoints.listAssetPrices, () =>
    listAssetPrices(context.db, context.referencePrices),
  );
}
