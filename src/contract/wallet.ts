import * as z from 'zod/mini';
import { decimalString, smallestUnits } from './amount';
import { defineEndpoint } from './endpoint';

/** Inclusive bounds in smallest units; a `max` of "0" means no upper bound. */
export const amountLimits = z.object({
  min: smallestUnits,
  max: smallestUnits,
});
export type AmountLimits = z.infer<typeof amountLimits>;

/** Placeholders an explorer URL template may contain. */
export const explorerPlaceholders = ['%explorer_url%', '%address%', '%txid%'] as const;

/** One chain an asset can move on, keyed in `Asset.networks` by its `network` identifier. */
export const assetNetwork = z.object({
  /** The asset's code on this network (the same as the asset's own code). */
  code: z.string(),
  /** Human name of the network, e.g. "Tron (TRC20)". */
  name: z.string(),
  /** Chain identifier: TRX, ETH, BSC, TON, BTC, LTC. */
  network: z.string(),
  /** Token standard or native protocol: TRC20, ERC20, BEP20, TON, BTC, LTC. */
  protocol: z.string(),
  limits: z.object({
    deposit: amountLimits,
    withdraw: amountLimits,
  }),
  permissions: z.object({
    can_deposit: z.boolean(),
    can_withdraw: z.boolean(),
  }),
  /** Highest network fee a withdrawal may cost, in smallest units. */
  max_fee: smallestUnits,
  /** Fee the wallet charges per withdrawal, in smallest units. */
  withdraw_fee: smallestUnits,
  explorer_url: z.url(),
  /** Template with %explorer_url% and %address%, e.g. "%explorer_url%/address/%address%". */
  explorer_address_url: z.optional(z.string()),
  /** Template with %explorer_url% and %txid%, e.g. "%explorer_url%/tx/%txid%". */
  explorer_transaction_url: z.optional(z.string()),
});
export type AssetNetwork = z.infer<typeof assetNetwork>;

const assetCommon = {
  is_enabled: z.boolean(),
  is_stablecoin: z.boolean(),
  name: z.string(),
  code: z.string().check(z.regex(/^[A-Z0-9]{2,12}$/)),
  /** Precision of the smallest unit: an amount of "1" is 10^-decimals of the asset. */
  decimals: z.int().check(z.minimum(0), z.maximum(30)),
  /** Decimals shown in lists and balances. */
  view_decimals: z.int().check(z.minimum(0)),
  /** Decimals shown where the full amount matters (details, confirmations); amounts round down to it. */
  view_full_decimals: z.int().check(z.minimum(0)),
};

export const cryptoAsset = z.object({
  ...assetCommon,
  is_fiat: z.literal(false),
  /** The asset's public home page. */
  url: z.url(),
  networks: z.record(z.string(), assetNetwork),
  market: z.object({
    limits: amountLimits,
    /** Market (P2P) fee in percent of the trade, e.g. "1" for 1 %. */
    fee: decimalString,
  }),
});
export type CryptoAsset = z.infer<typeof cryptoAsset>;

export const fiatAsset = z.object({
  ...assetCommon,
  is_fiat: z.literal(true),
  /** Currency sign; equal to the code where the currency is shown by code (KGS). */
  symbol: z.string(),
  market: z.object({
    limits: amountLimits,
  }),
});
export type FiatAsset = z.infer<typeof fiatAsset>;

export const asset = z.discriminatedUnion('is_fiat', [cryptoAsset, fiatAsset]);
export type Asset = z.infer<typeof asset>;

/**
 * GET /wallet/asset answers every asset keyed by its code, in catalogue display order (crypto
 * first, then fiat). Keyed rather than listed because every consumer looks assets up by code.
 */
export const assetCatalogue = z.object({
  assets: z
    .record(z.string(), asset)
    .check(
      z.refine(
        (assets) => Object.entries(assets).every(([key, value]) => key === value.code),
        'Each key must be its asset code',
      ),
    ),
});
export type AssetCatalogue = z.infer<typeof assetCatalogue>;

/**
 * GET /wallet/asset/prices: how much one unit (not one smallest unit) of each asset costs in each
 * quote currency (USD and every fiat of the catalogue), as decimal strings.
 */
export const assetPrices = z.object({
  /** Quote currency codes, USD first. */
  quotes: z.array(z.string()),
  /** `prices[asset][quote]`, e.g. `prices.BTC.RUB`. */
  prices: z.record(z.string(), z.record(z.string(), decimalString)),
  /** Where the prices came from, e.g. ["reference-2026-11"]; more than one while a feed catches up. */
  sources: z.array(z.string()),
  /** When the oldest of these prices was observed: the whole table is at least this fresh. */
  observed_at: z.iso.datetime({ offset: true }),
});
export type AssetPrices = z.infer<typeof assetPrices>;

export const walletEndpoints = {
  listAssets: defineEndpoint({
    method: 'GET',
    path: '/wallet/asset',
    response: assetCatalogue,
    auth: false,
  }),
  listAssetPrices: defineEndpoint({
    method: 'GET',
    path: '/wallet/asset/prices',
    response: assetPrices,
    auth: false,
  }),
};
