/**
 * A posting would take more from a user's (or the fees) account than it holds. Thrown before
 * anything is written: the balances and the journals are as they were.
 */
export class InsufficientFundsError extends Error {
  /** What the debited account holds (for a hold: the available balance). */
  readonly available: bigint;
  /** What the posting needed to take from it. */
  readonly required: bigint;

  constructor(available: bigint, required: bigint) {
    super(`Insufficient funds: ${available} available, ${required} required`);
    this.name = 'InsufficientFundsError';
    this.available = available;
    this.required = required;
  }
}
