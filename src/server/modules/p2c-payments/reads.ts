import { and, count, desc, eq, gte, isNotNull, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { P2cAsset, P2cClientStatus, P2cPaymentListItem, P2cProfile, P2cRole } from '../../../contract/p2c';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { storedFiles } from '../../db/schema/compliance';
import { p2cAccounts, p2cPayments } from '../../db/schema/p2c';
import { validationFailed } from '../../http/api-error';
import { canAcceptP2cOrder } from '../p2c-accounts/access';
import { fiatAmountOf, fiatCents } from '../p2p-offers/money';
import { hasLevel } from '../verification/state';
import { canCreateP2cOrder } from './access';
import { p2cErrors } from './errors';
import { storedRoubles } from './money';
import { loadClientPayment, loadMerchantPayment, merchantStatusOf, toCheck, toListItem } from './view';

const defaultPageSize = 20;
const dayMs = 86_400_000;

export interface PaymentListQuery {
  readonly size?: number | undefined;
  readonly cursor?: string | undefined;
  readonly status?: P2cClientStatus | 'canceled' | undefined;
  readonly amount?: string | undefined;
  readonly start?: string | undefined;
  readonly end?: string | undefined;
  readonly role?: P2cRole | undefined;
}

/** The cursor is the last row's id: pages go by id, newest first, and never repeat or skip under inserts. */
function cursorId(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(cursor)) {
    throw validationFailed({
      location: 'query',
      issues: [{ path: ['cursor'], code: 'invalid_format', message: 'Not a cursor of this list' }],
    });
  }
  return Number(cursor);
}

/** A merchant's `canceled` is a client's `expired`: either word filters both. */
function statusCondition(status: PaymentListQuery['status']): SQL | undefined {
  if (status === undefined) return undefined;
  return eq(p2cPayments.status, status === 'canceled' ? 'expired' : status);
}

function roleCondition(userId: number, role: P2cRole | undefined): SQL | undefined {
  if (role === 'client') return eq(p2cPayments.clientId, userId);
  if (role === 'merchant') return eq(p2cPayments.merchantId, userId);
  return or(eq(p2cPayments.clientId, userId), eq(p2cPayments.merchantId, userId));
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** `GET /p2c/payments`: the caller's payments as client and as merchant, newest first, with the filters' total. */
export async function listPayments(
  db: Database,
  userId: number,
  query: PaymentListQuery,
): Promise<{ data: P2cPaymentListItem[]; total: number; cursor: string | null }> {
  const size = query.size ?? defaultPageSize;
  const after = cursorId(query.cursor);
  const filter = and(
    roleCondition(userId, query.role),
    statusCondition(query.status),
    query.amount === undefined ? undefined : eq(p2cPayments.fiatAmount, query.amount),
    query.start === undefined ? undefined : gte(p2cPayments.createdAt, dayStart(query.start)),
    query.end === undefined ? undefined : lt(p2cPayments.createdAt, new Date(dayStart(query.end).getTime() + dayMs)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(p2cPayments)
      .where(and(filter, after === undefined ? undefined : lt(p2cPayments.id, after)))
      .orderBy(desc(p2cPayments.id))
      .limit(size + 1),
    db.select({ total: count() }).from(p2cPayments).where(filter),
  ]);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    data: page.map((row) => toListItem(row, row.clientId === userId ? 'client' : 'merchant')),
    total: counted?.total ?? 0,
    cursor: rows.length > size && last !== undefined ? String(last.id) : null,
  };
}

/**
 * One payment in the caller's role: the client's view to its client, the merchant's to the
 * merchant who took it; anyone else's (and a pending one to any merchant) is not found.
 */
export async function ownPayment(db: Database, userId: number, paymentId: number, language: Language) {
  const [row] = await db.select().from(p2cPayments).where(eq(p2cPayments.id, paymentId));
  if (row === undefined) throw p2cErrors.paymentNotFound();
  if (row.clientId === userId) return { role: 'client' as const, payment: await loadClientPayment(db, row, language) };
  if (row.merchantId === userId && merchantStatusOf(row) !== null) {
    return { role: 'merchant' as const, payment: await loadMerchantPayment(db, row, language) };
  }
  throw p2cErrors.paymentNotFound();
}

async function sideSummary(db: Database, side: SQL) {
  const [all] = await db.select({ payments: count() }).from(p2cPayments).where(side);
  const [completed] = await db
    .select({ completed: count(), fiat: sum(p2cPayments.fiatAmount) })
    .from(p2cPayments)
    .where(and(side, eq(p2cPayments.status, 'completed')));
  return {
    payments: all?.payments ?? 0,
    completed: completed?.completed ?? 0,
    fiat_total: storedRoubles(completed?.fiat ?? '0'),
  };
}

