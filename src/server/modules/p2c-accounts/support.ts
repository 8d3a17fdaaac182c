import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { operatorP2cAccount, P2cAccountStatus, p2cOperatorEndpoints } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { p2cAccountDocuments, p2cAccounts } from '../../db/schema/p2c';
import { users } from '../../db/schema/users';
import { ApiError } from '../../http/api-error';
import { inTransaction } from '../../ledger/ledger';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import { fileNotFoundCode, type OpenedFile, type Uploads } from '../uploads/service';
import { type AccountRow, accountErrors, accountViews } from './service';

// Support's side of payment accounts: the operator API and the local stand-in page act through
// these functions; who may call them is decided before (operator/access.ts, or local mode).

export type OperatorP2cAccount = z.infer<typeof operatorP2cAccount>;
export type AccountDecision = z.output<typeof p2cOperatorEndpoints.decideOperatorAccount.body>['decision'];

/** At most this many accounts per list answer. */
const listLimit = 200;

/** The accounts waiting for support. */
export const waitingStatuses = ['pending', 'under_verification'] as const satisfies readonly P2cAccountStatus[];

/** Each decision: the statuses it applies to and the one it leads to. */
const decisions: Readonly<Record<AccountDecision, { from: readonly P2cAccountStatus[]; to: P2cAccountStatus }>> = {
  review: { from: ['pending'], to: 'under_verification' },
  approve: { from: waitingStatuses, to: 'active' },
  reject: { from: waitingStatuses, to: 'rejected' },
  request_documents: { from: waitingStatuses, to: 'requested_verification' },
};

async function operatorViews(db: Database, cipher: DetailsCipher, rows: readonly AccountRow[]) {
  const owners =
    rows.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  const names = new Map(owners.map((owner) => [owner.id, [owner.firstName, owner.lastName].filter(Boolean).join(' ')]));
  const views = await accountViews(db, cipher, rows, 'en');
  return views.map((account, index) => {
    const userId = rows[index]?.userId ?? 0;
    return { account, owner: { user_id: userId, telegram_id: userId, name: names.get(userId) ?? '' } };
  });
}

/** `waiting`: pending and under verification, the longest waiting first; `all`: every account, the latest change first. */
export async function listOperatorAccounts(
  db: Database,
  cipher: DetailsCipher,
  state: 'waiting' | 'all',
): Promise<OperatorP2cAccount[]> {
  const rows =
    state === 'waiting'
      ? await db
          .select()
          .from(p2cAccounts)
          .where(inArray(p2cAccounts.status, [...waitingStatuses]))
          .orderBy(asc(p2cAccounts.updatedAt), asc(p2cAccounts.id))
          .limit(listLimit)
      : await db.select().from(p2cAccounts).orderBy(desc(p2cAccounts.updatedAt), desc(p2cAccounts.id)).limit(listLimit);
  return operatorViews(db, cipher, rows);
}

export async function operatorAccount(db: Database, cipher: DetailsCipher, accountId: number) {
  const [row] = await db.select().from(p2cAccounts).where(eq(p2cAccounts.id, accountId));
  if (row === undefined) throw accountErrors.notFound();
  const [view] = await operatorViews(db, cipher, [row]);
  if (view === undefined) throw new Error('An account row gave no view');
  return view;
}

/**
 * Support's decision on a waiting account, with its note to the merchant (shown on the account):
 * `review` pending → under_verification; `approve` → active, the documents it was judged on
 * `completed`; `reject` → rejected and `request_documents` → requested_verification, those
 * documents `rejected`. 409 `account_status_conflict` when the account is not waiting for it.
 */
export async function decideAccount(
  db: Database,
  cipher: DetailsCipher,
  accountId: number,
  decision: { readonly decision: AccountDecision; readonly note: string },
  now: Date,
): Promise<OperatorP2cAccount> {
  const rule = decisions[decision.decision];
  const note = decision.note.trim() === '' ? null : decision.note.trim();
  await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(p2cAccounts)
      .set({ status: rule.to, updatedAt: now, note })
      .where(and(eq(p2cAccounts.id, accountId), inArray(p2cAccounts.status, [...rule.from])))
      .returning({ id: p2cAccounts.id });
    if (updated === undefined) {
      const [row] = await tx
        .select({ status: p2cAccounts.status })
        .from(p2cAccounts)
        .where(eq(p2cAccounts.id, accountId));
      throw row === undefined ? accountErrors.notFound() : accountErrors.statusConflict(row.status);
    }
    if (decision.decision === 'review') return;
    await tx
      .update(p2cAccountDocuments)
      .set({ status: decision.decision === 'approve' ? 'completed' : 'rejected' })
      .where(and(eq(p2cAccountDocuments.accountId, accountId), eq(p2cAccountDocuments.status, 'uploaded')));
  });
  return operatorAccount(db, cipher, accountId);
}

/** A document of the account, for support; 404 for any other id. */
export async function openAccountDocumentForSupport(
  db: Database,
  uploads: Uploads,
  accountId: number,
  fileId: string,
): Promise<OpenedFile> {
  const documents = await db
    .select({ fileId: p2cAccountDocuments.fileId })
    .from(p2cAccountDocuments)
    .where(eq(p2cAccountDocuments.accountId, accountId));
  const document = documents.find((row) => row.fileId === fileId);
  if (document === undefined) throw new ApiError(404, fileNotFoundCode, 'No such file');
  return uploads.open(document.fileId, { operator: true });
}
