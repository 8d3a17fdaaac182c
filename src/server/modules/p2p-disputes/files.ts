import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DisputeFile, OrderSide } from '../../../contract/p2p-orders';
import type { Database } from '../../db/database';
import { storedFiles } from '../../db/schema/compliance';
import { p2pDisputeFiles } from '../../db/schema/p2p-disputes';
import { ApiError } from '../../http/api-error';
import { fileNotFoundCode, type OpenedFile, type Uploads } from '../uploads/service';
import { disputeErrors, maxDisputeUploadsPerSide } from './errors';

export type Statement = 'opening' | 'response';

/**
 * Receives one image (or PDF) for the caller's statement on an order, through the uploads module
 * and its rules (permission, size, type, quota), and links it to the order and the caller's side
 * until a statement names it. The caller has been checked to be that side of that order.
 */
export async function receiveDisputeFile(
  db: Database,
  uploads: Uploads,
  request: FastifyRequest,
  upload: { readonly orderId: number; readonly userId: number; readonly side: OrderSide; readonly now: Date },
): Promise<DisputeFile> {
  const [kept] = await db
    .select({ files: count() })
    .from(p2pDisputeFiles)
    .where(and(eq(p2pDisputeFiles.orderId, upload.orderId), eq(p2pDisputeFiles.side, upload.side)));
  if ((kept?.files ?? 0) >= maxDisputeUploadsPerSide) throw disputeErrors.uploadLimit();
  const file = await uploads.receiveFile(request, upload.userId);
  await db.insert(p2pDisputeFiles).values({
    orderId: upload.orderId,
    fileId: file.id,
    uploadedBy: upload.userId,
    side: upload.side,
    statement: null,
    createdAt: upload.now,
  });
  return { id: file.id, media_type: file.mediaType, size: file.size, name: file.name };
}

/**
 * Inside the statement's transaction: attaches the named files, each one the caller uploaded for
 * this order and not yet part of a statement (422 `file_invalid` otherwise, nothing attached).
 */
export async function attachDisputeFiles(
  tx: Database,
  attach: { readonly orderId: number; readonly userId: number; readonly statement: Statement },
  fileIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(fileIds)];
  if (unique.length !== fileIds.length) throw disputeErrors.fileInvalid();
  if (unique.length === 0) return;
  const attached = await tx
    .update(p2pDisputeFiles)
    .set({ statement: attach.statement })
    .where(
      and(
        eq(p2pDisputeFiles.orderId, attach.orderId),
        eq(p2pDisputeFiles.uploadedBy, attach.userId),
        isNull(p2pDisputeFiles.statement),
        // Only ids of the uuid form reach the database's uuid column.
        inArray(p2pDisputeFiles.fileId, unique.filter(isUuid)),
      ),
    )
    .returning({ id: p2pDisputeFiles.id });
  if (attached.length !== unique.length) throw disputeErrors.fileInvalid();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

/** The files of an order's statements, per side, oldest first. */
export async function statementFilesOf(db: Database, orderId: number): Promise<Map<OrderSide, DisputeFile[]>> {
  const rows = await db
    .select({
      side: p2pDisputeFiles.side,
      id: storedFiles.id,
      mediaType: storedFiles.mediaType,
      size: storedFiles.size,
      name: storedFiles.originalName,
    })
    .from(p2pDisputeFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, p2pDisputeFiles.fileId))
    .where(and(eq(p2pDisputeFiles.orderId, orderId), isNotNull(p2pDisputeFiles.statement)))
    .orderBy(asc(p2pDisputeFiles.id));
  const files = new Map<OrderSide, DisputeFile[]>([
    ['buyer', []],
    ['seller', []],
  ]);
  for (const row of rows) {
    files.get(row.side)?.push({ id: row.id, media_type: row.mediaType, size: row.size, name: row.name });
  }
  return files;
}

/** A file of an order's dispute statements, for support; 404 for any other id. */
export async function openDisputeFileForSupport(
  db: Database,
  uploads: Uploads,
  orderId: number,
  fileId: string,
): Promise<OpenedFile> {
  const [row] = isUuid(fileId)
    ? await db
        .select({ fileId: p2pDisputeFiles.fileId })
        .from(p2pDisputeFiles)
        .where(
          and(
            eq(p2pDisputeFiles.orderId, orderId),
            eq(p2pDisputeFiles.fileId, fileId),
            isNotNull(p2pDisputeFiles.statement),
          ),
        )
    : [];
  if (row === undefined) throw new ApiError(404, fileNotFoundCode, 'No such file');
  return uploads.open(row.fileId, { operator: true });
}
