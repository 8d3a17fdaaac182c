import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import type {} from '@fastify/multipart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  complianceErrorCodes,
  maxStoredBytesPerAccount,
  maxStoredFilesPerAccount,
  maxUploadBytes,
  uploadMediaTypes,
} from '../../../contract/compliance';
import { isPermitted } from '../../../contract/settings';
import { type UploadMediaType, uploadMediaTypeOf, uploadSignatureBytes } from '../../../contract/uploadFileType';
import type { Database } from '../../db/database';
import { storedFiles } from '../../db/schema/compliance';
import { userSettings } from '../../db/schema/users';
import { ApiError, unauthorized } from '../../http/api-error';
import { type Parsed, parseRequestPart, requestSchema } from '../../http/parse-request';
import { type FileStore, newStorageKey } from './file-store';

/** An uploaded file as other modules see it; `name` is the person's own file name (personal data). */
export interface UploadedFile {
  readonly id: string;
  readonly ownerId: number;
  readonly name: string;
  readonly mediaType: UploadMediaType;
  readonly size: number;
  readonly uploadedAt: Date;
}

export interface ReceiveOptions<S extends z.ZodMiniType | undefined> {
  readonly ownerId: number;
  /**
   * The text fields the form may carry besides the file (strict: an unknown field is a 400);
   * undefined for none.
   */
  readonly fields: S;
}

export interface ReceivedUpload<S extends z.ZodMiniType | undefined> {
  readonly file: UploadedFile;
  readonly fields: Parsed<S>;
}

/** Who asks to read a file: its owner, or an operator (any file). */
export type FileAccess = { readonly ownerId: number } | { readonly operator: true };

export interface OpenedFile {
  readonly file: UploadedFile;
  readonly content: NodeJS.ReadableStream;
}

export interface Uploads {
  /**
   * Reads the one file of a multipart request (field `file`) into the store: refuses it when the
   * owner may not upload (403), when it is over {@link maxUploadBytes} (413, without reading the
   * rest), when its bytes are not an accepted image or PDF (415), or when there is no file or more
   * than one (400). Nothing is kept of a refused upload.
   */
  receive<S extends z.ZodMiniType | undefined>(
    request: FastifyRequest,
    options: ReceiveOptions<S>,
  ): Promise<ReceivedUpload<S>>;
  /** {@link receive} for a form with the file alone. */
  receiveFile(request: FastifyRequest, ownerId: number): Promise<UploadedFile>;
  /** The file and its bytes; 404 `file_not_found` when it does not exist or the reader may not see it. */
  open(fileId: string, access: FileAccess): Promise<OpenedFile>;
  /** Those of the given files the owner has, in no particular order (unknown and foreign ids left out). */
  findOwned(ownerId: number, fileIds: readonly string[]): Promise<UploadedFile[]>;
}

export const fileNotFoundCode = 'file_not_found';

/** Room for the multipart boundaries, part headers and a few small fields around the file. */
const multipartOverheadBytes = 64 * 1024;
const maxNameLength = 255;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function fileTooLarge(): ApiError {
  return new ApiError(413, complianceErrorCodes.fileTooLarge, 'The file is larger than 10 MB', {
    max_bytes: maxUploadBytes,
  });
}

function fileTypeRefused(): ApiError {
  return new ApiError(415, complianceErrorCodes.fileTypeRefused, 'Only JPEG, PNG, WebP, HEIC images and PDF files');
}

function fileMissing(message: string): ApiError {
  return new ApiError(400, complianceErrorCodes.fileMissing, message);
}

function fileNotFound(): ApiError {
  return new ApiError(404, fileNotFoundCode, 'No such file');
}

/**
 * The person's file name, kept for them to recognise: the last path segment, without control
 * characters, at most 255 characters; "file" when nothing is left.
 */
