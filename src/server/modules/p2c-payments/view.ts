import { and, eq, inArray, isNull } from 'drizzle-orm';
import type {
  P2cCheck,
  P2cClientPayment,
  P2cMerchantPayment,
  P2cMerchantStatus,
  P2cPaymentListItem,
  P2cRole,
} from '../../../contract/p2c';
import { p2cFiat } from '../../../contract/p2c';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { storedFiles } from '../../db/schema/compliance';
import { p2cAccounts, p2cPaymentTimers } from '../../db/schema/p2c';
import { p2cBankOf } from '../p2c-accounts/banks';
import type { PaymentRow } from './escrow';
import { storedRoubles as roubles } from './money';
import { payeeIn } from './payee';
import { disputeUntil } from './transitions';

// A payment as each side sees it (spec 001 s.4 "P2C payment, client view" / "merchant view"): the
// client never sees who took it, the merchant never sees who paid.

/** The merchant's word for a status; a payment expires for its merchant as `canceled`; null while nobody took it. */
export function merchantStatusOf(row: Pick<PaymentRow, 'status'>): P2cMerchantStatus | null {
  switch (row.status) {
    case 'pending':
      return null;
    case 'expired':
      return 'canceled';
    default:
      return row.status;
  }
}

/** Spec 001 "method kind": how the code is being paid (docs/p2c.md "Method kind"). */
export function methodOf(row: PaymentRow): P2cClientPayment['method'] {
  if (row.resolutionOutcome === 'confirm') return 'bank';
  if (row.paidAt !== null) return 'qr-paid';
  return row.merchantId === null ? 'balance' : 'qr';
}

function disputeOf(row: PaymentRow): P2cClientPayment['dispute'] {
  if (row.disputeReason === null || row.disputeOpenedAt === null) return null;
  return {
    reason: row.disputeReason,
    message: row.disputeMessage ?? '',
    opened_at: row.disputeOpenedAt.toISOString(),
    resolution:
      row.resolutionOutcome === null || row.resolvedAt === null
        ? null
        : { outcome: row.resolutionOutcome, note: row.resolutionNote ?? '', at: row.resolvedAt.toISOString() },
  };
}

/** When the running wait of each payment ends (pending or processing timers only). */
export async function deadlinesOf(db: Database, paymentIds: readonly number[]): Promise<ReadonlyMap<number, Date>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: p2cPaymentTimers.paymentId, kind: p2cPaymentTimers.kind, dueAt: p2cPaymentTimers.dueAt })
    .from(p2cPaymentTimers)
    .where(and(inArray(p2cPaymentTimers.paymentId, [...paymentIds]), isNull(p2cPaymentTimers.doneAt)));
  return new Map(rows.filter((row) => row.kind !== 'dispute_window').map((row) => [row.paymentId, row.dueAt]));
}

/** The payee of a payment's code in `language` (docs/p2c.md "The payee's bank"). */
function payeeOf(row: PaymentRow, language: Language): P2cClientPayment['payee'] {
  return payeeIn(row.qrLink, { name: row.payeeName, bank_name: row.payeeBank }, language);
}

export function toClientPayment(row: PaymentRow, deadline: Date | null, language: Language): P2cClientPayment {
  const until = disputeUntil(row);
  return {
    id: row.id,
    qr_id: row.qrId,
    type: row.qrType,
    method: methodOf(row),
    status: row.status,
    payee: payeeOf(row, language),
    fiat_amount: roubles(row.fiatAmount),
    fiat: p2cFiat,
    asset: row.assetCode,
    rate: roubles(row.rate),
    amount: row.amount,
    fee: row.fee,
    total: row.total,
    created_at: row.createdAt.toISOString(),
    deadline_at: deadline === null ? null : deadline.toISOString(),
    completed_at: row.completedAt === null ? null : row.completedAt.toISOString(),
    dispute_until: until === null ? null : until.toISOString(),
    dispute: disputeOf(row),
  };
}

