import { and, asc, eq, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WalletBalance } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { assets, priceReferences } from '../../db/schema/catalogue';
import { ledgerAccounts } from '../../db/schema/ledger';
import { userSettings } from '../../db/schema/users';
import { unauthorized } from '../../http/api-error';
import { lockedPurchases } from '../p2p-orders/buyer-lock';

/** A price as PostgreSQL prints a positive numeric: digits, and a fraction after a point. */
const decimalText = /^(\d+)(?:\.(\d+))?$/;

/**
 * What `units` smallest units of an asset with `assetDecimals` are worth at `price` (one whole unit
 * in the local currency), in the local currency's smallest units, rounded down. Integer arithmetic
 * throughout: the price's digits become an integer and the decimal point a power of ten, so
 * amounts of 78 digits stay exact.
 */
export function localValue(units: bigint, assetDecimals: number, price: string, localDecimals: number): bigint {
  const match = decimalText.exec(price);
  if (match === null) throw new Error(`Not a price: ${price}`);
  const [, whole = '', fraction = ''] = match;
  const product = units * BigInt(whole + fraction);
  const shift = localDecimals - assetDecimals - fraction.length;
  // Both factors are non-negative, so BigInt division (towards zero) rounds down.
  return shift >= 0 ? product * 10n ** BigInt(shift) : product / 10n ** BigInt(-shift);
}

const localCurrency = alias(assets, 'local_currency');
const availableAccount = alias(ledgerAccounts, 'available_account');
const heldAccount = alias(ledgerAccounts, 'held_account');

/**
 * Everything the balance needs in one statement: the user's local currency and its decimals, and
 * one row per enabled crypto asset in catalogue order with its price in that currency and the
 * user's available and held ledger accounts (null where there is none). Built once per database
 * and prepared: the poll runs it every 5 s for every open home screen, and building the SQL cost
 * more than running it.
 */
const balanceStatement = preparedPerDatabase((db: Database) => {
  const userId = sql.placeholder('userId');
  const ownAccount = (account: typeof availableAccount | typeof heldAccount, kind: 'available' | 'held') =>
    and(eq(account.userId, userSettings.userId), eq(account.assetCode, assets.code), eq(account.kind, kind));
  return (
    db
      .select({
        currency: userSettings.localCurrency,
        currencyDecimals: localCurrency.decimals,
        // Null as a whole when the catalogue has no enabled crypto asset (the left join found none).
        asset: { code: assets.code, decimals: assets.decimals },
        price: priceReferences.price,
        available: availableAccount.balance,
        held: heldAccount.balance,
      })
      .from(userSettings)
      // The settings' foreign key guarantees the local currency is in the catalogue.
      .innerJoin(localCurrency, eq(localCurrency.code, userSettings.localCurrency))
      // A left join, so a catalogue with no enabled crypto still answers the settings row.
      .leftJoin(assets, and(eq(assets.isEnabled, true), not(assets.isFiat)))
      .leftJoin(
        priceReferences,
        and(eq(priceReferences.assetCode, assets.code), eq(priceReferences.quoteCode, userSettings.localCurrency)),
      )
      .leftJoin(availableAccount, ownAccount(availableAccount, 'available'))
      .leftJoin(heldAccount, ownAccount(heldAccount, 'held'))
      .where(eq(userSettings.userId, userId))
      .orderBy(asc(assets.position), asc(assets.code))
      .prepare('wallet_balance')
  );
});

/**
 * Every enabled crypto asset, by code, with the user's available and held amounts, valued in the
 * local currency. Reads the ledger's account balances as they stand (what `balancesOf` reads),
 * except that crypto bought on P2P that is still locked (docs/p2p.md "Orders: creation, escrow and
 * reads") shows as held: it cannot be sent or sold until it frees.
 */
export async function getWalletBalance(db: Database, userId: number, now: Date): Promise<WalletBalance> {
  const [rows, locked] = await Promise.all([
    balanceStatement(db).execute({ userId }),
    lockedPurchases(db, userId, now),
  ]);
  const [first] = rows;
  // A live session whose user has no settings row means the account was removed under it.
  if (first === undefined) throw unauthorized();
  const { currency, currencyDecimals } = first;

  let total = 0n;
  const balances: WalletBalance['balances'] = [];
  for (const row of rows) {
    if (row.asset === null) continue;
    const inAvailable = BigInt(row.available ?? '0');
    const lockedAll = locked.get(row.asset.code) ?? 0n;
    const lockedHere = lockedAll < inAvailable ? lockedAll : inAvailable;
    const available = (inAvailable - lockedHere).toString();
    const held = (BigInt(row.held ?? '0') + lockedHere).toString();
    // Without a price in this currency the holding cannot be valued; it counts as nothing.
    const local =
      row.price === null
        ? 0n
        : localValue(BigInt(available) + BigInt(held), row.asset.decimals, row.price, currencyDecimals);
    total += local;
    balances.push({ asset: row.asset.code, available, held, local_amount: local.toString() });
  }
  return { total: { currency, amount: total.toString() }, balances };
}
