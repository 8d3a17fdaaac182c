import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  type P2cAccount,
  type P2cAccountKind,
  type P2cAccountStatus,
  type p2cEndpoints,
  p2cErrorCodes,
} from '../../../contract/p2c';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { storedFiles } from '../../db/schema/compliance';
import { p2cAccountDocuments, p2cAccounts } from '../../db/schema/p2c';
import { ApiError } from '../../http/api-error';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import type { Uploads } from '../uploads/service';
import { accountNumberDigest, assertAccountNumber, lastFour } from './account-number';
import { p2cBankOf } from './banks';

// A merchant's payment accounts (docs/p2c.md "Payment accounts"): created → documents → submit →
// support's decision → active, which the merchant may disable and enable. Every status change is
// one conditional UPDATE on the status it leaves, so two requests at once cannot both pass.

export interface AccountDependencies {
  readonly db: Database;
  /** Seals the number and the holder's name (personal data) like P2P payment details. */
  readonly cipher: DetailsCipher;
  /** The key of the number's digest (account-number.ts). */
  readonly digestKey: Buffer;
  readonly uploads: Uploads;
  readonly now: () => Date;
}

export type AccountRow = typeof p2cAccounts.$inferSelect;
type CreateBody = z.output<typeof p2cEndpoints.createAccount.body>;
type UpdateBody = z.output<typeof p2cEndpoints.updateAccount.body>;

/** Documents an account may keep: enough for a statement, a card photo and a few retries. */
export const maxAccountDocuments = 10;

/** The statuses in which the merchant may edit the account (an edit returns it to `created`). */
const editable: readonly P2cAccountStatus[] = ['created', 'requested_verification', 'rejected'];
/**
 * The statuses in which documents are added and the account is submitted: a rejected account may
 * be sent again with new documents, as it is or after an edit.
 */
const collecting: readonly P2cAccountStatus[] = ['created', 'requested_verification', 'rejected'];

export const accountErrors = {
  notFound: () => new ApiError(404, p2cErrorCodes.accountNotFound, 'No such payment account'),
  statusConflict: (status: P2cAccountStatus) =>
    new ApiError(409, p2cErrorCodes.accountStatusConflict, `The account cannot change while it is ${status}`, {
      status,
    }),
  bankUnknown: () => new ApiError(422, p2cErrorCodes.bankUnknown, 'No such bank'),
  duplicate: () => new ApiError(409, p2cErrorCodes.accountDuplicate, 'An account with this number already exists'),
  documentRequired: () =>
    new ApiError(
      422,
      p2cErrorCodes.accountDocumentRequired,
      'Upload a document proving the account is yours before sending it for review',
    ),
  documentLimit: () =>
    new ApiError(409, p2cErrorCodes.accountDocumentLimit, 'The account keeps as many documents as it may', {
      max: maxAccountDocuments,
    }),
};

interface SealedDetails {
  readonly number: string;
  readonly holderName: string;
}

export function openDetails(cipher: DetailsCipher, row: AccountRow): SealedDetails {
  const details = cipher.open(row.userId, row.sealedDetails);
  return { number: details.number ?? '', holderName: details.holder_name ?? '' };
}

/** The account's documents, oldest first. */
async function documentsOf(db: Database, accountIds: readonly number[]) {
  if (accountIds.length === 0) return new Map<number, P2cAccount['documents']>();
  const rows = await db
    .select({
      accountId: p2cAccountDocuments.accountId,
      id: storedFiles.id,
      status: p2cAccountDocuments.status,
      name: storedFiles.originalName,
      mediaType: storedFiles.mediaType,
      size: storedFiles.size,
      uploadedAt: p2cAccountDocuments.createdAt,
    })
    .from(p2cAccountDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, p2cAccountDocuments.fileId))
    .where(inArray(p2cAccountDocuments.accountId, [...accountIds]))
    .orderBy(asc(p2cAccountDocuments.createdAt), asc(storedFiles.id));
  const byAccount = new Map<number, P2cAccount['documents']>();
  for (const row of rows) {
    const documents = byAccount.get(row.accountId) ?? [];
    documents.push({
      id: row.id,
      status: row.status,
      name: row.name,
      media_type: row.mediaType,
      size: row.size,
      uploaded_at: row.uploadedAt.toISOString(),
    });
    byAccount.set(row.accountId, documents);
  }
  return byAccount;
}

