import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { resendWaitMs } from '../../../contract/security';
import { emailCodes } from '../../db/schema/security';
import type { SecurityContext } from './context';
import { securityErrors } from './errors';
import { hashSecret, verifySecret } from './hashing';
import { codeMail, userLanguage } from './messages';

/** A code lives 10 minutes and allows 5 guesses. */
export const emailCodeLifetimeMs = 10 * 60_000;
export const maxCodeGuesses = 5;
/** The purpose of the code that confirms the backup e-mail itself. */
export const confirmEmailPurpose = 'confirm_email';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Mails a fresh 6-digit code (argon2id-hashed in the database) and answers its id. A user gets
 * at most one code per 60 s, whatever its purpose; a new code voids the older ones of its purpose.
 */
export async function sendEmailCode(
  context: SecurityContext,
  userId: number,
  purpose: string,
  email: string,
): Promise<{ id: string }> {
  const now = context.now();
  const [last] = await context.db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(eq(emailCodes.userId, userId))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const waitMs = last === undefined ? 0 : last.createdAt.getTime() + resendWaitMs - now.getTime();
  if (waitMs > 0) throw securityErrors.resendTooSoon(Math.ceil(waitMs / 1000));
  await context.db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await context.db
    .insert(emailCodes)
    .values({
      userId,
      purpose,
      email,
      codeHash: await hashSecret(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + emailCodeLifetimeMs),
    })
    .returning({ id: emailCodes.id });
  if (row === undefined) throw new Error('The e-mail code was not stored');
  await context.mailer.send({ userId, to: email, ...codeMail(await userLanguage(context.db, userId), code) });
  return { id: row.id };
}

type CodeOutcome =
  | { readonly kind: 'ok'; readonly email: string; readonly purpose: string }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'wrong'; readonly attemptsLeft: number };

/**
 * Checks a code: a right one is spent and answers its purpose and address; a wrong one uses
 * up a guess. Unknown, used, expired, used-up codes and codes of another purpose are 404.
 */
export async function checkEmailCode(
  context: SecurityContext,
  userId: number,
  input: { readonly id: string; readonly code: string },
  accepts: (purpose: string) => boolean,
): Promise<{ readonly email: string; readonly purpose: string }> {
  const now = context.now();
  if (!uuidPattern.test(input.id)) throw securityErrors.codeNotFound();
  const outcome = await context.db.transaction(async (tx): Promise<CodeOutcome> => {
    const [row] = await tx
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.id, input.id), eq(emailCodes.userId, userId)))
      .for('update');
    if (
      row === undefined ||
      !accepts(row.purpose) ||
      row.usedAt !== null ||
      row.expiresAt.getTime() <= now.getTime() ||
      row.attempts >= maxCodeGuesses
    ) {
      return { kind: 'not_found' };
    }
    if (await verifySecret(row.codeHash, input.code)) {
      await tx.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, row.id));
      return { kind: 'ok', email: row.email, purpose: row.purpose };
    }
    const attempts = row.attempts + 1;
    await tx.update(emailCodes).set({ attempts }).where(eq(emailCodes.id, row.id));
    return { kind: 'wrong', attemptsLeft: maxCodeGuesses - attempts };
  });
  if (outcome.kind === 'not_found') throw securityErrors.codeNotFound();
  if (outcome.kind === 'wrong') throw securityErrors.wrongCode(outcome.attemptsLeft);
  return { email: outcome.email, purpose: outcome.purpose };
}
