/** Whether the database refused with this SQLSTATE, however the driver wraps the error. */
function hasSqlState(error: unknown, code: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === code) return true;
  return 'cause' in error && hasSqlState(error.cause, code);
}

/** The database's unique-index refusal (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** PostgreSQL chose this transaction as a deadlock's victim and rolled it back (SQLSTATE 40P01). */
export function isDeadlockVictim(error: unknown): boolean {
  return hasSqlState(error, '40P01');
}
