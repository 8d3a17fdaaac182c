import type Decimal from 'decimal.js';

/** Every known price at one moment: `prices.get(asset).get(quote)` is one whole asset in the quote. */
export interface PriceTable {
  readonly prices: ReadonlyMap<string, ReadonlyMap<string, Decimal>>;
  /** Where the prices came from, e.g. ["reference-2026-11"]. */
  readonly sources: readonly string[];
  /** When the oldest of these prices was observed. */
  readonly observedAt: Date;
}

/**
 * The reference prices the wallet shows and floating P2P offers follow (P2P.md "Reference prices
 * move"). The local walking feed implements it; a real exchange feed plugs in behind the same
 * interface, and every reader (the wallet's prices, the market's fiats, floating offers) asks it.
 */
export interface ReferencePriceFeed {
  /** The whole table as it is now. */
  current(): Promise<PriceTable>;
  /**
   * Calls the listener with the new table each time the prices move (at most every `everyMs`),
   * until the returned function is called.
   */
  subscribe(listener: (table: PriceTable) => void, everyMs: number): () => void;
}

/** One whole `asset` in `quote` from a table, or null when the feed does not price the pair. */
export function priceIn(table: PriceTable, asset: string, quote: string): Decimal | null {
  return table.prices.get(asset)?.get(quote) ?? null;
}

/** Polls `current()` and hands each table on; what both local feeds use for `subscribe`. */
export function pollingSubscription(
  current: () => Promise<PriceTable>,
  listener: (table: PriceTable) => void,
  everyMs: number,
  onError: (error: unknown) => void = () => {},
): () => void {
  const timer = setInterval(() => {
    current().then(listener, onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
