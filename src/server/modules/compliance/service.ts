import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  type ComplianceDocument,
  type ComplianceRequestKind,
  type ComplianceState,
  complianceErrorCodes,
  type DocumentType,
  documentType,
} from '../../../contract/compliance';
import type { Database } from '../../db/database';
import { complianceDocuments, complianceRequests } from '../../db/schema/compliance';
import { userSettings } from '../../db/schema/users';
import { ApiError } from '../../http/api-error';
import type { OpenedFile, Uploads } from '../uploads/service';
import { hasLevel } from '../verification/state';

type DocumentRow = typeof complianceDocuments.$inferSelect;

/** A transaction or the database: the settling below runs inside the callers' transactions. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

export function documentNotFound(): ApiError {
  return new ApiError(404, complianceErrorCodes.documentNotFound, 'No such document');
}

function documentNotRequested(): ApiError {
  return new ApiError(409, complianceErrorCodes.documentNotRequested, 'This document is not waiting for a file');
}

const shortIdAlphabet = '23456789abcdefghjkmnpqrstuvwxyz';

/** Ten characters of an unambiguous alphabet (about 49 bits): short to read, long to guess. */
export function newShortId(): string {
  return Array.from({ length: 10 }, () => shortIdAlphabet[randomInt(shortIdAlphabet.length)]).join('');
}

export function toComplianceDocument(row: DocumentRow, uploadedName: string | null): ComplianceDocument {
  return {
    short_id: row.shortId,
    type: row.type,
    status: row.status,
    uploaded_at: row.uploadedAt === null ? null : row.uploadedAt.toISOString(),
    uploaded_name: uploadedName,
    comment: row.comment,
  };
}

/** The person's documents with their files' names, newest first. */
export async function documentRows(
  db: Database,
  ownerId: number,
  uploads: Uploads,
): Promise<{ readonly row: DocumentRow; readonly uploadedName: string | null }[]> {
  const rows = await db
    .select()
    .from(complianceDocuments)
    .where(eq(complianceDocuments.ownerId, ownerId))
    .orderBy(desc(complianceDocuments.createdAt), desc(complianceDocuments.shortId));
  const fileIds = rows.flatMap((row) => (row.fileId === null ? [] : [row.fileId]));
  const names = new Map((await uploads.findOwned(ownerId, fileIds)).map((file) => [file.id, file.name]));
  return rows.map((row) => ({ row, uploadedName: row.fileId === null ? null : (names.get(row.fileId) ?? null) }));
}

export async function listDocuments(db: Database, ownerId: number, uploads: Uploads): Promise<ComplianceDocument[]> {
  return (await documentRows(db, ownerId, uploads)).map(({ row, uploadedName }) =>
    toComplianceDocument(row, uploadedName),
  );
}

/** One of the owner's documents by its short id; another person's is as absent as a made-up one. */
export async function findDocument(db: Executor, ownerId: number, shortId: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(complianceDocuments)
    .where(and(eq(complianceDocuments.ownerId, ownerId), eq(complianceDocuments.shortId, shortId)));
  if (row === undefined) throw documentNotFound();
  return row;
}

async function describeDocument(uploads: Uploads, row: DocumentRow): Promise<ComplianceDocument> {
  const [file] = row.fileId === null ? [] : await uploads.findOwned(row.ownerId, [row.fileId]);
  return toComplianceDocument(row, file?.name ?? null);
}

export async function getDocument(
  db: Database,
  uploads: Uploads,
  ownerId: number,
  shortId: string,
): Promise<ComplianceDocument> {
  return describeDocument(uploads, await findDocument(db, ownerId, shortId));
}

/**
 * A verification request ends by itself once the person holds the level: read lazily here, so
 * the verification module need not know about compliance requests.
 */
async function settledRequest(db: Database, userId: number, now: Date) {
  const [request] = await db.select().from(complianceRequests).where(eq(complianceRequests.userId, userId));
  if (request?.kind !== 'verification_requested' || request.level === null) return request;
  if (!(await hasLevel(db, userId, request.level))) return request;
  await setRequestKind(db, userId, { kind: 'inactive' }, now);
  const [settled] = await db.select().from(complianceRequests).where(eq(complianceRequests.userId, userId));
  return settled;
}

/** `GET /user/compliance`: the person's current request; `inactive` when there is none. */
export async function getComplianceState(db: Database, userId: number, now: Date): Promise<ComplianceState> {
  const request = await settledRequest(db, userId, now);
  const requested = await db
    .select({ shortId: complianceDocuments.shortId })
    .from(complianceDocuments)
    .where(and(eq(complianceDocuments.ownerId, userId), eq(complianceDocuments.status, 'requested')))
    .orderBy(asc(complianceDocuments.createdAt), asc(complianceDocuments.shortId));
  return {
    kind: request?.kind ?? 'inactive',
    message: request?.message ?? null,
    level: request?.level ?? null,
    requested_documents: requested.map((document) => document.shortId),
    updated_at: request === undefined ? null : request.updatedAt.toISOString(),
  };
}

