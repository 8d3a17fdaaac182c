import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userSecurity } from '../../db/schema/security';

export type SecurityRow = typeof userSecurity.$inferSelect;

/** The user's security row, created empty on first use. */
export async function securityRow(db: Database, userId: number): Promise<SecurityRow> {
  await db.insert(userSecurity).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(userSecurity).where(eq(userSecurity.userId, userId));
  if (row === undefined) throw new Error(`No security row for user ${userId}`);
  return row;
}

export async function updateSecurityRow(
  db: Database,
  userId: number,
  values: Partial<Omit<SecurityRow, 'userId'>>,
  now: Date,
): Promise<void> {
  await db
    .update(userSecurity)
    .set({ ...values, updatedAt: now })
    .where(eq(userSecurity.userId, userId));
}
