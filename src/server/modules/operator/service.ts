import { and, desc, eq } from 'drizzle-orm';
import type { DocumentType } from '../../../contract/compliance';
import {
  type DocumentReview,
  type OperatorActionName,
  type OperatorUserView,
  operatorActionNames,
  operatorErrorCodes,
  type RestrictionsChange,
} from '../../../contract/operator';
import type { VerificationLevel } from '../../../contract/verification-level';
import type { Database } from '../../db/database';
import { complianceDocuments, operatorActions } from '../../db/schema/compliance';
import { userSettings, users } from '../../db/schema/users';
import { ApiError } from '../../http/api-error';
import {
  documentRows,
  findDocument,
  getComplianceState,
  newShortId,
  setRequestKind,
  settleDocumentsRequest,
  toComplianceDocument,
} from '../compliance/service';
import type { FeatureFlagPolicy } from '../settings/feature-flags';
import { getUserSettings } from '../settings/service';
import { fileNotFoundCode, type OpenedFile, type Uploads } from '../uploads/service';

export interface OperatorDependencies {
  readonly db: Database;
  readonly uploads: Uploads;
  readonly now: () => Date;
  /** What the person's settings answer shows of their feature flags. */
  readonly featureFlags: FeatureFlagPolicy;
}

/** Who acts: an operator by Telegram id, or (null) the local-mode stand-in page. */
export interface Actor {
  readonly operatorId: number | null;
}

type Executor = Parameters<Parameters<Database['transaction']>[0]>[0];
type Details = Record<string, string | number | boolean | null>;

const actionsShown = 100;

function userNotFound(): ApiError {
  return new ApiError(404, operatorErrorCodes.userNotFound, 'No such user');
}

async function assertUserExists(db: Database, userId: number): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (row === undefined) throw userNotFound();
}

async function record(
  tx: Executor,
  actor: Actor,
  targetUserId: number,
  action: OperatorActionName,
  reason: string,
  details: Details,
  now: Date,
): Promise<void> {
  await tx.insert(operatorActions).values({
    operatorId: actor.operatorId,
    targetUserId,
    action,
    reason,
    details,
    createdAt: now,
  });
}

function knownAction(name: string): OperatorActionName {
  const known = operatorActionNames.find((action) => action === name);
  // Only this module writes the log, with names from the contract.
  if (known === undefined) throw new Error('The operator log holds an action this server never writes');
  return known;
}

/** Everything compliance knows about the person: settings' compliance, the request, documents, the log. */
export async function getOperatorUser(deps: OperatorDependencies, userId: number): Promise<OperatorUserView> {
  const { db, uploads } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user === undefined) throw userNotFound();
  const settings = await getUserSettings(db, deps.featureFlags, userId);
  const documents = await documentRows(db, userId, uploads);
  const files = new Map(
    (
      await uploads.findOwned(
        userId,
        documents.flatMap(({ row }) => (row.fileId === null ? [] : [row.fileId])),
      )
    ).map((file) => [file.id, file]),
  );
  const actions = await db
    .select()
    .from(operatorActions)
    .where(eq(operatorActions.targetUserId, userId))
    .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
    .limit(actionsShown);
  return {
    user: { id: user.id, first_name: user.firstName, last_name: user.lastName, username: user.username },
    compliance: settings.compliance,
    request: await getComplianceState(db, userId, deps.now()),
    documents: documents.map(({ row, uploadedName }) => {
      const file = row.fileId === null ? undefined : files.get(row.fileId);
      return {
        ...toComplianceDocument(row, uploadedName),
        file: file === undefined ? null : { id: file.id, media_type: file.mediaType, size: file.size },
        reviewed_at: row.reviewedAt === null ? null : row.reviewedAt.toISOString(),
      };
    }),
    actions: actions.map((action) => ({
      operator_id: action.operatorId,
      action: knownAction(action.action),
      reason: action.reason,
      details: action.details,
      created_at: action.createdAt.toISOString(),
    })),
  };
}

/**
 * One operator action on an existing person: its writes and its log row in one transaction,
 * then the person's whole state as the answer.
 */
async function act(
  deps: OperatorDependencies,
  userId: number,
  write: (tx: Executor, now: Date) => Promise<void>,
): Promise<OperatorUserView> {
  await assertUserExists(deps.db, userId);
  const now = deps.now();
  await deps.db.transaction((tx) => write(tx, now));
  return getOperatorUser(deps, userId);
}

export interface DocumentRequest {
  readonly documents: readonly {
    readonly type: DocumentType;
    readonly comment?: string;
  }[];
  readonly message?: string;
  readonly reason: string;
}

