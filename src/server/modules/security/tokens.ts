import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { securityTokens } from '../../db/schema/security';

export type TokenKind = (typeof securityTokens.$inferInsert)['kind'];

/** How long each kind of single-use token lives. */
export const tokenLifetimesMs: Readonly<Record<TokenKind, number>> = {
  /** A passcode (or biometric) confirmation token: spent on the operation right after. */
  confirmation: 5 * 60_000,
  /** A mail confirmation token: spent on the step that follows the e-mail code. */
  mail: 10 * 60_000,
  /** The bot chat's link that activates a new passcode. */
  bot_pass_code: 24 * 60 * 60_000,
  /** "This wasn't me" in the bot's and the old address's notice of a recovery or e-mail change. */
  report_takeover: 7 * 24 * 60 * 60_000,
};

/** 32 random bytes, base64url: unguessable, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface TokenBinding {
  readonly userId: number;
  readonly kind: TokenKind;
  readonly transactionType?: string;
  readonly operationHash?: string;
}

/** Issues a single-use token; only its SHA-256 is stored. Answers the raw token. */
export async function issueToken(db: Database, binding: TokenBinding, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(securityTokens).values({
    tokenHash: sha256(token),
    userId: binding.userId,
    kind: binding.kind,
    transactionType: binding.transactionType ?? null,
    operationHash: binding.operationHash ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + tokenLifetimesMs[binding.kind]),
  });
  return token;
}

export interface TokenUse {
  readonly userId: number;
  readonly kind: TokenKind;
  /** Any of these transaction types; omitted: not checked. */
  readonly transactionTypes?: readonly string[];
  /** The operation hash it must be bound to; omitted: not checked. */
  readonly operationHash?: string;
}

/**
 * Spends a token in one atomic update: it must exist, be unused, unexpired and bound to the
 * user, kind, transaction type and hash given. Answers whether it was spent now.
 */
export async function consumeToken(db: Database, token: string, use: TokenUse, now: Date): Promise<boolean> {
  const [row] = await db
    .update(securityTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(securityTokens.tokenHash, sha256(token)),
        eq(securityTokens.userId, use.userId),
        eq(securityTokens.kind, use.kind),
        isNull(securityTokens.usedAt),
        gt(securityTokens.expiresAt, now),
      ),
    )
    .returning();
  if (row === undefined) return false;
  const typeMatches = use.transactionTypes === undefined || use.transactionTypes.includes(row.transactionType ?? '');
  const hashMatches = use.operationHash === undefined || row.operationHash === use.operationHash;
  // A token presented for the wrong operation is burnt anyway: it was exposed to a wrong use.
  return typeMatches && hashMatches;
}

/** Spends a token whatever it is bound to, answering its owner (bot confirmation links). */
export async function consumeTokenOfKind(
  db: Database,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(securityTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(securityTokens.tokenHash, sha256(token)),
        eq(securityTokens.kind, kind),
        isNull(securityTokens.usedAt),
        gt(securityTokens.expiresAt, now),
      ),
    )
    .returning({ userId: securityTokens.userId });
  return row?.userId ?? null;
}

/** Voids the user's unused tokens of a kind (a newer one replaces them). */
export async function voidTokens(db: Database, userId: number, kind: TokenKind, now: Date): Promise<void> {
  await db
    .update(securityTokens)
    .set({ usedAt: now })
    .where(and(eq(securityTokens.userId, userId), eq(securityTokens.kind, kind), isNull(securityTokens.usedAt)));
}
