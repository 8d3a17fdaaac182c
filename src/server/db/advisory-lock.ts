import { sql } from 'drizzle-orm';
import type { Database } from './database';

/**
 * Holds a named lock until the surrounding transaction ends: callers with the same name run one
 * after another (on PostgreSQL; PGlite runs one transaction at a time anyway).
 */
export async function lockUntilCommit(tx: Database, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}
