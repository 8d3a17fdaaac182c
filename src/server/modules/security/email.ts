import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { TransactionType } from '../../../contract/security';
import { emailCodes, securityTokens, userSecurity } from '../../db/schema/security';
import type { SecurityContext } from './context';
import { changeEmailPurpose, checkEmailCode, confirmEmailPurpose, sendEmailCode } from './email-codes';
import { securityErrors } from './errors';
import { holdOutflows } from './outflow-hold';
import { endOtherSessions } from './sessions';
import { securityRow, updateSecurityRow } from './store';
import { noticeEmailChange } from './takeover';
import { consumeToken, issueToken, sha256, type TokenKind } from './tokens';

/** The transaction type of the passcode and mail confirmation tokens of an e-mail change. */
export const changeEmailTransaction = 'change_email';

/** Codes that confirm an address rather than buying a mail confirmation token. */
const addressPurposes = [confirmEmailPurpose, changeEmailPurpose];

async function confirmedElsewhere(context: SecurityContext, userId: number, email: string): Promise<boolean> {
  const [other] = await context.db
    .select({ userId: userSecurity.userId })
    .from(userSecurity)
    .where(and(eq(userSecurity.email, email), eq(userSecurity.emailConfirmed, true), ne(userSecurity.userId, userId)))
    .limit(1);
  return other !== undefined;
}

