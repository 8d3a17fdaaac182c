import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Language } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { userSettings, users } from '../../db/schema/users';
import { upsertUser } from '../users/service';

/** A user as the stand-in lists and signs them. */
export interface LocalUser {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly username: string | null;
  readonly photoUrl: string | null;
  readonly language: Language;
  readonly locked: boolean;
  readonly banned: boolean;
}

export interface NewLocalUser {
  readonly firstName: string;
  readonly lastName: string | null;
  readonly username: string | null;
  readonly language: Language;
  readonly lock: boolean;
  readonly ban: boolean;
  readonly banReason: string | null;
}

const listLimit = 50;

function localUsers(db: Database) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      photoUrl: users.photoUrl,
      language: userSettings.language,
      locked: userSettings.complianceLock,
      banned: userSettings.complianceBan,
    })
    .from(users)
    .innerJoin(userSettings, eq(userSettings.userId, users.id));
}

function toLocalUser(row: Omit<LocalUser, 'language'> & { readonly language: string }): LocalUser {
  return { ...row, language: row.language === 'ru' ? 'ru' : 'en' };
}

/** The most recently active users first. */
export async function listLocalUsers(db: Database): Promise<LocalUser[]> {
  const rows = await localUsers(db).orderBy(desc(users.updatedAt), desc(users.id)).limit(listLimit);
  return rows.map(toLocalUser);
}

export async function findLocalUser(db: Database, id: number): Promise<LocalUser | null> {
  const [row] = await localUsers(db).where(eq(users.id, id));
  return row === undefined ? null : toLocalUser(row);
}

async function unusedUserId(db: Database): Promise<number> {
  for (;;) {
    // Far above the ids people pick by hand in tests, inside Telegram's id range.
    const id = randomInt(5_000_000_000, 5_999_999_999);
    if ((await findLocalUser(db, id)) === null) return id;
  }
}

/** Creates a test user, blocked as asked, so the blocked screens can be tried. */
export async function createLocalUser(db: Database, user: NewLocalUser, now: Date): Promise<LocalUser> {
  const id = await unusedUserId(db);
  await upsertUser(
    db,
    { id, firstName: user.firstName, lastName: user.lastName, username: user.username, language: user.language },
    now,
  );
  if (user.lock || user.ban) {
    await db
      .update(userSettings)
      .set({ complianceLock: user.lock, complianceBan: user.ban, banReason: user.banReason, updatedAt: now })
      .where(eq(userSettings.userId, id));
  }
  return {
    id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    photoUrl: null,
    language: user.language,
    locked: user.lock,
    banned: user.ban,
  };
}
