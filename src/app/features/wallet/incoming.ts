/** Whether a signed amount in smallest units ("-150", "0", "2500") brought money in: shown green. */
export function isIncoming(amount: string): boolean {
  return !amount.startsWith('-') && amount !== '0';
}

/** The amount's class: `base`, with its `--in` modifier (green) when the amount came in. */
export function amountClassName(base: string, amount: string): string {
  return isIncoming(amount) ? `${base} ${base}--in` : base;
}
