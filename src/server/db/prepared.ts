import type { Database } from './database';

/**
 * A statement built and prepared once per database, on its first use, instead of on every call:
 * for the reads every poll or every signed-in request runs, where building the SQL with the query
 * builder cost more than running it. `build` uses `sql.placeholder` for what varies per call.
 */
export function preparedPerDatabase<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    const known = statements.get(db);
    if (known !== undefined) return known;
    const statement = build(db);
    statements.set(db, statement);
    return statement;
  };
}
