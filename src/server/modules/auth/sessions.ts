import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { p2pProfiles } from '../../db/schema/p2p-profile';
import { sessions } from '../../db/schema/users';
import { isPresenceDue, recordPresence } from '../p2p-profile/presence';

/** The HttpOnly cookie the web wallet keeps its session token in. */
export const sessionCookieName = 'kopilka_session';

const day = 24 * 60 * 60 * 1000;

/** How long sessions live: idle (since last use) and absolute (since sign-in). */
export interface SessionPolicy {
  readonly idleTimeoutMs: number;
  readonly maxAgeMs: number;
}

export const defaultSessionPolicy: SessionPolicy = { idleTimeoutMs: 7 * day, maxAgeMs: 30 * day };

/** How long a session lives after sign-in, by default. */
export const sessionLifetimeMs = defaultSessionPolicy.maxAgeMs;

/**
 * last_seen_at is refreshed at most this often, so reads do not all turn into writes; never
 * coarser than a tenth of the idle timeout, so an active session never idles out.
 */
function lastSeenResolutionMs(policy: SessionPolicy): number {
  return Math.min(5 * 60 * 1000, Math.floor(policy.idleTimeoutMs / 10));
}

/** The SHA-256 (hex) a session token is stored as. */
export function hashSessionToken(token: string): string {
  return hashToken(token);
}

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
  options: {
    readonly now?: Date;
    readonly lifetimeMs?: number;
    /** `mini_app` or `web`, and a short device label, for the user's list of sessions. */
    readonly platform?: string;
    readonly device?: string;
  } = {},
): Promise<NewSession> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (options.lifetimeMs ?? sessionLifetimeMs));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    platform: options.platform ?? null,
    device: options.device ?? null,
  });
  return { token, expiresAt };
}

/** Every signed-in request runs this lookup: prepared once per database (db/prepared.ts). */
const liveSessionLookup = preparedPerDatabase((db: Database) =>
  db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      marketProfileUserId: p2pProfiles.userId,
      marketLastSeenAt: p2pProfiles.lastSeenAt,
    })
    .from(sessions)
    .leftJoin(p2pProfiles, eq(p2pProfiles.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .prepare('live_session'),
);

/**
 * The user a live session token belongs to, or null for an unknown or expired token. A session
 * is live until its absolute expiry (`expires_at`, sign-in + max age) and while it was used
 * within the idle timeout (`last_seen_at`).
 */
export async function findSessionUser(
  db: Database,
  token: string,
  now: Date = new Date(),
  policy: SessionPolicy = defaultSessionPolicy,
): Promise<number | null> {
  const tokenHash = hashToken(token);
  const idleSince = new Date(now.getTime() - policy.idleTimeoutMs);
  const [session] = await liveSessionLookup(db).execute({
    tokenHash,
    now: now.toISOString(),
    idleSince: idleSince.toISOString(),
  });
  // The index lookup found the row; the constant-time comparison keeps the final match from
  // leaking how much of a guessed hash was right.
  if (session === undefined || !timingSafeEqual(Buffer.from(session.tokenHash, 'hex'), Buffer.from(tokenHash, 'hex'))) {
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > lastSeenResolutionMs(policy)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, session.id), lt(sessions.lastSeenAt, now)));
  }
  // The market's "last seen" (p2p-profile/presence.ts) is finer than the session's idle clock.
  if (session.marketProfileUserId !== null && isPresenceDue(session.marketLastSeenAt, now)) {
    await recordPresence(db, session.userId, now);
  }
  return session.userId;
}

/** Ends a session (sign-out); unknown tokens are ignored. */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Removes a user's sessions that can no longer be used (housekeeping at each sign-in). */
export async function deleteExpiredSessions(
  db: Database,
  userId: number,
  now: Date,
  policy: SessionPolicy = defaultSessionPolicy,
): Promise<void> {
  const idleSince = new Date(now.getTime() - policy.idleTimeoutMs);
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince))));
}
