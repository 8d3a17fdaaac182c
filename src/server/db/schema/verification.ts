import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProviderStepType, VerificationResult, VerificationStepType } from '../../../contract/verification';
import { storedFiles } from './compliance';
import { users } from './users';

/** The step statuses a record holds; `not_started` and `blocked` are derived (no record). */
export type StoredStepStatus = 'in_progress' | 'completed' | 'rejected';

/**
 * Where a person stands in one verification step (docs/verification.md). No row: the step was
 * never taken. Completed steps stay completed; rejected ones may be taken again.
 */
export const verificationSteps = pgTable(
  'verification_steps',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<VerificationStepType>().notNull(),
    status: text('status').$type<StoredStepStatus>().notNull(),
    result: text('result').$type<VerificationResult>().notNull(),
    /** The reviewer's reason for a rejection, shown to the person. */
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.type] }),
    check('verification_steps_status', sql`${table.status} IN ('in_progress', 'completed', 'rejected')`),
    check(
      'verification_steps_type',
      sql`${table.type} IN ('PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC', 'SUMSUB_ADDRESS', 'SUMSUB_VIDEO')`,
    ),
  ],
);

/**
 * The phone number the messenger vouched for (a signed contact of the person's own account).
 * Personal data: shown to the person masked, never logged.
 */
export const verifiedPhones = pgTable('verified_phones', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `+` and digits. */
  phoneNumber: text('phone_number').notNull(),
  /** `mini_app` (requestContact) or `bot` (the contact shared in the bot's chat). */
  source: text('source').$type<'mini_app' | 'bot'>().notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/** The BASIC form as last submitted (personal data: never logged). */
export const personalDataRecords = pgTable('personal_data', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  middleName: text('middle_name'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  /** ISO 3166-1 alpha-2 of the country of residence. */
  country: text('country').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  postalCode: text('postal_code'),
  /** What the check of this submission gave: OK, UNDER_18 or RESTRICTED_REGION. */
  result: text('result').$type<VerificationResult>().notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
});

export type SubmissionStatus = 'on_review' | 'approved' | 'rejected';

/**
 * Files sent to the identity provider for one step; at most one per person and step is on review.
 * `provider` names who reviews it (`local`: the local stand-in page; `sumsub` later).
 */
export const providerSubmissions = pgTable(
  'provider_submissions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepType: text('step_type').$type<ProviderStepType>().notNull(),
    status: text('status').$type<SubmissionStatus>().notNull(),
    provider: text('provider').notNull(),
    /** The provider's own id of the review (an applicant or inspection id), when it has one. */
    externalId: text('external_id'),
    /** Why it was rejected, shown to the person. */
    reason: text('reason'),
    /** Who decided: the provider's reviewer, or `local` for the stand-in page. */
    reviewer: text('reviewer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('provider_submissions_user_idx').on(table.userId, table.stepType, table.createdAt),
    uniqueIndex('provider_submissions_one_on_review')
      .on(table.userId, table.stepType)
      .where(sql`${table.status} = 'on_review'`),
    check('provider_submissions_status', sql`${table.status} IN ('on_review', 'approved', 'rejected')`),
    check(
      'provider_submissions_step_type',
      sql`${table.stepType} IN ('SUMSUB_BASIC', 'SUMSUB_ADDRESS', 'SUMSUB_VIDEO')`,
    ),
  ],
);

/** The files of a submission, in the order the person gave them. */
export const providerSubmissionFiles = pgTable(
  'provider_submission_files',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => providerSubmissions.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.submissionId, table.fileId] })],
);
