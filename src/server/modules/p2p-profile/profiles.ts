import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pProfiles } from '../../db/schema/p2p-profile';
import { generateUsername } from './usernames';

export type ProfileRow = typeof p2pProfiles.$inferSelect;

/** Public ids are drawn from here: large enough that they cannot be walked, small enough for an int column. */
const publicIdRange = { min: 10_000_000, max: 2_147_483_647 } as const;

/** Generated usernames collide rarely; this many tries in a row all colliding means something is wrong. */
const maxCreateAttempts = 20;

function profilesOf(db: Database, userIds: readonly number[]): Promise<ProfileRow[]> {
  return db
    .select()
    .from(p2pProfiles)
    .where(inArray(p2pProfiles.userId, [...userIds]));
}

/**
 * The market profiles of these users, creating the missing ones (docs/p2p.md "Profiles"): a
 * random public id and a generated username. A creation that collides on either, or races
 * another request creating the same user's profile, is retried; the row that won is answered.
 * The users must exist.
 */
export async function ensureProfiles(
  db: Database,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, ProfileRow>> {
  const wanted = [...new Set(userIds)];
  const found = new Map<number, ProfileRow>();
  if (wanted.length === 0) return found;
  for (let attempt = 0; ; attempt += 1) {
    for (const row of await profilesOf(
      db,
      wanted.filter((id) => !found.has(id)),
    ))
      found.set(row.userId, row);
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    if (attempt === maxCreateAttempts) throw new Error('Could not create a market profile with a free username');
    await db
      .insert(p2pProfiles)
      .values(
        missing.map((userId) => ({
          userId,
          publicId: randomInt(publicIdRange.min, publicIdRange.max),
          username: generateUsername(),
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The user's market profile, created on first use. */
export async function ensureProfile(db: Database, userId: number, now: Date): Promise<ProfileRow> {
  const row = (await ensureProfiles(db, [userId], now)).get(userId);
  if (row === undefined) throw new Error('A market profile was neither found nor created');
  return row;
}
