import type { AssetBalance } from '../../contract/wallet-operations.ts';

/**
 * Everything the person holds of an asset: what is available and what is held for operations on
 * their way. It is the amount the balance's `local_amount` values, so a page that shows one beside
 * the other shows this one. Integer smallest units, so BigInt adds them exactly.
 */
export function holdingsOf(balance: Pick<AssetBalance, 'available' | 'held'>): string {
  return (BigInt(balance.available) + BigInt(balance.held)).toString();
}
