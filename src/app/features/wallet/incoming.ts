/** Whether a signed amount in smallest units ("-150", "0", "2500") brought money in: shown green. */
export function isIncoming(amount: string): boolean {
  return !amount.startsWith('-') && amount !== '0';
}
