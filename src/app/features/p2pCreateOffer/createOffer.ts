import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  type CreateOfferMarket,
  createOfferMachine,
  type PublishFailure,
  type PublishOfferInput,
} from '../../../../machines/createOffer.machine.ts';
import type { MarketAsset, MarketConfig, MarketFiat } from '../../../contract/p2p-market.ts';
import { createOfferBody, p2pOfferEndpoints } from '../../../contract/p2p-offers.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { offerAssetFrom } from '../../lib/p2p/offerAsset.ts';

/**
 * The create-offer machine (machines/createOffer.machine.ts) wired to the app: `publishOffer` is
 * `POST /p2p/offers`, rejecting with `PublishFailure` (the status, null without an answer; the
 * server's code and data).
 */

export function toPublishFailure(thrown: unknown): PublishFailure {
  const error = toApiError(thrown);
  if (error === null) return { status: null, code: null };
  return { status: error.code, code: error.reason, data: error.data };
}

export function provideCreateOffer() {
  return createOfferMachine.provide({
    actors: {
      publishOffer: fromPromise<{ id: number }, PublishOfferInput>(async ({ input }) => {
        try {
          // No abort signal: once sent, the answer is wanted even if the person leaves the page.
          const offer = await call(p2pOfferEndpoints.createOffer, { body: createOfferBody.parse(input) });
          return { id: offer.id };
        } catch (thrown) {
          throw toPublishFailure(thrown);
        }
      }),
    },
  });
}

export type CreateOfferActor = ActorRefFrom<typeof createOfferMachine>;

export interface MarketData {
  config: MarketConfig;
  assets: readonly MarketAsset[];
  fiats: readonly MarketFiat[];
  catalogue: AssetCatalogue;
  balances: readonly AssetBalance[];
  canWriteConditions: boolean;
}

/**
 * What the machine needs of the market now: the assets the market trades that the wallet
 * catalogue knows (their decimals and market limits) with the person's available balance, the
 * fiats with their reference prices, and the config's bands and choices.
 */
export function createOfferMarket(data: MarketData): CreateOfferMarket {
  const { config, catalogue, balances } = data;
  const assets = data.assets.flatMap((market) => offerAssetFrom(market, catalogue, balances) ?? []);
  return {
    assets,
    fiats: data.fiats,
    floatingBand: config.floating_ratio,
    fixedBand: config.fixed_price_ratio,
    timeLimits: config.time_limits,
    defaultTimeLimit: config.default_time_limit,
    maxMethods: config.max_offer_payment_methods,
    maxDescriptionLength: Math.min(config.max_description_length, 1000),
    canWriteConditions: data.canWriteConditions,
  };
}
