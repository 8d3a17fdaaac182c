import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ComplianceRequestKind, DocumentStatus, DocumentType } from '../../../contract/compliance';
import type { VerificationLevel } from '../../../contract/verification-level';
import { users } from './users';

/**
 * An uploaded file. The bytes live in the file store under `storage_key`, a random name: the
 * person's own file name is kept only here, as personal data (shown back to them, never logged,
 * never part of a path).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** Recognised from the bytes, never taken from the client. */
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_files_owner_id_idx').on(table.ownerId)],
);

/**
 * A compliance document: requested by an operator (`requested`, no file yet) or added by the
 * person; uploading its file puts it `on_review`; an operator approves or rejects it.
 */
export const complianceDocuments = pgTable(
  'compliance_documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The id the person and the API see. */
    shortId: text('short_id').notNull().unique(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<DocumentType>().notNull(),
    status: text('status').$type<DocumentStatus>().notNull(),
    /** The operator's note: what to upload, or why it was rejected. */
    comment: text('comment'),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('compliance_documents_owner_id_idx').on(table.ownerId),
    check('compliance_documents_status', sql`${table.status} IN ('approved', 'rejected', 'on_review', 'requested')`),
  ],
);

/**
 * The person's current request from compliance, one row per person (none means `inactive`).
 * The documents still to upload are the person's documents in status `requested`.
 */
export const complianceRequests = pgTable(
  'compliance_requests',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ComplianceRequestKind>().notNull(),
    /** The operator's message to the person. */
    message: text('message'),
    /** With `verification_requested`: the level to pass. */
    level: text('level').$type<VerificationLevel>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'compliance_requests_kind',
      sql`${table.kind} IN ('inactive', 'pending', 'verification_requested', 'documents_requested')`,
    ),
  ],
);

/** Every operator action, with its reason: who did what to whom, and when. Never updated. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The operator's Telegram id; null for the local-mode stand-in page. */
    operatorId: bigint('operator_id', { mode: 'number' }),
    targetUserId: bigint('target_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    /** What the action set (e.g. the document's short id, the soft ban's end). */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_actions_target_user_id_idx').on(table.targetUserId, table.createdAt)],
);