/** The accounts as their owner (or support) sees them: the whole number, the holder, the documents. */
export async function accountViews(
  db: Database,
  cipher: DetailsCipher,
  rows: readonly AccountRow[],
  language: Language,
): Promise<P2cAccount[]> {
  const documents = await documentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const details = openDetails(cipher, row);
    return {
      id: row.id,
      status: row.status,
      kind: row.kind,
      bank: p2cBankOf(row.bankId, language) ?? { id: row.bankId, name: row.bankId },
      number: details.number,
      holder_name: details.holderName,
      documents: documents.get(row.id) ?? [],
      note: row.note,
      created_at: row.createdAt.toISOString(),
    };
  });
}

async function accountView(deps: AccountDependencies, row: AccountRow, language: Language): Promise<P2cAccount> {
  const [view] = await accountViews(deps.db, deps.cipher, [row], language);
  if (view === undefined) throw new Error('An account row gave no view');
  return view;
}

/** The caller's own account; 404 for an id that is not theirs. */
export async function ownAccountRow(db: Database, userId: number, accountId: number): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(p2cAccounts)
    .where(and(eq(p2cAccounts.id, accountId), eq(p2cAccounts.userId, userId)));
  if (row === undefined) throw accountErrors.notFound();
  return row;
}

export async function listAccounts(deps: AccountDependencies, userId: number, language: Language) {
  const rows = await deps.db
    .select()
    .from(p2cAccounts)
    .where(eq(p2cAccounts.userId, userId))
    .orderBy(desc(p2cAccounts.createdAt), desc(p2cAccounts.id));
  return accountViews(deps.db, deps.cipher, rows, language);
}

export async function getAccount(deps: AccountDependencies, userId: number, accountId: number, language: Language) {
  return accountView(deps, await ownAccountRow(deps.db, userId, accountId), language);
}

/**
 * 409 `account_duplicate` when the number is already one of the caller's accounts (other than
 * `exceptId`), or another merchant's account that support has not rejected: one card or account
 * belongs to one person.
 */
async function assertNotDuplicate(db: Database, userId: number, digest: string, exceptId: number | null) {
  const rows = await db
    .select({ id: p2cAccounts.id, userId: p2cAccounts.userId, status: p2cAccounts.status })
    .from(p2cAccounts)
    .where(eq(p2cAccounts.numberDigest, digest));
  const clash = rows.some((row) => (row.userId === userId ? row.id !== exceptId : row.status !== 'rejected'));
  if (clash) throw accountErrors.duplicate();
}

function checkedNumber(deps: AccountDependencies, kind: P2cAccountKind, number: string) {
  assertAccountNumber(kind, number);
  return { numberLast4: lastFour(number), numberDigest: accountNumberDigest(deps.digestKey, number) };
}

function assertBank(bankId: string): void {
  if (p2cBankOf(bankId, 'en') === null) throw accountErrors.bankUnknown();
}

