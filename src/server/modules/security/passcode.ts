import { eq } from 'drizzle-orm';
import type { TransactionType } from '../../../contract/security';
import { userSecurity } from '../../db/schema/security';
import { ApiError } from '../../http/api-error';
import { revokeAllBiometrics } from './biometric';
import type { SecurityContext } from './context';
import { securityErrors } from './errors';
import { hashSecret, verifySecret } from './hashing';
import { afterFailure, afterSuccess, clearedLock, type LockState, lockStatus, maxFailedAttempts } from './lockout';
import { passCodeBotMessage, recoveryBotMessage, userLanguage } from './messages';
import { holdOutflows } from './outflow-hold';
import { endOtherSessions } from './sessions';
import { type SecurityRow, securityRow, updateSecurityRow } from './store';
import { reportLink } from './takeover';
import { consumeToken, consumeTokenOfKind, issueToken, voidTokens } from './tokens';

/** The path of the bot's confirmation link (outside the API: a person opens it). */
export const passCodeConfirmPath = '/confirm/pass-code';

function sameLockState(a: LockState, b: LockState): boolean {
  const sameTime = (x: Date | null, y: Date | null) =>
    x === null ? y === null : y !== null && x.getTime() === y.getTime();
  return (
    a.failedAttempts === b.failedAttempts &&
    a.lockouts === b.lockouts &&
    sameTime(a.lockedUntil, b.lockedUntil) &&
    sameTime(a.lockoutWindowStart, b.lockoutWindowStart)
  );
}

function lockStateOf(row: SecurityRow): LockState {
  return {
    failedAttempts: row.failedAttempts,
    lockedUntil: row.lockedUntil,
    lockouts: row.lockouts,
    lockoutWindowStart: row.lockoutWindowStart,
  };
}

/**
 * set-passcode: needs a confirmed backup e-mail and no active passcode. The code stays pending
 * until the user opens the bot's confirmation link; setting again replaces the pending one.
 */
export async function setPassCode(context: SecurityContext, userId: number, code: string, origin: string) {
  const now = context.now();
  const row = await securityRow(context.db, userId);
  if (!row.emailConfirmed) throw securityErrors.emailNotConfirmed();
  if (row.passCodeHash !== null) throw securityErrors.passCodeAlreadySet();
  await updateSecurityRow(context.db, userId, { pendingPassCodeHash: await hashSecret(code) }, now);
  await voidTokens(context.db, userId, 'bot_pass_code', now);
  const token = await issueToken(context.db, { userId, kind: 'bot_pass_code' }, now);
  const message = passCodeBotMessage(await userLanguage(context.db, userId));
  const url = `${context.publicUrl ?? origin}${passCodeConfirmPath}?token=${encodeURIComponent(token)}`;
  try {
    await context.botApi.sendMessage({
      chat_id: userId,
      text: message.text,
      reply_markup: { inline_keyboard: [[{ text: message.button, url }]] },
    });
  } catch {
    throw securityErrors.botUnavailable();
  }
  return { result: true };
}

/** The bot's link: makes the pending passcode the active one. Answers whether it did. */
export async function confirmPendingPassCode(context: SecurityContext, token: string): Promise<boolean> {
  const now = context.now();
  const userId = await consumeTokenOfKind(context.db, token, 'bot_pass_code', now);
  if (userId === null) return false;
  const row = await securityRow(context.db, userId);
  if (row.pendingPassCodeHash === null) return false;
  await updateSecurityRow(
    context.db,
    userId,
    { passCodeHash: row.pendingPassCodeHash, pendingPassCodeHash: null, ...clearedLock },
    now,
  );
  if (row.passCodeHash !== null) {
    // A recovery replaced an active passcode: biometrics bound to the old one go, and money
    // stays in for 24 h so the owner can still report a takeover.
    await revokeAllBiometrics(context.db, userId);
    await holdOutflows(context.db, userId, now);
  }
  return true;
}

type CheckOutcome =
  | { readonly kind: 'ok'; readonly token: string }
  | { readonly kind: 'not_set' }
  | { readonly kind: 'locked'; readonly seconds: number }
  | { readonly kind: 'exhausted' }
  | { readonly kind: 'wrong'; readonly attemptsLeft: number };

/** How often a check starts over when the passcode changes while it is being verified. */
const maxCheckRounds = 3;

/**
 * verify-passcode: a right code answers a confirmation token bound to the transaction type and
 * hash; wrong codes count towards the lockout.
 *
 * argon2 runs outside any transaction (PGlite runs one transaction at a time, so a hash inside
 * one would stall every other user): the hash and the lock are read, the code is verified, and
 * the result is applied in a short transaction that locks the row and re-checks it. A passcode
 * changed meanwhile starts the check over; a lock that began meanwhile refuses even a right code;
 * the counters move from the locked row's values, so concurrent wrong guesses count one by one.
 */
