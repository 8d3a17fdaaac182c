import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DatabaseKind } from '../../contract/health';

/** The query builder both drivers share; services take this, never a driver-specific type. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** An open database: PGlite embedded in the process, or a PostgreSQL pool. */
export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Database;
  /** PostgreSQL's pool (the live list's socket.io adapter LISTENs through it); none on PGlite. */
  readonly postgresPool?: pg.Pool;
  /** Applies the pending migrations of the migrations folder. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
