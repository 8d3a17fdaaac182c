import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type P2cAsset, type P2cQuote, p2cAsset, p2cFiat, p2cQuoteSeconds } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import { type PriceTable, priceIn } from '../../integrations/prices/price-feed';
import { fiatAmountOf, fiatCents } from '../p2p-offers/money';
import { sameSecret } from '../security/tokens';
import { amountForKopecks, clientRateKopecks, quoteStep, serviceFee } from './money';

/**
 * What a quote promises, all of it inside its signed id (docs/p2c.md "The quote"): the server
 * keeps nothing, and paying trusts these figures only when the signature holds, the quote is
 * the caller's, for the same code and asset, and younger than {@link p2cQuoteSeconds}.
 */
export interface QuoteTerms {
  readonly userId: number;
  readonly qrId: string;
  readonly asset: P2cAsset;
  readonly fiatKopecks: bigint;
  readonly rateKopecks: bigint;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly expiresAt: Date;
}

const integerText = z.string().check(z.regex(/^(0|[1-9][0-9]*)$/));
const signedTerms = z.tuple([
  z.int(),
  z.string(),
  p2cAsset,
  integerText,
  integerText,
  integerText,
  integerText,
  z.int(),
]);

export interface QuoteSigner {
  sign(terms: QuoteTerms): string;
  /** The terms of a genuine quote id, else null (forged, altered or not ours). */
  open(id: string): QuoteTerms | null;
}

/** Signs quote ids with HMAC-SHA-256 under a key derived from the server's secret for this use alone. */
export function quoteSigner(secret: string): QuoteSigner {
  const key = createHmac('sha256', secret).update('kopilka p2c quote v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(terms) {
      const payload = Buffer.from(
        JSON.stringify([
          terms.userId,
          terms.qrId,
          terms.asset,
          terms.fiatKopecks.toString(),
          terms.rateKopecks.toString(),
          terms.amount.toString(),
          terms.fee.toString(),
          terms.expiresAt.getTime(),
        ]),
      ).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    open(id) {
      const [payload = '', signature = '', ...rest] = id.split('.');
      if (rest.length > 0 || !sameSecret(signature, mac(payload))) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = z.safeParse(signedTerms, decoded);
      if (!parsed.success) return null;
      const [userId, qrId, asset, fiatKopecks, rateKopecks, amount, fee, expiresAt] = parsed.data;
      return {
        userId,
        qrId,
        asset,
        fiatKopecks: BigInt(fiatKopecks),
        rateKopecks: BigInt(rateKopecks),
        amount: BigInt(amount),
        fee: BigInt(fee),
        expiresAt: new Date(expiresAt),
      };
    },
  };
}

async function precisionOf(db: Database, asset: P2cAsset): Promise<{ decimals: number; shownDecimals: number } | null> {
  const [row] = await db
    .select({ decimals: assets.decimals, shownDecimals: assets.viewFullDecimals })
    .from(assets)
    .where(eq(assets.code, asset));
  return row ?? null;
}

/**
 * The terms of paying `fiatAmount` roubles in `asset` now: rate = reference × (1 − margin) to the
 * kopeck below, amount = roubles ÷ rate and fee = 1 % of it, each rounded up to the last decimal
 * the screens show; null when the feed has no rouble price for the asset.
 */
export async function quoteTerms(
  db: Database,
  prices: PriceTable,
  input: { readonly userId: number; readonly qrId: string; readonly asset: P2cAsset; readonly fiatAmount: string },
  now: Date,
): Promise<QuoteTerms | null> {
  const reference = priceIn(prices, input.asset, p2cFiat);
  const precision = await precisionOf(db, input.asset);
  if (reference === null || precision === null) return null;
  const rateKopecks = clientRateKopecks(reference);
  if (rateKopecks <= 0n) return null;
  const fiatKopecks = fiatCents(input.fiatAmount);
  const step = quoteStep(precision.decimals, precision.shownDecimals);
  const amount = amountForKopecks(fiatKopecks, rateKopecks, precision.decimals, step);
  return {
    userId: input.userId,
    qrId: input.qrId,
    asset: input.asset,
    fiatKopecks,
    rateKopecks,
    amount,
    fee: serviceFee(amount, step),
    expiresAt: new Date(now.getTime() + p2cQuoteSeconds * 1000),
  };
}

export function toQuote(signer: QuoteSigner, terms: QuoteTerms): P2cQuote {
  return {
    id: signer.sign(terms),
    asset: terms.asset,
    rate: fiatAmountOf(terms.rateKopecks),
    amount: terms.amount.toString(),
    fee: terms.fee.toString(),
    total: (terms.amount + terms.fee).toString(),
    expires_at: terms.expiresAt.toISOString(),
  };
}
