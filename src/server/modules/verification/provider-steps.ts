import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  ProviderFile,
  ProviderStepType,
  ProviderSubmission,
  VerificationStep,
} from '../../../contract/verification';
import type { Database } from '../../db/database';
import { storedFiles } from '../../db/schema/compliance';
import { providerSubmissionFiles, providerSubmissions } from '../../db/schema/verification';
import { inTransaction } from '../../ledger/ledger';
import type { UploadedFile, Uploads } from '../uploads/service';
import { verificationErrors } from './errors';
import type { IdentityProvider } from './identity-provider';
import { canTakeStep } from './levels';
import { personStateOf } from './state';
import { assertStepAvailable, writeStep } from './step-records';

export interface ProviderStepDependencies {
  readonly db: Database;
  readonly uploads: Uploads;
  readonly provider: IdentityProvider;
  readonly now: () => Date;
}

type SubmissionRow = typeof providerSubmissions.$inferSelect;

function toProviderFile(file: Pick<UploadedFile, 'id' | 'name' | 'uploadedAt'>): ProviderFile {
  return { id: file.id, name: file.name, uploaded_at: file.uploadedAt.toISOString() };
}

/** A submitted file as the stand-in page shows it. */
export interface SubmittedFile {
  readonly id: string;
  readonly name: string;
  readonly mediaType: string;
  readonly uploadedAt: Date;
}

/** The files of the submissions, each list in the person's order. */
async function filesOf(db: Database, submissionIds: readonly string[]): Promise<Map<string, SubmittedFile[]>> {
  const files = new Map<string, SubmittedFile[]>(submissionIds.map((id) => [id, []]));
  const rows = await db
    .select({
      submissionId: providerSubmissionFiles.submissionId,
      id: storedFiles.id,
      name: storedFiles.originalName,
      mediaType: storedFiles.mediaType,
      uploadedAt: storedFiles.createdAt,
    })
    .from(providerSubmissionFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, providerSubmissionFiles.fileId))
    .where(inArray(providerSubmissionFiles.submissionId, [...submissionIds]))
    .orderBy(asc(providerSubmissionFiles.position));
  for (const row of rows) files.get(row.submissionId)?.push(row);
  return files;
}

function toSubmission(row: SubmissionRow, files: readonly SubmittedFile[]): ProviderSubmission {
  return {
    id: row.id,
    type: row.stepType,
    status: row.status,
    files: files.map(toProviderFile),
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

/** The files an upload keeps for a step: unique ids in the person's order. */
function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * `POST /verification/provider/:type/files`: one file (uploads' rules: image or PDF by its bytes,
 * 10 MB, can_upload_files) for a step the person can take now (409 otherwise, before reading it).
 */
export async function uploadProviderFile(
  deps: ProviderStepDependencies,
  request: FastifyRequest,
  userId: number,
  type: ProviderStepType,
): Promise<ProviderFile> {
  if (!canTakeStep(await personStateOf(deps.db, userId), type)) throw verificationErrors.stepUnavailable();
  return toProviderFile(await deps.uploads.receiveFile(request, userId));
}

/**
 * `POST /verification/provider/:type/submit`: the person's own uploaded files (any other id: 404
 * file_not_found) go to the provider for review as one submission; the step is in_progress with
 * PENDING until the provider decides.
 */
export async function submitProviderStep(
  deps: ProviderStepDependencies,
  userId: number,
  type: ProviderStepType,
  fileIds: readonly string[],
): Promise<VerificationStep> {
  const ids = uniqueIds(fileIds);
  const owned = new Map((await deps.uploads.findOwned(userId, ids)).map((file) => [file.id, file]));
  const files = ids.map((id) => owned.get(id)).filter((file) => file !== undefined);
  if (files.length !== ids.length) throw verificationErrors.fileNotFound();
  const now = deps.now();
  const { step, submissionId } = await inTransaction(deps.db, async (tx) => {
    const state = await assertStepAvailable(tx, userId, type);
    const [submission] = await tx
      .insert(providerSubmissions)
      .values({ userId, stepType: type, status: 'on_review', provider: deps.provider.name, createdAt: now })
      .returning({ id: providerSubmissions.id });
    if (submission === undefined) throw new Error('The submission insert returned no row');
    await tx
      .insert(providerSubmissionFiles)
      .values(files.map((file, position) => ({ submissionId: submission.id, fileId: file.id, position })));
    const written = await writeStep(
      tx,
      state,
      userId,
      type,
      { status: 'in_progress', result: 'PENDING', reason: null },
      now,
    );
    return { step: written, submissionId: submission.id };
  });
  // After the commit: the provider is told about a submission that exists.
  const started = await deps.provider.start({ submissionId, userId, type, files });
  if (started.externalId !== null) {
    await deps.db
      .update(providerSubmissions)
      .set({ externalId: started.externalId })
      .where(eq(providerSubmissions.id, submissionId));
  }
  return step;
}

/** `GET /verification/provider/:type`: the person's last submission for the step, or null. */
export async function lastProviderSubmission(
  db: Database,
  userId: number,
  type: ProviderStepType,
): Promise<ProviderSubmission | null> {
  const [row] = await db
    .select()
    .from(providerSubmissions)
    .where(and(eq(providerSubmissions.userId, userId), eq(providerSubmissions.stepType, type)))
    .orderBy(desc(providerSubmissions.createdAt))
    .limit(1);
  if (row === undefined) return null;
  return toSubmission(row, (await filesOf(db, [row.id])).get(row.id) ?? []);
}

/** A submission waiting for the local reviewer, with whose it is and its files' types. */
export interface SubmissionInReview {
  readonly id: string;
  readonly userId: number;
  readonly type: ProviderStepType;
  readonly createdAt: Date;
  readonly files: readonly SubmittedFile[];
}

const reviewListLimit = 100;

/** The local stand-in's list: submissions on review, oldest first (the order a reviewer works in). */
export async function submissionsInReview(db: Database): Promise<SubmissionInReview[]> {
  const rows = await db
    .select()
    .from(providerSubmissions)
    .where(eq(providerSubmissions.status, 'on_review'))
    .orderBy(asc(providerSubmissions.createdAt))
    .limit(reviewListLimit);
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    type: row.stepType,
    createdAt: row.createdAt,
    files: files.get(row.id) ?? [],
  }));
}

/** Whether the file belongs to some submission (the stand-in shows only those). */
export async function isSubmittedFile(db: Database, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ fileId: providerSubmissionFiles.fileId })
    .from(providerSubmissionFiles)
    .where(eq(providerSubmissionFiles.fileId, fileId))
    .limit(1);
  return row !== undefined;
}
