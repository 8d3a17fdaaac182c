import { eq } from 'drizzle-orm';
import type { Language } from '../../../contract/settings';
import type { User } from '../../../contract/user';
import type { Database } from '../../db/database';
import { userSettings, users } from '../../db/schema/users';
import { unauthorized } from '../../http/api-error';
import { newInviteHash } from './invite-hash';

export interface UserProfile {
  /** The Telegram user id. */
  readonly id: number;
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
  readonly photoUrl?: string | null;
  /** Telegram Premium: only the mini app's init data says; undefined keeps what is stored. */
  readonly isPremium?: boolean;
  /** The language of a new user's settings; a returning user keeps the one they chose. */
  readonly language?: Language;
}

/** Telegram's language_code → our language: Russian for `ru…`, English otherwise. */
export function languageFromCode(code: string | null | undefined): Language {
  return code?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/**
 * Creates the user, or refreshes the profile of a returning one, and makes sure the user has a
 * settings row (default settings and the given language on first sign-in; existing settings are
 * left alone). A new user also gets their own invite hash.
 */
export async function upsertUser(db: Database, profile: UserProfile, now: Date = new Date()): Promise<void> {
  const fields = {
    firstName: profile.firstName,
    lastName: profile.lastName ?? null,
    username: profile.username ?? null,
    photoUrl: profile.photoUrl ?? null,
    ...(profile.isPremium === undefined ? {} : { isPremium: profile.isPremium }),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ id: profile.id, ...fields, inviteHash: newInviteHash(), createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: users.id, set: { ...fields, updatedAt: now } });
    await tx
      .insert(userSettings)
      .values({ userId: profile.id, language: profile.language ?? 'en', updatedAt: now })
      .onConflictDoNothing();
  });
}

/** The signed-in person's profile: Telegram's names and photo, and their language and zone. */
export async function getUserProfile(db: Database, userId: number): Promise<User> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      photoUrl: users.photoUrl,
      language: userSettings.language,
      timezone: userSettings.timezone,
    })
    .from(users)
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (row === undefined) throw unauthorized();
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    photo_url: { small: row.photoUrl },
    language: row.language === 'ru' ? 'ru' : 'en',
    timezone: row.timezone,
  };
}