export function cleanFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  // Control characters and lone surrogates (no UTF-8 form) go; the rest is the person's own text.
  const printable = lastSegment.replace(/[\p{Cc}\p{Cs}]/gu, '').trim();
  const cut = [...printable].slice(0, maxNameLength).join('');
  return cut === '' ? 'file' : cut;
}

/**
 * Passes the bytes through while counting them, and fails the stream as soon as they are over
 * the limit or their first bytes are not an accepted type.
 */
class UploadInspector extends Transform {
  size = 0;
  mediaType: UploadMediaType | null = null;
  private head: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > maxUploadBytes) {
      callback(fileTooLarge());
    } else if (this.mediaType !== null) {
      callback(null, chunk);
    } else {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < uploadSignatureBytes) callback();
      else this.release(callback);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.mediaType !== null) callback();
    else if (this.headLength === 0) callback(fileMissing('The file is empty'));
    else this.release(callback);
  }

  /** Recognises the type from the bytes held back so far, then lets them through (or refuses them). */
  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.mediaType = uploadMediaTypeOf(head);
    if (this.mediaType === null) callback(fileTypeRefused());
    else callback(null, head);
  }
}

/** What @fastify/multipart raises for a malformed or over-limit form, as our answers. */
function multipartRefusal(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  switch (error.code) {
    case 'FST_FILES_LIMIT':
      return fileMissing('Send exactly one file');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError(400, 'validation_failed', 'The form has too many fields', {
        location: 'body',
        issues: [{ path: [], code: 'too_big', message: 'Too many form fields' }],
      });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return fileMissing('Send the file as multipart/form-data');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new ApiError(400, 'validation_failed', 'The form is not valid', {
        location: 'body',
        issues: [{ path: [], code: 'invalid_form', message: 'The form is not valid' }],
      });
    default:
      return null;
  }
}

/** A multipart body ended early, or broke off mid-part: the client's fault, answered as such. */
function isBrokenBody(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.message.includes('Unexpected end of') || error.message.includes('terminated early'))
  );
}

type FileRow = typeof storedFiles.$inferSelect;

function storedMediaType(value: string): UploadMediaType {
  const known = uploadMediaTypes.find((type) => type === value);
  // Only recognised types are ever written: anything else is a row written outside this module.
  if (known === undefined) throw new Error('A stored file has a media type uploads never write');
  return known;
}

function toUploadedFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.originalName,
    mediaType: storedMediaType(row.mediaType),
    size: row.size,
    uploadedAt: row.createdAt,
  };
}

export interface UploadsDependencies {
  readonly db: Database;
  readonly store: FileStore;
  readonly now: () => Date;
}

/** Limits handed to the multipart parser: one file, a few short fields. */
const partLimits = {
  files: 1,
  // One byte over the limit reaches the inspector, which refuses it there and then.
  fileSize: maxUploadBytes + 1,
  fields: 8,
  fieldSize: 4096,
  parts: 10,
} as const;

