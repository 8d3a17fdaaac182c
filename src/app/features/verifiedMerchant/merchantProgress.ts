import type { MerchantCondition } from '../../../contract/p2p-merchant.ts';

/**
 * How far a numeric condition is, 0–1, read from the server's whole-number texts (orders, percent,
 * smallest units: digits only, so BigInt reads them exactly); a met condition is 1, the
 * verification level (no number) is 0 or 1.
 */
export function conditionProgress(condition: MerchantCondition): number {
  if (condition.met) return 1;
  const digits = /^[0-9]+$/;
  if (!digits.test(condition.current) || !digits.test(condition.required)) return 0;
  const required = BigInt(condition.required);
  if (required === 0n) return 1;
  const current = BigInt(condition.current);
  if (current >= required) return 1;
  // Per mille, so the division stays in integers.
  return Number((current * 1000n) / required) / 1000;
}
