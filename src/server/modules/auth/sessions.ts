import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions } from '../../db/schema/users';

/** The HttpOnly cookie the web wallet keeps its session token in. */
export const sessionCookieName = 'kopilka_session';

/** How long a session lives after sign-in. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** last_seen_at is refreshed at most this often, so reads do not all turn into writes. */
const lastSeenResolutionMs = 5 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface NewSession {
  /** The raw token: handed to the client once, never stored. */
  readonly token: string;
  readonly expiresAt: Date;
}

/** Opens a session for a user and returns its token (256 random bits, base64url). */
export async function createSession(
  db: Database,
  userId: number,
  options: { readonly now?: Date; readonly lifetimeMs?: number } = {},
): Promise<NewSession> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (options.lifetimeMs ?? sessionLifetimeMs));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/** The user a live session token belongs to, or null for an unknown or expired token. */
export async function findSessionUser(db: Database, token: string, now: Date = new Date()): Promise<number | null> {
  const tokenHash = hashToken(token);
  const [session] = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  // The index lookup found the row; the constant-time comparison keeps the final match from
  // leaking how much of a guessed hash was right.
  if (session === undefined || !timingSafeEqual(Buffer.from(session.tokenHash, 'hex'), Buffer.from(tokenHash, 'hex'))) {
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > lastSeenResolutionMs) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, session.id), lt(sessions.lastSeenAt, now)));
  }
  return session.userId;
}

/** Ends a session (sign-out); unknown tokens are ignored. */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
