import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { WalletBalance } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { assets, priceReferences } from '../../db/schema/catalogue';
import { userSettings } from '../../db/schema/users';
import { unauthorized } from '../../http/api-error';
import { balancesOf } from '../../ledger/ledger';
import { loadAssets } from '../wallet/assets';

// Smallest units reach 78 digits and prices carry about 12: the default 20 significant digits
// would round the product long before the final rounding down to the currency's smallest unit.
const Exact = Decimal.clone({ precision: 200 });

/**
 * What `units` smallest units of an asset with `assetDecimals` are worth at `price` (one whole unit
 * in the local currency), in the local currency's smallest units, rounded down.
 */
export function localValue(units: bigint, assetDecimals: number, price: string, localDecimals: number): bigint {
  const value = new Exact(units.toString()).mul(price).mul(Exact.pow(10, localDecimals - assetDecimals));
  return BigInt(value.floor().toFixed(0));
}

/** Every enabled crypto asset with the user's available and held amounts, valued in the local currency. */
export async function getWalletBalance(db: Database, userId: number): Promise<WalletBalance> {
  const [settings] = await db
    .select({ currency: userSettings.localCurrency })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // A live session whose user has no settings row means the account was removed under it.
  if (settings === undefined) throw unauthorized();
  const { currency } = settings;

  const [catalogue, balances, prices, [localAsset]] = await Promise.all([
    loadAssets(db, and(eq(assets.isEnabled, true), eq(assets.isFiat, false))),
    balancesOf(db, userId),
    db
      .select({ asset: priceReferences.assetCode, price: priceReferences.price })
      .from(priceReferences)
      .where(eq(priceReferences.quoteCode, currency)),
    db.select({ decimals: assets.decimals }).from(assets).where(eq(assets.code, currency)),
  ]);
  if (localAsset === undefined) throw new Error(`The local currency ${currency} is not in the catalogue`);
  const priceOf = new Map(prices.map((row) => [row.asset, row.price]));

  const rows = catalogue.map((asset) => {
    const { available, held } = balances.get(asset.code) ?? { available: 0n, held: 0n };
    const price = priceOf.get(asset.code);
    // Without a price in this currency the holding cannot be valued; it counts as nothing.
    const local = price === undefined ? 0n : localValue(available + held, asset.decimals, price, localAsset.decimals);
    return { asset, available, held, local };
  });
  return {
    total: { currency, amount: rows.reduce((total, row) => total + row.local, 0n).toString() },
    balances: rows.map((row) => ({
      asset: row.asset,
      available: row.available.toString(),
      held: row.held.toString(),
      local_amount: row.local.toString(),
    })),
  };
}