/** New documents in status `requested`; the request becomes `documents_requested`. */
export async function requestDocuments(
  deps: OperatorDependencies,
  actor: Actor,
  userId: number,
  request: DocumentRequest,
): Promise<OperatorUserView> {
  return act(deps, userId, async (tx, now) => {
    const rows = await tx
      .insert(complianceDocuments)
      .values(
        request.documents.map((document) => ({
          shortId: newShortId(),
          ownerId: userId,
          type: document.type,
          status: 'requested' as const,
          comment: document.comment ?? null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ shortId: complianceDocuments.shortId, type: complianceDocuments.type });
    await setRequestKind(
      tx,
      userId,
      { kind: 'documents_requested', message: request.message ?? null, level: null },
      now,
    );
    await record(
      tx,
      actor,
      userId,
      'request_documents',
      request.reason,
      { documents: rows.map((row) => `${row.shortId}:${row.type}`).join(','), message: request.message ?? null },
      now,
    );
  });
}

/** The person is asked to pass a verification level: `verification_requested`. */
export async function requestVerification(
  deps: OperatorDependencies,
  actor: Actor,
  userId: number,
  request: { readonly level: VerificationLevel; readonly message?: string; readonly reason: string },
): Promise<OperatorUserView> {
  return act(deps, userId, async (tx, now) => {
    await setRequestKind(
      tx,
      userId,
      { kind: 'verification_requested', message: request.message ?? null, level: request.level },
      now,
    );
    await record(tx, actor, userId, 'request_verification', request.reason, { level: request.level }, now);
  });
}

/**
 * Ends the current request (`inactive`): nothing more is asked of the person, so documents still
 * only requested (no file) are withdrawn; uploaded ones stay for review.
 */
export async function closeRequest(
  deps: OperatorDependencies,
  actor: Actor,
  userId: number,
  reason: string,
): Promise<OperatorUserView> {
  return act(deps, userId, async (tx, now) => {
    const withdrawn = await tx
      .delete(complianceDocuments)
      .where(and(eq(complianceDocuments.ownerId, userId), eq(complianceDocuments.status, 'requested')))
      .returning({ shortId: complianceDocuments.shortId });
    await setRequestKind(tx, userId, { kind: 'inactive', message: null, level: null }, now);
    await record(
      tx,
      actor,
      userId,
      'close_request',
      reason,
      { withdrawn_documents: withdrawn.map((row) => row.shortId).join(',') },
      now,
    );
  });
}

function documentNotOnReview(): ApiError {
  return new ApiError(
    409,
    operatorErrorCodes.documentNotOnReview,
    'Only a document on review can be approved or rejected',
  );
}

/** Approves or rejects a document on review; the request settles (pending → inactive when all are reviewed). */
export async function reviewDocument(
  deps: OperatorDependencies,
  actor: Actor,
  userId: number,
  shortId: string,
  review: DocumentReview,
): Promise<OperatorUserView> {
  return act(deps, userId, async (tx, now) => {
    const document = await findDocument(tx, userId, shortId);
    const status = review.decision === 'approve' ? 'approved' : 'rejected';
    const [updated] = await tx
      .update(complianceDocuments)
      .set({
        status,
        ...(review.comment === undefined ? {} : { comment: review.comment }),
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(complianceDocuments.id, document.id), eq(complianceDocuments.status, 'on_review')))
      .returning({ id: complianceDocuments.id });
    if (updated === undefined) throw documentNotOnReview();
    await settleDocumentsRequest(tx, userId, now);
    await record(
      tx,
      actor,
      userId,
      review.decision === 'approve' ? 'approve_document' : 'reject_document',
      review.reason ?? review.comment ?? '',
      { short_id: shortId, type: document.type, comment: review.comment ?? null },
      now,
    );
  });
}

/** Sets or lifts lock, ban (with the reason shown to the person) and the soft ban; one log row per change. */
export async function setRestrictions(
  deps: OperatorDependencies,
  actor: Actor,
  userId: number,
  change: RestrictionsChange,
): Promise<OperatorUserView> {
  return act(deps, userId, async (tx, now) => {
    const softBanUntil =
      change.soft_ban_until === undefined
        ? undefined
        : change.soft_ban_until === null
          ? null
          : new Date(change.soft_ban_until);
    await tx
      .update(userSettings)
      .set({
        ...(change.lock === undefined ? {} : { complianceLock: change.lock }),
        ...(change.ban === undefined
          ? {}
          : { complianceBan: change.ban, banReason: change.ban ? (change.ban_reason ?? null) : null }),
        ...(softBanUntil === undefined ? {} : { softBanUntil }),
        updatedAt: now,
      })
      .where(eq(userSettings.userId, userId));
    if (change.lock !== undefined) {
      await record(tx, actor, userId, change.lock ? 'lock' : 'unlock', change.reason, {}, now);
    }
    if (change.ban !== undefined) {
      await record(
        tx,
        actor,
        userId,
        change.ban ? 'ban' : 'unban',
        change.reason,
        { ban_reason: change.ban_reason ?? null },
        now,
      );
    }
    if (softBanUntil !== undefined) {
      await record(
        tx,
        actor,
        userId,
        softBanUntil === null ? 'lift_soft_ban' : 'soft_ban',
        change.reason,
        { soft_ban_until: softBanUntil === null ? null : softBanUntil.toISOString() },
        now,
      );
    }
  });
}

/** A document's file, for an operator: any person's, by the person and the document's short id. */
export async function openDocumentFileForOperator(
  deps: OperatorDependencies,
  userId: number,
  shortId: string,
): Promise<OpenedFile> {
  const document = await findDocument(deps.db, userId, shortId);
  if (document.fileId === null) throw new ApiError(404, fileNotFoundCode, 'This document has no file yet');
  return deps.uploads.open(document.fileId, { operator: true });
}
