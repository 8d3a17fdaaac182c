import type { Database } from '../../db/database';
import { userSettings, users } from '../../db/schema/users';

export interface UserProfile {
  /** The Telegram user id. */
  readonly id: number;
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
  readonly photoUrl?: string | null;
}

/**
 * Creates the user, or refreshes the profile of a returning one, and makes sure the user has a
 * settings row (default settings on first sign-in; existing settings are left alone).
 */
export async function upsertUser(db: Database, profile: UserProfile, now: Date = new Date()): Promise<void> {
  const fields = {
    firstName: profile.firstName,
    lastName: profile.lastName ?? null,
    username: profile.username ?? null,
    photoUrl: profile.photoUrl ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ id: profile.id, ...fields, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: users.id, set: { ...fields, updatedAt: now } });
    await tx.insert(userSettings).values({ userId: profile.id, updatedAt: now }).onConflictDoNothing();
  });
}
