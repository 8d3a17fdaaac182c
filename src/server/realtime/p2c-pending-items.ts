import { and, asc, eq, isNull } from 'drizzle-orm';
import { type P2cLiveItem, p2cFiat, p2cPendingSeconds } from '../../contract/p2c';
import type { Language } from '../../contract/settings';
import type { Database } from '../db/database';
import { p2cPayments, p2cPaymentTimers } from '../db/schema/p2c';
import { payeeBankName } from '../modules/p2c-payments/payee';
import { fiatAmountOf, fiatCents } from '../modules/p2p-offers/money';

/**
 * Every pending payment as merchants' live list shows it, oldest first: what a merchant needs to
 * choose one (roubles, their reward, the shop's bank in `language`, until when), nothing about
 * the client.
 */
export async function pendingP2cItems(db: Database, language: Language): Promise<P2cLiveItem[]> {
  const rows = await db
    .select({
      id: p2cPayments.id,
      type: p2cPayments.qrType,
      fiatAmount: p2cPayments.fiatAmount,
      asset: p2cPayments.assetCode,
      amount: p2cPayments.amount,
      payeeBank: p2cPayments.payeeBank,
      qrLink: p2cPayments.qrLink,
      createdAt: p2cPayments.createdAt,
      dueAt: p2cPaymentTimers.dueAt,
    })
    .from(p2cPayments)
    .leftJoin(
      p2cPaymentTimers,
      and(
        eq(p2cPaymentTimers.paymentId, p2cPayments.id),
        eq(p2cPaymentTimers.kind, 'pending'),
        isNull(p2cPaymentTimers.doneAt),
      ),
    )
    .where(eq(p2cPayments.status, 'pending'))
    .orderBy(asc(p2cPayments.createdAt), asc(p2cPayments.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    fiat_amount: fiatAmountOf(fiatCents(row.fiatAmount)),
    fiat: p2cFiat,
    asset: row.asset,
    reward: row.amount,
    payee_bank: payeeBankName(row.qrLink, row.payeeBank, language),
    created_at: row.createdAt.toISOString(),
    // The timer is written with the payment; the fallback only covers a row written without one.
    expires_at: (row.dueAt ?? new Date(row.createdAt.getTime() + p2cPendingSeconds * 1000)).toISOString(),
  }));
}
