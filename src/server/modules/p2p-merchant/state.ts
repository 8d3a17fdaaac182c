import { eq } from 'drizzle-orm';
import type { MerchantCondition, VerifiedMerchantState, VerifiedMerchantStatus } from '../../../contract/p2p-merchant';
import { verifiedMerchantRules } from '../../config';
import type { Database } from '../../db/database';
import { assets } from '../../db/schema/catalogue';
import { type MerchantRowStatus, p2pMerchants } from '../../db/schema/p2p-merchant';
import { balancesOf } from '../../ledger/ledger';
import { tradeSummaries, tradeSummaryOf } from '../p2p-profile/summaries';
import { hasLevel } from '../verification/state';

// A user's verified-merchant status as the contract shows it: the stored part (p2p_merchants)
// while a deposit is held, otherwise `can_apply` or `conditions_not_met` read from the conditions.

export type MerchantRow = typeof p2pMerchants.$inferSelect;

/** The statuses under which the deposit is held. */
const holdingStatuses: ReadonlySet<MerchantRowStatus> = new Set(['on_review', 'verified_merchant', 'refund_pending']);

export function holdsDeposit(row: MerchantRow | undefined): row is MerchantRow {
  return row !== undefined && holdingStatuses.has(row.status);
}

/** The deposit in smallest units of its asset (500 USDT). */
export async function depositAmount(db: Database): Promise<bigint> {
  const [asset] = await db
    .select({ decimals: assets.decimals })
    .from(assets)
    .where(eq(assets.code, verifiedMerchantRules.depositAsset));
  if (asset === undefined)
    throw new Error(`The deposit asset ${verifiedMerchantRules.depositAsset} is not in the catalogue`);
  return verifiedMerchantRules.depositWhole * 10n ** BigInt(asset.decimals);
}

/** The ledger posting of an application's deposit: its hold and its one release share the operation. */
export function depositPosting(
  row: Pick<MerchantRow, 'userId' | 'depositAsset' | 'depositAmount' | 'depositOperationId'>,
) {
  return {
    operationId: row.depositOperationId,
    type: 'p2p' as const,
    userId: row.userId,
    asset: row.depositAsset,
    amount: BigInt(row.depositAmount),
  };
}

export async function merchantRowOf(db: Database, userId: number): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(p2pMerchants).where(eq(p2pMerchants.userId, userId));
  return row;
}

/** Each condition with its required value and the user's progress; a held deposit counts as met. */
export async function merchantConditions(
  db: Database,
  userId: number,
  row: MerchantRow | undefined,
  now: Date,
): Promise<MerchantCondition[]> {
  const rules = verifiedMerchantRules;
  const [summaries, verified, balances, deposit] = await Promise.all([
    tradeSummaries(db, [userId], now),
    hasLevel(db, userId, rules.verificationLevel),
    balancesOf(db, userId),
    depositAmount(db),
  ]);
  const trades = tradeSummaryOf(summaries, userId);
  const depositCovered = holdsDeposit(row)
    ? BigInt(row.depositAmount)
    : (balances.get(rules.depositAsset)?.available ?? 0n);
  return [
    {
      kind: 'completed_orders',
      required: String(rules.minCompletedOrders),
      current: String(trades.allTime.completedOrders),
      met: trades.allTime.completedOrders >= rules.minCompletedOrders,
    },
    {
      kind: 'completion_percent_30d',
      required: String(rules.minCompletionPercent30d),
      current: String(trades.last30Days.completionPercent),
      met: trades.last30Days.completionPercent >= rules.minCompletionPercent30d,
    },
    {
      kind: 'verification_level',
      required: rules.verificationLevel,
      current: String(verified),
      met: verified,
    },
    {
      kind: 'deposit_balance',
      required: deposit.toString(),
      current: depositCovered.toString(),
      met: depositCovered >= deposit,
    },
  ];
}

export function statusOf(
  row: MerchantRow | undefined,
  conditions: readonly MerchantCondition[],
): VerifiedMerchantStatus {
  if (row !== undefined && row.status !== 'closed') return row.status;
  return conditions.every((condition) => condition.met) ? 'can_apply' : 'conditions_not_met';
}

/** `GET /p2p/profile/verified-merchant` for the user. */
export async function verifiedMerchantStateOf(db: Database, userId: number, now: Date): Promise<VerifiedMerchantState> {
  const row = await merchantRowOf(db, userId);
  const [conditions, deposit] = await Promise.all([merchantConditions(db, userId, row, now), depositAmount(db)]);
  const held = holdsDeposit(row);
  return {
    status: statusOf(row, conditions),
    conditions,
    deposit: {
      asset: verifiedMerchantRules.depositAsset,
      amount: (held ? BigInt(row.depositAmount) : deposit).toString(),
    },
    deposit_held: held,
    refund_at: row?.status === 'refund_pending' && row.refundAt !== null ? row.refundAt.toISOString() : null,
    rejection_note: row?.status === 'closed' ? row.rejectionNote : null,
    updated_at: row === undefined ? null : row.updatedAt.toISOString(),
  };
}
