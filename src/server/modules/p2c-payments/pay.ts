import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { P2cAsset, P2cQrCode, P2cQuote } from '../../../contract/p2c';
import { p2cMaximumRub, p2cMinimumRub } from '../../../contract/p2c';
import type { Language } from '../../../contract/settings';
import { lockUntilCommit } from '../../db/advisory-lock';
import type { Database } from '../../db/database';
import { p2cPaymentHistory, p2cPayments } from '../../db/schema/p2c';
import type { PaymentSystem, PaymentSystemCode } from '../../integrations/payment-system/payment-system';
import type { PriceTable } from '../../integrations/prices/price-feed';
import { balancesOf, InsufficientFundsError, inTransaction } from '../../ledger/ledger';
import { fiatAmountOf, fiatCents } from '../p2p-offers/money';
import { consumeToken } from '../security/tokens';
import { canCreateP2cOrder } from './access';
import { p2cErrors } from './errors';
import { holdPayment, type PaymentRow } from './escrow';
import { type P2cLiveEvents, publishAll } from './live-events';
import { payeeIn } from './payee';
import { type QuoteSigner, type QuoteTerms, quoteTerms, toQuote } from './quote';
import { replaceP2cTimer } from './timer-schedule';

/** What paying needs besides the request: the quote's signer, the payment system, the live list. */
export interface P2cPayDependencies {
  readonly db: Database;
  readonly signer: QuoteSigner;
  readonly paymentSystem: PaymentSystem;
  readonly live: P2cLiveEvents;
}

const unfinished = ['pending', 'processing'] as const;

function assertAmountInRange(code: Pick<P2cQrCode, 'fiat_amount'>): void {
  const cents = fiatCents(code.fiat_amount);
  if (cents < fiatCents(p2cMinimumRub) || cents > fiatCents(p2cMaximumRub)) throw p2cErrors.qrAmountOutOfRange();
}

/** An unfinished payment of the code, anyone's: a code is paid once, so a second one must wait for it. */
async function unfinishedPaymentOf(db: Database, qrId: string) {
  const [row] = await db
    .select({ id: p2cPayments.id, clientId: p2cPayments.clientId })
    .from(p2cPayments)
    .where(and(eq(p2cPayments.qrId, qrId), inArray(p2cPayments.status, [...unfinished])))
    .limit(1);
  return row;
}

async function freshQuote(
  db: Database,
  signer: QuoteSigner,
  prices: PriceTable,
  input: { readonly userId: number; readonly code: PaymentSystemCode; readonly asset: P2cAsset },
  now: Date,
): Promise<P2cQuote | null> {
  const terms = await quoteTerms(
    db,
    prices,
    { userId: input.userId, qrId: input.code.id, asset: input.asset, fiatAmount: input.code.fiat_amount },
    now,
  );
  return terms === null ? null : toQuote(signer, terms);
}

/**
 * `GET /p2c/qr/{id}`: what the code asks for and, when it can be paid now, a quote in `asset`;
 * and the caller's own unfinished payment of it, so a rescan opens that instead of paying twice.
 */
export async function lookupCode(
  dependencies: P2cPayDependencies,
  input: {
    readonly userId: number;
    /** The caller's: the payee's bank is named in it. */
    readonly language: Language;
    readonly qrId: string;
    readonly asset: P2cAsset;
    readonly prices: PriceTable;
  },
  now: Date,
): Promise<{ qr: P2cQrCode; quote: P2cQuote | null; payment_id: number | null }> {
  const code = await dependencies.paymentSystem.lookup(input.qrId, now);
  if (code === null) throw p2cErrors.qrNotFound();
  assertAmountInRange(code);
  const { link, ...given } = code;
  const qr: P2cQrCode = { ...given, payee: payeeIn(link, given.payee, input.language) };
  const running = await unfinishedPaymentOf(dependencies.db, code.id);
  const quote =
    code.state === 'payable' && running === undefined
      ? await freshQuote(dependencies.db, dependencies.signer, input.prices, { ...input, code }, now)
      : null;
  return { qr, quote, payment_id: running?.clientId === input.userId ? running.id : null };
}

export interface PayInput {
  readonly clientId: number;
  readonly qrId: string;
  readonly body: {
    readonly asset: P2cAsset;
    readonly quote_id: string;
    readonly unique_hash: string;
    readonly token: string;
  };
  /** Read before the transaction (the stored feed reads through the pool). */
  readonly prices: PriceTable;
  readonly now: Date;
}

/** The request's values besides its token: a repeat of the same unique_hash must carry the same. */
function requestDigest(input: PayInput): string {
  return createHash('sha256')
    .update(JSON.stringify([input.qrId, input.body.asset, input.body.quote_id]))
    .digest('base64url');
}

