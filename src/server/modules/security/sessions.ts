import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionItem } from '../../../contract/security';
import type { Database } from '../../db/database';
import { sessions } from '../../db/schema/users';
import { bearerToken, cookieToken } from '../../http/authenticate';
import { hashSessionToken, type SessionPolicy } from '../auth/sessions';
import { securityErrors } from './errors';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored hash of the session token this request authenticated with (bearer first, as `authenticate`). */
export function requestSessionHash(request: FastifyRequest): string | null {
  const token = bearerToken(request) ?? cookieToken(request);
  return token === undefined ? null : hashSessionToken(token);
}

/** The user's live sessions, most recently used first; the request's own is `current`. */
export async function listSessions(
  db: Database,
  userId: number,
  currentHash: string | null,
  now: Date,
  policy: SessionPolicy,
): Promise<{ sessions: SessionItem[] }> {
  const idleSince = new Date(now.getTime() - policy.idleTimeoutMs);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      platform: row.platform,
      device: row.device,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: currentHash !== null && row.tokenHash === currentHash,
    })),
  };
}

/** Ends one session of the user; an unknown id or another user's is 404. */
export async function endSession(db: Database, userId: number, sessionId: string): Promise<{ result: boolean }> {
  if (!uuidPattern.test(sessionId)) throw securityErrors.sessionNotFound();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw securityErrors.sessionNotFound();
  return { result: true };
}

/** Ends every session of the user except the one with this token hash (all of them when null). */
export async function endOtherSessions(db: Database, userId: number, keepHash: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      keepHash === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
