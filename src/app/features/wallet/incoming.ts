/** Whether a signed amount in smallest units ("-150", "0", "2500") brought money in: shown green. */
export function isIncoming(amount: string): boolean {
  return !amount.startsWith('-') && amount !== '0';
}

/** The amount's class: `base`, with its `--in` modifier (green) when the amount came in. */
export function amountClassName(base: string, amount: string): string {
  return isIncoming(amount) ? `${base} ${base}--in` : base;
}

/**
 * Statuses of an operation whose money never moved, or came back: a canceled or failed withdrawal
 * returned its hold, a reverted one was refunded. Its amount shows as not having moved: no sign,
 * struck through, beside the status.
 */
const voidStatuses: ReadonlySet<string> = new Set(['canceled', 'reverted', 'error']);

export function isVoid(status: string): boolean {
  return voidStatuses.has(status);
}

/** The amount without its sign ("-1100000000" → "1100000000"). */
export function unsignedAmount(amount: string): string {
  return amount.replace(/^-/, '');
}

/** How a transaction's amount is shown: signed and coloured when it moved, unsigned and struck when it did not. */
export function shownAmount(
  base: string,
  transaction: { amount: string; status: string },
): { smallest: string; signed: boolean; className: string } {
  if (isVoid(transaction.status)) {
    return { smallest: unsignedAmount(transaction.amount), signed: false, className: `${base} ${base}--void` };
  }
  return { smallest: transaction.amount, signed: true, className: amountClassName(base, transaction.amount) };
}