/** The quote's terms when it is genuine, the caller's, for this code and asset, unexpired and for the code's amount. */
function validTerms(signer: QuoteSigner, input: PayInput, code: PaymentSystemCode): QuoteTerms | null {
  const terms = signer.open(input.body.quote_id);
  if (terms === null) return null;
  const matches =
    terms.userId === input.clientId &&
    terms.qrId === code.id &&
    terms.asset === input.body.asset &&
    terms.fiatKopecks === fiatCents(code.fiat_amount) &&
    terms.expiresAt > input.now;
  return matches ? terms : null;
}

type Outcome =
  | { readonly kind: 'payment'; readonly row: PaymentRow; readonly created: boolean }
  | { readonly kind: 'invalid_token' };

async function placePayment(
  tx: Database,
  dependencies: P2cPayDependencies,
  input: PayInput,
  code: PaymentSystemCode | null,
): Promise<Outcome> {
  const { clientId, body, now } = input;
  if (!(await canCreateP2cOrder(tx, clientId, now))) throw p2cErrors.payForbidden();
  if (code === null) throw p2cErrors.qrNotFound();
  assertAmountInRange(code);
  await lockUntilCommit(tx, `p2c-qr:${code.id}`);
  if (code.state !== 'payable' || (await unfinishedPaymentOf(tx, code.id)) !== undefined)
    throw p2cErrors.qrNotPayable();
  const terms = validTerms(dependencies.signer, input, code);
  if (terms === null) {
    const quote = await freshQuote(
      tx,
      dependencies.signer,
      input.prices,
      { userId: clientId, code, asset: body.asset },
      now,
    );
    if (quote === null) throw p2cErrors.qrNotPayable();
    throw p2cErrors.quoteExpired(quote);
  }
  const total = terms.amount + terms.fee;
  const available = (await balancesOf(tx, clientId)).get(body.asset)?.available ?? 0n;
  if (available < total) throw p2cErrors.insufficientFunds(available);
  const spent = await consumeToken(
    tx,
    body.token,
    { userId: clientId, kind: 'confirmation', transactionTypes: ['p2c_qr'], operationHash: body.unique_hash },
    now,
  );
  // Answered after the commit: a token shown for the wrong operation stays spent.
  if (!spent) return { kind: 'invalid_token' };
  const [row] = await tx
    .insert(p2cPayments)
    .values({
      clientId,
      uniqueHash: body.unique_hash,
      requestDigest: requestDigest(input),
      qrId: code.id,
      qrType: code.type,
      qrLink: code.link,
      payeeName: code.payee.name,
      payeeBank: code.payee.bank_name,
      purpose: code.purpose,
      fiatAmount: code.fiat_amount,
      assetCode: body.asset,
      rate: fiatAmountOf(terms.rateKopecks),
      amount: terms.amount.toString(),
      fee: terms.fee.toString(),
      total: total.toString(),
      status: 'pending',
      escrow: total.toString(),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('The payment was not saved');
  try {
    await holdPayment(tx, row);
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw p2cErrors.insufficientFunds(error.available);
    throw error;
  }
  await tx
    .insert(p2cPaymentHistory)
    .values({ paymentId: row.id, fromStatus: null, toStatus: 'pending', actor: 'client', at: now });
  await replaceP2cTimer(tx, row.id, 'pending', now);
  return { kind: 'payment', row, created: true };
}

/**
 * `POST /p2c/qr/{id}/pay`: one payment per (client, unique_hash). Repeats of the hash, in sequence
 * or at once, answer the first payment (a named lock queues them; the first creates it, the rest
 * find it) as long as they carry the same values, else 409 `duplicate_request`. A new payment
 * passes, in order: the permission, the code (known, in range, payable and not being paid through
 * another payment), the quote, the balance and the passcode token; then in one transaction the
 * payment is written `pending`, `total` moves from the client's available to their held balance,
 * the history row and the pending timer are written. The live list hears of it after the commit.
 */
export async function payCode(dependencies: P2cPayDependencies, input: PayInput): Promise<PaymentRow> {
  const code = await dependencies.paymentSystem.lookup(input.qrId, input.now);
  const outcome = await inTransaction(dependencies.db, async (tx): Promise<Outcome> => {
    await lockUntilCommit(tx, `p2c-pay:${input.clientId}:${input.body.unique_hash}`);
    const [existing] = await tx
      .select()
      .from(p2cPayments)
      .where(and(eq(p2cPayments.clientId, input.clientId), eq(p2cPayments.uniqueHash, input.body.unique_hash)));
    if (existing !== undefined) {
      if (existing.requestDigest !== requestDigest(input) || existing.qrId !== input.qrId) {
        throw p2cErrors.duplicateRequest();
      }
      return { kind: 'payment', row: existing, created: false };
    }
    return placePayment(tx, dependencies, input, code);
  });
  if (outcome.kind === 'invalid_token') throw p2cErrors.tokenInvalid();
  if (outcome.created) publishAll(dependencies.live, [{ kind: 'added', paymentId: outcome.row.id }]);
  return outcome.row;
}