export async function passCodeToken(
  context: SecurityContext,
  userId: number,
  input: { readonly code: string; readonly transactionType: TransactionType; readonly hash: string },
): Promise<{ token: string }> {
  const now = context.now();
  let outcome: CheckOutcome | 'changed' = 'changed';
  for (let round = 0; round < maxCheckRounds && outcome === 'changed'; round += 1) {
    // A plain read: a user without a row has no passcode, so nothing is created here.
    const [seen] = await context.db.select().from(userSecurity).where(eq(userSecurity.userId, userId));
    if (seen === undefined || seen.passCodeHash === null) {
      outcome = { kind: 'not_set' };
      break;
    }
    const before = lockStatus(lockStateOf(seen), now);
    if (before.kind !== 'open') {
      outcome = before;
      break;
    }
    const verifiedHash = seen.passCodeHash;
    const right = await verifySecret(verifiedHash, input.code);
    outcome = await context.db.transaction(async (tx): Promise<CheckOutcome | 'changed'> => {
      const [row] = await tx.select().from(userSecurity).where(eq(userSecurity.userId, userId)).for('update');
      if (row === undefined || row.passCodeHash === null) return { kind: 'not_set' };
      if (row.passCodeHash !== verifiedHash) return 'changed';
      const state = lockStateOf(row);
      const current = lockStatus(state, now);
      if (current.kind !== 'open') return current;
      if (right) {
        const next = afterSuccess(state, now);
        if (!sameLockState(next, state)) await updateSecurityRow(tx, userId, next, now);
        const token = await issueToken(
          tx,
          { userId, kind: 'confirmation', transactionType: input.transactionType, operationHash: input.hash },
          now,
        );
        return { kind: 'ok', token };
      }
      const next = afterFailure(state, now);
      await updateSecurityRow(tx, userId, next, now);
      const after = lockStatus(next, now);
      return after.kind === 'open' ? { kind: 'wrong', attemptsLeft: maxFailedAttempts - next.failedAttempts } : after;
    });
  }
  // Only a passcode replaced again and again during one check gets here.
  if (outcome === 'changed') throw new ApiError(409, 'conflict', 'The passcode changed during the check; try again');
  switch (outcome.kind) {
    case 'ok':
      return { token: outcome.token };
    case 'not_set':
      throw securityErrors.passCodeNotSet();
    case 'locked':
      throw securityErrors.tooManyAttempts(outcome.seconds);
    case 'exhausted':
      throw securityErrors.attemptsExhausted();
    case 'wrong':
      throw securityErrors.wrongPassCode(outcome.attemptsLeft);
  }
}

/**
 * forgot-passcode / change-passcode: a mail confirmation token for changePassCode makes the new
 * code pending, like set-passcode: it replaces the active one only once confirmed through the
 * bot's link (then the lock clears, biometrics are revoked and outflows are held for 24 h). The
 * bot's message also carries a "this wasn't me" link, and the user's other sessions end now.
 */
export async function recoverPassCode(
  context: SecurityContext,
  userId: number,
  input: { readonly code: string; readonly mailConfirmationToken: string },
  request: { readonly sessionHash: string | null; readonly origin: string },
) {
  const now = context.now();
  const row = await securityRow(context.db, userId);
  if (row.passCodeHash === null && row.pendingPassCodeHash === null) throw securityErrors.passCodeNotSet();
  const spent = await consumeToken(
    context.db,
    input.mailConfirmationToken,
    { userId, kind: 'mail', transactionTypes: ['changePassCode'] },
    now,
  );
  if (!spent) throw securityErrors.invalidToken();
  await updateSecurityRow(context.db, userId, { pendingPassCodeHash: await hashSecret(input.code) }, now);
  await voidTokens(context.db, userId, 'bot_pass_code', now);
  const token = await issueToken(context.db, { userId, kind: 'bot_pass_code' }, now);
  await endOtherSessions(context.db, userId, request.sessionHash);
  const message = recoveryBotMessage(await userLanguage(context.db, userId));
  const confirmUrl = `${context.publicUrl ?? request.origin}${passCodeConfirmPath}?token=${encodeURIComponent(token)}`;
  const reportUrl = await reportLink(context, userId, request.origin);
  try {
    await context.botApi.sendMessage({
      chat_id: userId,
      text: message.text,
      reply_markup: {
        inline_keyboard: [[{ text: message.confirm, url: confirmUrl }], [{ text: message.report, url: reportUrl }]],
      },
    });
  } catch {
    throw securityErrors.botUnavailable();
  }
  return { result: true };
}

/** For the operations that need a passcode: spends a confirmation token bound to them. */
export function spendConfirmationToken(
  context: SecurityContext,
  userId: number,
  token: string,
  binding: { readonly transactionTypes: readonly TransactionType[]; readonly hash?: string },
): Promise<boolean> {
  return consumeToken(
    context.db,
    token,
    {
      userId,
      kind: 'confirmation',
      transactionTypes: binding.transactionTypes,
      ...(binding.hash === undefined ? {} : { operationHash: binding.hash }),
    },
    context.now(),
  );
}
