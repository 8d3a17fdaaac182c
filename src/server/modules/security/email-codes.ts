import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { resendWaitMs } from '../../../contract/security';
import { emailCodes } from '../../db/schema/security';
import { countHits, secondsUntil } from '../../http/rate-limit';
import type { SecurityContext } from './context';
import { securityErrors } from './errors';
import { hashSecret, verifySecret } from './hashing';
import { codeMail, userLanguage } from './messages';

/** A code lives 10 minutes and allows 5 guesses. */
export const emailCodeLifetimeMs = 10 * 60_000;
export const maxCodeGuesses = 5;
/** The purpose of the code that confirms the backup e-mail itself. */
export const confirmEmailPurpose = 'confirm_email';
/**
 * The purpose of the code sent to a new address that replaces a confirmed one (flow
 * `change_email`): only a call that showed the confirmations gets one, and only it may replace
 * a confirmed address. First addresses (flow `create_email`) use `confirm_email`.
 */
export const changeEmailPurpose = 'confirm_new_email';

/**
 * The 60 s resend window a code counts in: `account`, one for every code of the user whatever
 * its purpose, so a burst of sends of any kinds mails one code. An `authorised` send (an e-mail
 * change that has shown the passcode, or the old address's code, so a stolen session cannot
 * reach it) counts in a window of its own purpose instead, so the person is not kept waiting
 * behind the code they were sent a moment ago.
 */
export type ResendWindow = 'account' | 'authorised';

function resendWindowKey(userId: number, purpose: string, window: ResendWindow): string {
  return window === 'authorised' ? `email_code_resend:user:${userId}:${purpose}` : `email_code_resend:user:${userId}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Mails a fresh 6-digit code (argon2id-hashed in the database) and answers its id. A user gets
 * at most one code per 60 s (see {@link resendWindowKey}; the hourly cap in the rate limits
 * counts every code); a new code voids the older ones of its purpose.
 */
export async function sendEmailCode(
  context: SecurityContext,
  userId: number,
  purpose: string,
  email: string,
  window: ResendWindow = purpose === changeEmailPurpose ? 'authorised' : 'account',
): Promise<{ id: string }> {
  const now = context.now();
  // Claimed in one atomic upsert before anything is sent: of any number of parallel requests
  // (on any server instance) exactly one sends a code in a 60 s window.
  const [claim] = await countHits(
    context.db,
    [{ key: resendWindowKey(userId, purpose, window), windowMs: resendWaitMs }],
    now,
  );
  if (claim === undefined) throw new Error('The resend counter was not stored');
  if (claim.hits > 1) throw securityErrors.resendTooSoon(secondsUntil(claim.resetAt, now));
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

/**
 * Checks a code: a right one is spent and answers its purpose and address; a wrong one uses
 * up a guess. Unknown, used, expired, used-up codes and codes of another purpose are 404.
 *
 * argon2 runs outside any transaction: the code's hash never changes, so it is read, verified,
 * and the result applied by one atomic update that re-checks the code is still live. Parallel
 * wrong guesses each add one attempt; none passes the 5th, and a right code after them is 404.
 */
export async function checkEmailCode(
  context: SecurityContext,
  userId: number,
  input: { readonly id: string; readonly code: string },
  accepts: (purpose: string) => boolean,
): Promise<{ readonly email: string; readonly purpose: string }> {
  const now = context.now();
  if (!uuidPattern.test(input.id)) throw securityErrors.codeNotFound();
  const live = and(
    eq(emailCodes.id, input.id),
    eq(emailCodes.userId, userId),
    isNull(emailCodes.usedAt),
    gt(emailCodes.expiresAt, now),
    lt(emailCodes.attempts, maxCodeGuesses),
  );
  const [row] = await context.db
    .select({ purpose: emailCodes.purpose, codeHash: emailCodes.codeHash })
    .from(emailCodes)
    .where(live);
  if (row === undefined || !accepts(row.purpose)) throw securityErrors.codeNotFound();
  if (await verifySecret(row.codeHash, input.code)) {
    const [spent] = await context.db
      .update(emailCodes)
      .set({ usedAt: now })
      .where(live)
      .returning({ email: emailCodes.email, purpose: emailCodes.purpose });
    if (spent === undefined) throw securityErrors.codeNotFound();
    return spent;
  }
  const [guessed] = await context.db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(live)
    .returning({ attempts: emailCodes.attempts });
  if (guessed === undefined) throw securityErrors.codeNotFound();
  throw securityErrors.wrongCode(maxCodeGuesses - guessed.attempts);
}
