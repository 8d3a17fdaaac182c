import type Decimal from 'decimal.js';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import { type PriceTable, pollingSubscription, type ReferencePriceFeed } from './price-feed';
import { storedPriceTable } from './stored-feed';

/**
 * How the local feed moves prices. Each code's dollar value is multiplied by `exp(x)`, where `x`
 * is the sum of the last `window` steps, each a pseudo-random number in ±`step` drawn from the
 * seed, the code and the step's number. So a price moves at most 2·step per step, never strays
 * more than window·step from its stored level (±6.2 % for crypto, ±1.8 % for fiat), and is the
 * same on every server instance at the same moment.
 */
export const walkShape = { window: 60, cryptoStep: 0.001, fiatStep: 0.0003 } as const;

export interface WalkingFeedOptions {
  /** Different seeds walk differently; the same seed and clock give the same prices. */
  readonly seed: string;
  /** How long the prices hold between moves. */
  readonly stepMs: number;
  readonly now: () => Date;
}

/** A number in [-1, 1] from the text, the same every time (FNV-1a, then a murmur3 finaliser). */
function uniformOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return ((hash >>> 0) / 0xffffffff) * 2 - 1;
}

/** The multiplier of a code's dollar value at step `stepNumber`. */
export function walkFactor(seed: string, code: string, stepNumber: number, stepSize: number): number {
  let exponent = 0;
  for (let step = stepNumber - walkShape.window + 1; step <= stepNumber; step++) {
    exponent += uniformOf(`${seed}:${code}:${step}`) * stepSize;
  }
  return Math.exp(exponent);
}

/** The dollar and stablecoins hold their value; other fiats walk slowly, crypto faster. */
function stepSizeOf(asset: {
  readonly code: string;
  readonly isFiat: boolean;
  readonly isStablecoin: boolean;
}): number {
  if (asset.code === 'USD' || asset.isStablecoin) return 0;
  return asset.isFiat ? walkShape.fiatStep : walkShape.cryptoStep;
}

/**
 * The local reference feed (local mode, P2P.md "Reference prices move"): the stored prices, each
 * walked by its asset's and its quote's dollar factors, so every pair stays consistent.
 */
export function walkingPriceFeed(db: Database, options: WalkingFeedOptions): ReferencePriceFeed {
  const current = async (): Promise<PriceTable> => {
    const [stored, kinds] = await Promise.all([
      storedPriceTable(db),
      db.select({ code: assets.code, isFiat: assets.isFiat, isStablecoin: assets.isStablecoin }).from(assets),
    ]);
    const stepNumber = Math.floor(options.now().getTime() / options.stepMs);
    const factors = new Map(
      kinds.map((asset) => {
        const stepSize = stepSizeOf(asset);
        return [asset.code, stepSize === 0 ? 1 : walkFactor(options.seed, asset.code, stepNumber, stepSize)];
      }),
    );
    const prices = new Map<string, Map<string, Decimal>>();
    for (const [asset, quotes] of stored.prices) {
      const walked = new Map<string, Decimal>();
      for (const [quote, price] of quotes) {
        const ratio = (factors.get(asset) ?? 1) / (factors.get(quote) ?? 1);
        walked.set(quote, asset === quote ? price : price.times(ratio).toSignificantDigits(12));
      }
      prices.set(asset, walked);
    }
    return { prices, sources: ['local-walk'], observedAt: new Date(stepNumber * options.stepMs) };
  };
  return { current, subscribe: (listener, everyMs) => pollingSubscription(current, listener, everyMs) };
}
