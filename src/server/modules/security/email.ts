import { and, eq, ne } from 'drizzle-orm';
import type { TransactionType } from '../../../contract/security';
import { userSecurity } from '../../db/schema/security';
import type { SecurityContext } from './context';
import { checkEmailCode, confirmEmailPurpose, sendEmailCode } from './email-codes';
import { securityErrors } from './errors';
import { securityRow, updateSecurityRow } from './store';
import { issueToken } from './tokens';

async function confirmedElsewhere(context: SecurityContext, userId: number, email: string): Promise<boolean> {
  const [other] = await context.db
    .select({ userId: userSecurity.userId })
    .from(userSecurity)
    .where(and(eq(userSecurity.email, email), eq(userSecurity.emailConfirmed, true), ne(userSecurity.userId, userId)))
    .limit(1);
  return other !== undefined;
}

/**
 * verify-email / change-email: mails a code to the address. Without a confirmed address the new
 * one is shown as the unconfirmed e-mail at once; a confirmed address stays until the new one is
 * confirmed.
 */
export async function verifyEmail(context: SecurityContext, userId: number, email: string): Promise<{ id: string }> {
  const row = await securityRow(context.db, userId);
  if (row.emailConfirmed && row.email === email) throw securityErrors.emailAlreadyConfirmed();
  if (await confirmedElsewhere(context, userId, email)) throw securityErrors.emailInUse();
  const answer = await sendEmailCode(context, userId, confirmEmailPurpose, email);
  if (!row.emailConfirmed) await updateSecurityRow(context.db, userId, { email }, context.now());
  return answer;
}

/** confirm-email: the code makes its address the confirmed backup e-mail. */
export async function confirmEmail(
  context: SecurityContext,
  userId: number,
  input: { readonly id: string; readonly code: string },
): Promise<{ result: boolean }> {
  const { email } = await checkEmailCode(context, userId, input, (purpose) => purpose === confirmEmailPurpose);
  if (await confirmedElsewhere(context, userId, email)) throw securityErrors.emailInUse();
  await updateSecurityRow(context.db, userId, { email, emailConfirmed: true }, context.now());
  return { result: true };
}

/** send-email-code: a code to the confirmed backup e-mail for a transaction type. */
export async function sendTransactionCode(
  context: SecurityContext,
  userId: number,
  transactionType: TransactionType,
): Promise<{ id: string }> {
  const row = await securityRow(context.db, userId);
  if (!row.emailConfirmed || row.email === null) throw securityErrors.emailNotSet();
  return sendEmailCode(context, userId, transactionType, row.email);
}

/** verify-email-code: the code → a mail confirmation token bound to the code's transaction type. */
export async function emailCodeToken(
  context: SecurityContext,
  userId: number,
  input: { readonly id: string; readonly code: string },
): Promise<{ token: string }> {
  const { purpose } = await checkEmailCode(context, userId, input, (candidate) => candidate !== confirmEmailPurpose);
  const token = await issueToken(context.db, { userId, kind: 'mail', transactionType: purpose }, context.now());
  return { token };
}
