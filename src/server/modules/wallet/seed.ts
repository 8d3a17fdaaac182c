import Decimal from 'decimal.js';
import type { Database } from '../../db/database';
import { assetNetworks, assets, priceReferences } from '../../db/schema/catalogue';
import {
  cryptoViewDecimals,
  cryptoViewFullDecimals,
  defaultCryptoAssets,
  defaultFiatAssets,
  defaultMarketFeePercent,
  fiatDecimals,
  fiatViewDecimals,
} from './catalogue-defaults';
import {
  referencePriceObservedAt,
  referencePriceSource,
  referenceUnitsPerUsd,
  referenceUsdPrices,
} from './reference-prices';

export interface SeedResult {
  readonly assets: number;
  readonly networks: number;
  readonly prices: number;
}

/**
 * Inserts the default catalogue and reference prices where they are missing. Idempotent, and it
 * never overwrites a row that exists: an operator's change (a disabled asset, a new fee, a live
 * price) survives every restart. Returns how many rows it inserted.
 */
export async function seedCatalogue(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const assetRows = [
      ...defaultCryptoAssets.map((asset, index) => ({
        code: asset.code,
        position: index,
        name: asset.name,
        isFiat: false,
        isStablecoin: asset.isStablecoin,
        decimals: asset.decimals,
        viewDecimals: cryptoViewDecimals(asset.isStablecoin),
        viewFullDecimals: cryptoViewFullDecimals(asset.decimals, asset.isStablecoin),
        url: asset.url,
        symbol: null,
        marketMin: asset.marketMin,
        marketMax: asset.marketMax,
        marketFeePercent: defaultMarketFeePercent,
      })),
      ...defaultFiatAssets.map((asset, index) => ({
        code: asset.code,
        position: defaultCryptoAssets.length + index,
        name: asset.name,
        isFiat: true,
        isStablecoin: false,
        decimals: fiatDecimals,
        viewDecimals: fiatViewDecimals,
        viewFullDecimals: fiatViewDecimals,
        url: null,
        symbol: asset.symbol,
        marketMin: asset.marketMin,
        marketMax: asset.marketMax,
        marketFeePercent: null,
      })),
    ];
    const insertedAssets = await tx
      .insert(assets)
      .values(assetRows)
      .onConflictDoNothing()
      .returning({ code: assets.code });

    const networkRows = defaultCryptoAssets.flatMap((asset) =>
      asset.networks.map((network, index) => ({
        assetCode: asset.code,
        network: network.network,
        position: index,
        name: network.name,
        protocol: network.protocol,
        // Deposits below the withdrawal minimum could never leave the wallet again.
        depositMin: network.withdrawMin,
        depositMax: '0',
        withdrawMin: network.withdrawMin,
        withdrawMax: network.withdrawMax,
        maxFee: network.maxFee,
        withdrawFee: network.withdrawFee,
        explorerUrl: network.explorer.url,
        explorerAddressUrl: network.explorer.addressTemplate,
        explorerTransactionUrl: network.explorer.transactionTemplate,
      })),
    );
    const insertedNetworks = await tx
      .insert(assetNetworks)
      .values(networkRows)
      .onConflictDoNothing()
      .returning({ code: assetNetworks.assetCode });

    const insertedPrices = await tx
      .insert(priceReferences)
      .values(referencePriceRows())
      .onConflictDoNothing()
      .returning({ code: priceReferences.assetCode });

    return { assets: insertedAssets.length, networks: insertedNetworks.length, prices: insertedPrices.length };
  });
}

/** Every catalogue asset priced in every fiat (USD among them), derived through the dollar. */
function referencePriceRows() {
  const usdValueOf = (code: string): Decimal => {
    const usdPrice = referenceUsdPrices[code];
    if (usdPrice !== undefined) return new Decimal(usdPrice);
    const unitsPerUsd = referenceUnitsPerUsd[code];
    if (unitsPerUsd !== undefined) return new Decimal(1).div(unitsPerUsd);
    throw new Error(`No reference price for ${code}`);
  };
  const assetCodes = [...defaultCryptoAssets, ...defaultFiatAssets].map((asset) => asset.code);
  const quoteCodes = defaultFiatAssets.map((asset) => asset.code);
  return assetCodes.flatMap((assetCode) =>
    quoteCodes.map((quoteCode) => ({
      assetCode,
      quoteCode,
      price: usdValueOf(assetCode).div(usdValueOf(quoteCode)).toSignificantDigits(12).toFixed(),
      source: referencePriceSource,
      observedAt: referencePriceObservedAt,
    })),
  );
}