/** The client's view of one payment, with its running deadline. */
export async function loadClientPayment(db: Database, row: PaymentRow, language: Language): Promise<P2cClientPayment> {
  return toClientPayment(row, (await deadlinesOf(db, [row.id])).get(row.id) ?? null, language);
}

export interface MerchantViewExtras {
  readonly language: Language;
  readonly deadline: Date | null;
  readonly account: P2cMerchantPayment['account'];
  readonly check: P2cCheck | null;
}

/** The merchant's view of a payment they took; throws for one nobody took (no merchant view exists). */
export function toMerchantPayment(row: PaymentRow, extras: MerchantViewExtras): P2cMerchantPayment {
  const status = merchantStatusOf(row);
  if (status === null) throw new Error(`Payment ${row.id} has no merchant yet`);
  return {
    id: row.id,
    status,
    method: methodOf(row),
    qr: {
      id: row.qrId,
      type: row.qrType,
      link: row.qrLink,
      payee: payeeOf(row, extras.language),
      purpose: row.purpose,
    },
    fiat_amount: roubles(row.fiatAmount),
    fiat: p2cFiat,
    asset: row.assetCode,
    rate: roubles(row.rate),
    reward: row.amount,
    taken_at: (row.takenAt ?? row.createdAt).toISOString(),
    deadline_at: extras.deadline === null ? null : extras.deadline.toISOString(),
    paid_at: row.paidAt === null ? null : row.paidAt.toISOString(),
    account: extras.account,
    check: extras.check,
    dispute: disputeOf(row),
  };
}

/** A receipt as its merchant (and support) sees it. */
export function toCheck(
  row: Pick<PaymentRow, 'checkUploadedAt'>,
  file: Pick<typeof storedFiles.$inferSelect, 'id' | 'originalName' | 'mediaType' | 'size' | 'createdAt'>,
): P2cCheck {
  return {
    id: file.id,
    name: file.originalName,
    media_type: file.mediaType,
    size: file.size,
    uploaded_at: (row.checkUploadedAt ?? file.createdAt).toISOString(),
  };
}

/** The payment's receipt, or null before one is uploaded. */
export async function checkOf(db: Database, row: PaymentRow): Promise<P2cCheck | null> {
  if (row.checkFileId === null) return null;
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, row.checkFileId));
  return file === undefined ? null : toCheck(row, file);
}

async function accountOf(db: Database, row: PaymentRow, language: Language): Promise<P2cMerchantPayment['account']> {
  if (row.accountId === null) return null;
  const [account] = await db.select().from(p2cAccounts).where(eq(p2cAccounts.id, row.accountId));
  if (account === undefined) return null;
  return {
    id: account.id,
    bank_name: p2cBankOf(account.bankId, language)?.name ?? account.bankId,
    number_last4: account.numberLast4,
  };
}

/** The merchant's view of one payment they took, with its deadline, account and receipt. */
export async function loadMerchantPayment(
  db: Database,
  row: PaymentRow,
  language: Language,
): Promise<P2cMerchantPayment> {
  const [deadlines, account, check] = await Promise.all([
    deadlinesOf(db, [row.id]),
    accountOf(db, row, language),
    checkOf(db, row),
  ]);
  return toMerchantPayment(row, { language, deadline: deadlines.get(row.id) ?? null, account, check });
}

/** A row of `GET /p2c/payments` in the caller's role. */
export function toListItem(row: PaymentRow, role: P2cRole): P2cPaymentListItem {
  return {
    id: row.id,
    role,
    status: role === 'client' ? row.status : (merchantStatusOf(row) ?? 'processing'),
    payee_name: row.payeeName,
    fiat_amount: roubles(row.fiatAmount),
    asset: row.assetCode,
    amount: role === 'client' ? row.total : row.amount,
    created_at: row.createdAt.toISOString(),
  };
}
