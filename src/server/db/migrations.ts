import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** The one migrations folder, shared by PGlite and PostgreSQL, written by `npm run db:generate`. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

interface JournalEntry {
  readonly tag: string;
  /** Drizzle stores this as the applied migration's `created_at`. */
  readonly when: number;
}

function isJournalEntry(value: unknown): value is JournalEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'tag' in value &&
    typeof value.tag === 'string' &&
    'when' in value &&
    typeof value.when === 'number'
  );
}

export function readMigrationJournal(): readonly JournalEntry[] {
  const journal: unknown = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8'));
  const entries = typeof journal === 'object' && journal !== null && 'entries' in journal ? journal.entries : undefined;
  if (!Array.isArray(entries) || !entries.every(isJournalEntry)) {
    throw new Error(`Malformed migration journal in ${migrationsFolder}`);
  }
  return entries;
}

// Drizzle's own bookkeeping table, described here (outside the schema folder, so drizzle-kit
// does not try to create it) to read the migration state without driver-specific raw SQL.
const drizzleSchema = pgSchema('drizzle');
const appliedMigrations = drizzleSchema.table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});
const informationSchemaTables = pgSchema('information_schema').table('tables', {
  tableSchema: text('table_schema'),
  tableName: text('table_name'),
});

export interface MigrationState {
  readonly applied: number;
  readonly pending: number;
  readonly latest: string | null;
}

export async function readMigrationState(db: Database): Promise<MigrationState> {
  const journal = readMigrationJournal();
  const bookkeeping = await db
    .select({ name: informationSchemaTables.tableName })
    .from(informationSchemaTables)
    .where(
      and(
        eq(informationSchemaTables.tableSchema, 'drizzle'),
        eq(informationSchemaTables.tableName, '__drizzle_migrations'),
      ),
    );
  const appliedTimes =
    bookkeeping.length === 0
      ? []
      : (await db.select({ createdAt: appliedMigrations.createdAt }).from(appliedMigrations)).map(
          (row) => row.createdAt ?? 0,
        );
  // Drizzle's migrator applies every journal entry newer than the newest applied one.
  const newestApplied = Math.max(0, ...appliedTimes);
  const latestEntry = journal.filter((entry) => entry.when <= newestApplied).at(-1);
  return {
    applied: appliedTimes.length,
    pending: journal.filter((entry) => entry.when > newestApplied).length,
    latest: appliedTimes.length === 0 ? null : (latestEntry?.tag ?? null),
  };
}