export function createUploads({ db, store, now }: UploadsDependencies): Uploads {
  const assertMayUpload = async (ownerId: number): Promise<void> => {
    const [row] = await db
      .select({ permissions: userSettings.permissions })
      .from(userSettings)
      .where(eq(userSettings.userId, ownerId));
    if (row === undefined) throw unauthorized();
    if (!isPermitted(row.permissions, 'can_upload_files')) {
      throw new ApiError(403, complianceErrorCodes.uploadsForbidden, 'This account may not upload files');
    }
  };

  /** Before reading a byte: the owner keeps fewer files, and fewer bytes, than an account may. */
  const assertRoomFor = async (ownerId: number): Promise<void> => {
    const [kept] = await db
      .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${storedFiles.size}), 0)::float8` })
      .from(storedFiles)
      .where(eq(storedFiles.ownerId, ownerId));
    if (kept === undefined) return;
    if (kept.files >= maxStoredFilesPerAccount || kept.bytes >= maxStoredBytesPerAccount) {
      throw new ApiError(
        429,
        complianceErrorCodes.uploadQuotaReached,
        'This account keeps as many files as it may; write to support to clear old ones',
        { max_files: maxStoredFilesPerAccount, max_bytes: maxStoredBytesPerAccount },
      );
    }
  };

  /** Streams the file part into the store under a new key; nothing is kept when it is refused. */
  const storePart = async (file: Readable & { readonly truncated: boolean }) => {
    const key = newStorageKey();
    const inspector = new UploadInspector();
    // pipeline, not pipe: a part that failed before it reached us (a form cut short fails its
    // file at once) must fail the inspector too, or the store would wait for it for ever. Its
    // errors reach the store through the inspector, so the callback has nothing left to do.
    pipeline(file, inspector, () => {});
    try {
      await store.put(key, inspector);
    } catch (error) {
      // Unread, the part would hold the form's parser (and the request) open.
      file.destroy();
      throw error;
    }
    if (file.truncated || inspector.mediaType === null) {
      await store.remove(key);
      throw fileTooLarge();
    }
    return { key, mediaType: inspector.mediaType, size: inspector.size };
  };

  const receive: Uploads['receive'] = async (request, options) => {
    await assertMayUpload(options.ownerId);
    await assertRoomFor(options.ownerId);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxUploadBytes + multipartOverheadBytes) throw fileTooLarge();
    if (typeof request.isMultipart !== 'function') {
      throw new Error('Files are read only by endpoints marked `upload: true` in the contract');
    }
    if (!request.isMultipart()) throw fileMissing('Send the file as multipart/form-data, in the field "file"');

    const fields: Record<string, unknown> = {};
    let stored: { key: string; name: string; mediaType: UploadMediaType; size: number } | null = null;
    try {
      for await (const part of request.parts({ limits: partLimits })) {
        if (part.type === 'field') {
          if (Object.hasOwn(fields, part.fieldname)) throw fileMissing(`The field "${part.fieldname}" is repeated`);
          fields[part.fieldname] = part.value;
        } else if (part.fieldname !== 'file') {
          part.file.destroy();
          throw fileMissing('Send the file in the field "file"');
        } else {
          stored = { ...(await storePart(part.file)), name: cleanFileName(part.filename) };
        }
      }
      if (stored === null) throw fileMissing('Send one file in the field "file"');
      const parsedFields = parseRequestPart(requestSchema(options.fields), fields, 'body');
      const [row] = await db
        .insert(storedFiles)
        .values({
          ownerId: options.ownerId,
          storageKey: stored.key,
          originalName: stored.name,
          mediaType: stored.mediaType,
          size: stored.size,
          createdAt: now(),
        })
        .returning();
      if (row === undefined) throw new Error('The stored file row was not written');
      return { file: toUploadedFile(row), fields: parsedFields };
    } catch (error) {
      // The rest of a refused form is read and dropped: left unread, it would hold the connection
      // (the client still sending, the server no longer reading) after the answer.
      if (!request.raw.readableEnded) request.raw.resume();
      if (stored !== null) await store.remove(stored.key);
      const refusal =
        multipartRefusal(error) ?? (isBrokenBody(error) ? fileMissing('The form ended before the file did') : null);
      throw refusal ?? error;
    }
  };

  return {
    receive,
    receiveFile: async (request, ownerId) => (await receive(request, { ownerId, fields: undefined })).file,
    open: async (fileId, access) => {
      if (!uuidPattern.test(fileId)) throw fileNotFound();
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
      if (row === undefined || ('ownerId' in access && row.ownerId !== access.ownerId)) throw fileNotFound();
      return { file: toUploadedFile(row), content: await store.get(row.storageKey) };
    },

    findOwned: async (ownerId, fileIds) => {
      const ids = fileIds.filter((id) => uuidPattern.test(id));
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.ownerId, ownerId), inArray(storedFiles.id, ids)));
      return rows.map(toUploadedFile);
    },
  };
}