/** Rewards of the merchant's completed payments since `since`, per asset. */
async function rewardsSince(db: Database, merchantId: number, since: Date) {
  const rows = await db
    .select({ asset: p2cPayments.assetCode, amount: sum(p2cPayments.amount) })
    .from(p2cPayments)
    .where(
      and(
        eq(p2cPayments.merchantId, merchantId),
        eq(p2cPayments.status, 'completed'),
        gte(p2cPayments.completedAt, since),
      ),
    )
    .groupBy(p2cPayments.assetCode)
    .orderBy(p2cPayments.assetCode);
  return rows.map((row) => ({ asset: row.asset, amount: row.amount ?? '0' }));
}

/** `GET /p2c/profile`: what the caller may do in P2C and their totals on each side. */
export async function p2cProfile(db: Database, userId: number, now: Date): Promise<P2cProfile> {
  const [canPay, canTake, isMerchant, [accounts], asClient, asMerchant, rewards] = await Promise.all([
    canCreateP2cOrder(db, userId, now),
    canAcceptP2cOrder(db, userId, now),
    hasLevel(db, userId, 'p2c-merchant'),
    db
      .select({ active: count() })
      .from(p2cAccounts)
      .where(and(eq(p2cAccounts.userId, userId), eq(p2cAccounts.status, 'active'))),
    sideSummary(db, eq(p2cPayments.clientId, userId)),
    sideSummary(db, eq(p2cPayments.merchantId, userId)),
    rewardsSince(db, userId, new Date(now.getTime() - 30 * dayMs)),
  ]);
  return {
    can_pay: canPay,
    can_take: canTake,
    is_merchant: isMerchant,
    active_accounts: accounts?.active ?? 0,
    as_client: asClient,
    as_merchant: { ...asMerchant, rewards_30d: rewards },
  };
}

const monthOf = sql<string>`to_char(${p2cPayments.takenAt} at time zone 'UTC', 'YYYY-MM')`;

/** `GET /p2c/statements`: the merchant's last 12 months by the month they took each payment, newest first. */
export async function p2cStatements(db: Database, merchantId: number, now: Date) {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const rows = await db
    .select({
      month: monthOf,
      status: p2cPayments.status,
      asset: p2cPayments.assetCode,
      payments: count(),
      fiat: sum(p2cPayments.fiatAmount),
      amount: sum(p2cPayments.amount),
    })
    .from(p2cPayments)
    .where(and(eq(p2cPayments.merchantId, merchantId), gte(p2cPayments.takenAt, since)))
    .groupBy(monthOf, p2cPayments.status, p2cPayments.assetCode);
  const months = new Map<
    string,
    { payments: number; fiatKopecks: bigint; rewards: Map<P2cAsset, bigint>; refunded: number }
  >();
  for (const row of rows) {
    const month = months.get(row.month) ?? { payments: 0, fiatKopecks: 0n, rewards: new Map(), refunded: 0 };
    month.payments += row.payments;
    if (row.status === 'refunded') month.refunded += row.payments;
    if (row.status === 'completed') {
      month.fiatKopecks += fiatCents(row.fiat ?? '0');
      month.rewards.set(row.asset, (month.rewards.get(row.asset) ?? 0n) + BigInt(row.amount ?? '0'));
    }
    months.set(row.month, month);
  }
  return {
    months: [...months]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([month, totals]) => ({
        month,
        payments: totals.payments,
        fiat_total: fiatAmountOf(totals.fiatKopecks),
        rewards: [...totals.rewards]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([asset, amount]) => ({ asset, amount: amount.toString() })),
        refunded: totals.refunded,
      })),
  };
}

/** `GET /p2c/checks`: the merchant's receipts, newest payment first. */
export async function p2cChecks(db: Database, merchantId: number, cursor: string | undefined) {
  const after = cursorId(cursor);
  const rows = await db
    .select({ payment: p2cPayments, file: storedFiles })
    .from(p2cPayments)
    .innerJoin(storedFiles, eq(storedFiles.id, p2cPayments.checkFileId))
    .where(
      and(
        eq(p2cPayments.merchantId, merchantId),
        isNotNull(p2cPayments.checkFileId),
        after === undefined ? undefined : lt(p2cPayments.id, after),
      ),
    )
    .orderBy(desc(p2cPayments.id))
    .limit(defaultPageSize + 1);
  const page = rows.slice(0, defaultPageSize);
  const last = page.at(-1);
  return {
    data: page.map(({ payment, file }) => ({
      check: toCheck(payment, file),
      payment_id: payment.id,
      fiat_amount: storedRoubles(payment.fiatAmount),
      status: merchantStatusOf(payment) ?? 'processing',
    })),
    cursor: rows.length > defaultPageSize && last !== undefined ? String(last.payment.id) : null,
  };
}