/** Whether a token would be spent now (without spending it), so a refused send keeps it. */
async function isLiveToken(
  context: SecurityContext,
  userId: number,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<boolean> {
  const [row] = await context.db
    .select({ id: securityTokens.id })
    .from(securityTokens)
    .where(
      and(
        eq(securityTokens.tokenHash, sha256(token)),
        eq(securityTokens.userId, userId),
        eq(securityTokens.kind, kind),
        eq(securityTokens.transactionType, changeEmailTransaction),
        isNull(securityTokens.usedAt),
        gt(securityTokens.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/**
 * The latest unused, unexpired change code for this address: the owner already showed the
 * confirmations for it, so a resend needs none (the resent code keeps the first one's expiry).
 */
async function authorisedChange(context: SecurityContext, userId: number, email: string, now: Date) {
  const [row] = await context.db
    .select({ expiresAt: emailCodes.expiresAt, email: emailCodes.email, usedAt: emailCodes.usedAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, changeEmailPurpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (row === undefined || row.usedAt !== null || row.email !== email) return null;
  return row.expiresAt.getTime() > now.getTime() ? row : null;
}

export interface VerifyEmailInput {
  readonly email: string;
  readonly passCodeConfirmationToken?: string | undefined;
  readonly mailConfirmationToken?: string | undefined;
}

/**
 * verify-email / change-email: mails a code to the address.
 * - No confirmed address (create_email): the new one is shown as the unconfirmed e-mail at once.
 * - A confirmed address (change_email): it stays until the new one is confirmed, and the call
 *   must show a mail confirmation token for change_email (a code sent to the current address)
 *   and, while a passcode is active, a passcode confirmation token for change_email. Both are
 *   checked before the code is sent and spent after, so a 429 keeps them for the retry.
 */
export async function verifyEmail(
  context: SecurityContext,
  userId: number,
  input: VerifyEmailInput,
): Promise<{ id: string }> {
  const now = context.now();
  const { email } = input;
  const row = await securityRow(context.db, userId);
  if (row.emailConfirmed && row.email === email) throw securityErrors.emailAlreadyConfirmed();
  if (await confirmedElsewhere(context, userId, email)) throw securityErrors.emailInUse();
  if (!row.emailConfirmed) {
    const answer = await sendEmailCode(context, userId, confirmEmailPurpose, email);
    await updateSecurityRow(context.db, userId, { email }, now);
    return answer;
  }

  const passCodeToken = input.passCodeConfirmationToken;
  const mailToken = input.mailConfirmationToken;
  if (passCodeToken === undefined && mailToken === undefined) {
    const earlier = await authorisedChange(context, userId, email, now);
    if (earlier !== null) {
      const answer = await sendEmailCode(context, userId, changeEmailPurpose, email);
      await context.db.update(emailCodes).set({ expiresAt: earlier.expiresAt }).where(eq(emailCodes.id, answer.id));
      return answer;
    }
  }
  const needsPassCode = row.passCodeHash !== null;
  if ((needsPassCode && passCodeToken === undefined) || mailToken === undefined) {
    throw securityErrors.confirmationRequired({ passCode: needsPassCode, email: true });
  }
  const spend = async (): Promise<boolean> => {
    const mail = await consumeToken(
      context.db,
      mailToken,
      { userId, kind: 'mail', transactionTypes: [changeEmailTransaction] },
      now,
    );
    const passCode =
      !needsPassCode ||
      (passCodeToken !== undefined &&
        (await consumeToken(
          context.db,
          passCodeToken,
          { userId, kind: 'confirmation', transactionTypes: [changeEmailTransaction] },
          now,
        )));
    return mail && passCode;
  };
  const live =
    (await isLiveToken(context, userId, mailToken, 'mail', now)) &&
    (!needsPassCode ||
      (passCodeToken !== undefined && (await isLiveToken(context, userId, passCodeToken, 'confirmation', now))));
  if (!live) {
    // Shown for the wrong use: burnt all the same.
    await spend();
    throw securityErrors.invalidToken();
  }
  const answer = await sendEmailCode(context, userId, changeEmailPurpose, email);
  if (!(await spend())) {
    // Spent by a parallel request in between: this code buys nothing.
    await context.db.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, answer.id));
    throw securityErrors.invalidToken();
  }
  return answer;
}

/**
 * confirm-email: the code makes its address the confirmed backup e-mail. A first address's code
 * works only while no address is confirmed; a change code replaces the confirmed address, holds
 * outflows for 24 h, ends the user's other sessions and tells the bot chat and the old address.
 */
export async function confirmEmail(
  context: SecurityContext,
  userId: number,
  input: { readonly id: string; readonly code: string },
  request: { readonly sessionHash: string | null; readonly origin: string },
): Promise<{ readonly answer: { result: boolean }; readonly failedNotices: readonly string[] }> {
  const row = await securityRow(context.db, userId);
  const { email, purpose } = await checkEmailCode(
    context,
    userId,
    input,
    (candidate) => candidate === changeEmailPurpose || (candidate === confirmEmailPurpose && !row.emailConfirmed),
  );
  if (await confirmedElsewhere(context, userId, email)) throw securityErrors.emailInUse();
  const now = context.now();
  await updateSecurityRow(context.db, userId, { email, emailConfirmed: true }, now);
  const oldEmail = row.emailConfirmed ? row.email : null;
  if (purpose !== changeEmailPurpose || oldEmail === null || oldEmail === email) {
    return { answer: { result: true }, failedNotices: [] };
  }
  await holdOutflows(context.db, userId, now);
  await endOtherSessions(context.db, userId, request.sessionHash);
  // Codes mailed to the old address buy nothing any more.
  await context.db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.userId, userId), isNull(emailCodes.usedAt), eq(emailCodes.email, oldEmail)));
  const failedNotices = await noticeEmailChange(context, userId, { oldEmail, newEmail: email }, request.origin);
  return { answer: { result: true }, failedNotices };
}

/**
 * send-email-code: a code to the confirmed backup e-mail for a transaction type. An e-mail
 * change that shows a live passcode confirmation token for `change_email` (checked, not spent:
 * verify-email spends it) sends in its own resend window.
 */
export async function sendTransactionCode(
  context: SecurityContext,
  userId: number,
  transactionType: TransactionType,
  passCodeToken?: string,
): Promise<{ id: string }> {
  const row = await securityRow(context.db, userId);
  if (!row.emailConfirmed || row.email === null) throw securityErrors.emailNotSet();
  const authorised =
    transactionType === changeEmailTransaction &&
    passCodeToken !== undefined &&
    (await isLiveToken(context, userId, passCodeToken, 'confirmation', context.now()));
  return sendEmailCode(context, userId, transactionType, row.email, authorised ? 'authorised' : 'account');
}

/** verify-email-code: the code → a mail confirmation token bound to the code's transaction type. */
export async function emailCodeToken(
  context: SecurityContext,
  userId: number,
  input: { readonly id: string; readonly code: string },
): Promise<{ token: string }> {
  const { purpose } = await checkEmailCode(context, userId, input, (candidate) => !addressPurposes.includes(candidate));
  const token = await issueToken(context.db, { userId, kind: 'mail', transactionType: purpose }, context.now());
  return { token };
}
