import { type AmountInputProblem, parseAmountInput } from '../../src/app/lib/amountInput.ts';

/**
 * The withdraw amount's rules (spec 000 s.3 "Network limits", s.5), on integer smallest units as
 * strings and `bigint`, never floats. Parsing what a person typed is the app's shared
 * `parseAmountInput` (pure string work, no Lingui or React), so the field and the machine agree.
 */

/** The parser's problems (a zero is below the minimum here), then the limits'. */
export type AmountError = Exclude<AmountInputProblem, 'zero'> | 'below_minimum' | 'above_maximum' | 'above_balance';

/** What bounds an amount: the network's limits and fee, the asset's decimals and the balance. */
export interface AmountLimits {
  decimals: number;
  /** Spendable balance, smallest units. */
  available: string;
  /** The network's withdraw fee, taken on top of the amount. */
  fee: string;
  /** The network's withdraw minimum. */
  min: string;
  /** The network's withdraw maximum; "0" means no upper bound (spec 000 s.3). */
  max: string;
}

export interface AmountCheck {
  /** The amount in smallest units when valid, otherwise null. */
  amount: string | null;
  error: AmountError | null;
}

/** The most that can be sent: the balance less the fee, never below zero. */
export function maxSendable(limits: Pick<AmountLimits, 'available' | 'fee'>): string {
  const rest = BigInt(limits.available) - BigInt(limits.fee);
  return (rest > 0n ? rest : 0n).toString();
}

/** The smallest amount accepted: the network minimum, and at least one smallest unit (spec 000 s.5). */
export function effectiveMinimum(min: string): string {
  const minimum = BigInt(min);
  return (minimum > 1n ? minimum : 1n).toString();
}

/** Checks a typed amount against the limits; a zero is below the minimum. */
export function checkAmount(text: string, limits: AmountLimits): AmountCheck {
  const parsed = parseAmountInput(text, limits.decimals);
  if (!parsed.ok) return { amount: null, error: parsed.problem === 'zero' ? 'below_minimum' : parsed.problem };
  const amount = BigInt(parsed.smallest);
  if (amount < BigInt(effectiveMinimum(limits.min))) return { amount: null, error: 'below_minimum' };
  if (limits.max !== '0' && amount > BigInt(limits.max)) return { amount: null, error: 'above_maximum' };
  if (amount > BigInt(maxSendable(limits))) return { amount: null, error: 'above_balance' };
  return { amount: parsed.smallest, error: null };
}