/** A new account, `created`: the merchant adds documents, then submits it. */
export async function createAccount(
  deps: AccountDependencies,
  userId: number,
  body: CreateBody,
  language: Language,
): Promise<P2cAccount> {
  assertBank(body.bank_id);
  const number = checkedNumber(deps, body.kind, body.number);
  await assertNotDuplicate(deps.db, userId, number.numberDigest, null);
  const now = deps.now();
  let row: AccountRow | undefined;
  try {
    [row] = await deps.db
      .insert(p2cAccounts)
      .values({
        userId,
        status: 'created',
        kind: body.kind,
        bankId: body.bank_id,
        sealedDetails: deps.cipher.seal(userId, { number: body.number, holder_name: body.holder_name }),
        ...number,
        note: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    // The same number sent twice at once: the (user, digest) index lets one through.
    if (isUniqueViolation(error)) throw accountErrors.duplicate();
    throw error;
  }
  if (row === undefined) throw new Error('The new account row was not written');
  return accountView(deps, row, language);
}

/**
 * Changes the bank, number or holder of an account in `created`, `requested_verification` or
 * `rejected`, and returns it to `created` (a changed account is reviewed anew); the documents stay.
 */
export async function updateAccount(
  deps: AccountDependencies,
  userId: number,
  accountId: number,
  body: UpdateBody,
  language: Language,
): Promise<P2cAccount> {
  const row = await ownAccountRow(deps.db, userId, accountId);
  if (!editable.includes(row.status)) throw accountErrors.statusConflict(row.status);
  if (body.bank_id !== undefined) assertBank(body.bank_id);
  const current = openDetails(deps.cipher, row);
  const nextNumber = body.number ?? current.number;
  const number = checkedNumber(deps, row.kind, nextNumber);
  if (body.number !== undefined) await assertNotDuplicate(deps.db, userId, number.numberDigest, row.id);
  let updated: AccountRow | undefined;
  try {
    [updated] = await deps.db
      .update(p2cAccounts)
      .set({
        status: 'created',
        bankId: body.bank_id ?? row.bankId,
        sealedDetails: deps.cipher.seal(userId, {
          number: nextNumber,
          holder_name: body.holder_name ?? current.holderName,
        }),
        ...number,
        updatedAt: deps.now(),
      })
      .where(and(eq(p2cAccounts.id, row.id), inArray(p2cAccounts.status, [...editable])))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw accountErrors.duplicate();
    throw error;
  }
  if (updated === undefined) return raceLost(deps, userId, accountId);
  return accountView(deps, updated, language);
}

/** A conditional update found the account in another status than it was read in: 409 with the new one. */
async function raceLost(deps: AccountDependencies, userId: number, accountId: number): Promise<never> {
  throw accountErrors.statusConflict((await ownAccountRow(deps.db, userId, accountId)).status);
}

/**
 * Receives one document (the uploads module's rules: image or PDF, 10 MB, quota) for an account
 * in `created`, `requested_verification` or `rejected`, `uploaded` until support decides on it.
 */
export async function addAccountDocument(
  deps: AccountDependencies,
  request: FastifyRequest,
  userId: number,
  accountId: number,
  language: Language,
): Promise<P2cAccount> {
  const row = await ownAccountRow(deps.db, userId, accountId);
  if (!collecting.includes(row.status)) throw accountErrors.statusConflict(row.status);
  const [kept] = await deps.db
    .select({ documents: count() })
    .from(p2cAccountDocuments)
    .where(eq(p2cAccountDocuments.accountId, row.id));
  if ((kept?.documents ?? 0) >= maxAccountDocuments) throw accountErrors.documentLimit();
  const file = await deps.uploads.receiveFile(request, userId);
  await deps.db
    .insert(p2cAccountDocuments)
    .values({ fileId: file.id, accountId: row.id, status: 'uploaded', createdAt: deps.now() });
  return getAccount(deps, userId, accountId, language);
}

/**
 * `created`, `requested_verification` or `rejected` → `pending` (support's queue), when at least
 * one document uploaded since support's last decision waits for it (422
 * `account_document_required` otherwise); a rejected account's number must still be free.
 */
export async function submitAccount(
  deps: AccountDependencies,
  userId: number,
  accountId: number,
  language: Language,
): Promise<P2cAccount> {
  const row = await ownAccountRow(deps.db, userId, accountId);
  if (!collecting.includes(row.status)) throw accountErrors.statusConflict(row.status);
  const [waiting] = await deps.db
    .select({ documents: count() })
    .from(p2cAccountDocuments)
    .where(and(eq(p2cAccountDocuments.accountId, row.id), eq(p2cAccountDocuments.status, 'uploaded')));
  if ((waiting?.documents ?? 0) === 0) throw accountErrors.documentRequired();
  // While it was rejected, another merchant may have added the same number.
  if (row.status === 'rejected') await assertNotDuplicate(deps.db, userId, row.numberDigest, row.id);
  const [updated] = await deps.db
    .update(p2cAccounts)
    .set({ status: 'pending', updatedAt: deps.now() })
    .where(and(eq(p2cAccounts.id, row.id), inArray(p2cAccounts.status, [...collecting])))
    .returning();
  if (updated === undefined) return raceLost(deps, userId, accountId);
  return accountView(deps, updated, language);
}

/** `active` → `disabled` (no payments are marked paid from it) or `disabled` → `active`. */
export async function setAccountEnabled(
  deps: AccountDependencies,
  userId: number,
  accountId: number,
  enabled: boolean,
  language: Language,
): Promise<P2cAccount> {
  const row = await ownAccountRow(deps.db, userId, accountId);
  const from: P2cAccountStatus = enabled ? 'disabled' : 'active';
  if (row.status !== from) throw accountErrors.statusConflict(row.status);
  const [updated] = await deps.db
    .update(p2cAccounts)
    .set({ status: enabled ? 'active' : 'disabled', updatedAt: deps.now() })
    .where(and(eq(p2cAccounts.id, row.id), eq(p2cAccounts.status, from)))
    .returning();
  if (updated === undefined) return raceLost(deps, userId, accountId);
  return accountView(deps, updated, language);
}