/** Whether the kind waits for the person (settings' `pending_actions_from_user`). */
export function waitsForUser(kind: ComplianceRequestKind): boolean {
  return kind === 'documents_requested' || kind === 'verification_requested';
}

/** Writes the request's kind and, with it, settings' `pending_actions_from_user`. */
export async function setRequestKind(
  db: Executor,
  userId: number,
  change: {
    readonly kind: ComplianceRequestKind;
    readonly message?: string | null;
    readonly level?: ComplianceState['level'];
  },
  now: Date,
): Promise<void> {
  // A request that is over keeps no message or level to show.
  const over = change.kind === 'inactive';
  const fields = {
    kind: change.kind,
    ...(over || change.message !== undefined ? { message: over ? null : change.message } : {}),
    ...(over || change.level !== undefined ? { level: over ? null : change.level } : {}),
    updatedAt: now,
  };
  await db
    .insert(complianceRequests)
    .values({ userId, createdAt: now, ...fields })
    .onConflictDoUpdate({ target: complianceRequests.userId, set: fields });
  await db
    .update(userSettings)
    .set({ pendingActionsFromUser: waitsForUser(change.kind), updatedAt: now })
    .where(eq(userSettings.userId, userId));
}

/**
 * After a document changed status: a documents request with nothing left to upload is `pending`
 * (compliance reviews), and with nothing left to review either it is over (`inactive`). A
 * verification request is left alone: the verification level settles it, or an operator.
 */
export async function settleDocumentsRequest(db: Executor, userId: number, now: Date): Promise<void> {
  const [request] = await db
    .select({ kind: complianceRequests.kind })
    .from(complianceRequests)
    .where(eq(complianceRequests.userId, userId));
  if (request === undefined || (request.kind !== 'documents_requested' && request.kind !== 'pending')) return;
  const open = await db
    .select({ status: complianceDocuments.status })
    .from(complianceDocuments)
    .where(
      and(eq(complianceDocuments.ownerId, userId), inArray(complianceDocuments.status, ['requested', 'on_review'])),
    );
  const kind: ComplianceRequestKind = open.some((document) => document.status === 'requested')
    ? 'documents_requested'
    : open.length > 0
      ? 'pending'
      : 'inactive';
  if (kind !== request.kind) await setRequestKind(db, userId, { kind }, now);
}

/** The file of a requested document: it goes `on_review`, and the request settles. */
export async function uploadRequestedDocument(
  db: Database,
  uploads: Uploads,
  request: FastifyRequest,
  ownerId: number,
  shortId: string,
  now: Date,
): Promise<ComplianceDocument> {
  // Checked before the upload too, so a wrong id never costs a 10 MB write.
  const document = await findDocument(db, ownerId, shortId);
  if (document.status !== 'requested') throw documentNotRequested();
  const file = await uploads.receiveFile(request, ownerId);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(complianceDocuments)
      .set({ status: 'on_review', fileId: file.id, uploadedAt: file.uploadedAt, updatedAt: now })
      .where(and(eq(complianceDocuments.id, document.id), eq(complianceDocuments.status, 'requested')))
      .returning();
    if (row !== undefined) await settleDocumentsRequest(tx, ownerId, now);
    return row;
  });
  // Another upload of the same document won the race: this one's file is not kept as the document.
  if (updated === undefined) throw documentNotRequested();
  return toComplianceDocument(updated, file.name);
}

const addDocumentFields = z.object({ type: documentType });

/** A document the person adds of their own accord: it goes straight to review. */
export async function addDocument(
  db: Database,
  uploads: Uploads,
  request: FastifyRequest,
  ownerId: number,
  now: Date,
): Promise<ComplianceDocument> {
  const { file, fields } = await uploads.receive(request, { ownerId, fields: addDocumentFields });
  const type: DocumentType = fields.type;
  const [row] = await db
    .insert(complianceDocuments)
    .values({
      shortId: newShortId(),
      ownerId,
      type,
      status: 'on_review',
      fileId: file.id,
      createdAt: now,
      uploadedAt: file.uploadedAt,
      updatedAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('The document row was not written');
  return toComplianceDocument(row, file.name);
}

/** The file of one of the owner's documents; 404 for a document without one, or someone else's. */
export async function openDocumentFile(
  db: Database,
  uploads: Uploads,
  ownerId: number,
  shortId: string,
): Promise<OpenedFile> {
  const document = await findDocument(db, ownerId, shortId);
  if (document.fileId === null) throw documentNotFound();
  return uploads.open(document.fileId, { ownerId });
}
