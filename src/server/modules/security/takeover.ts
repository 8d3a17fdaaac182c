import { eq } from 'drizzle-orm';
import { userSettings } from '../../db/schema/users';
import { revokeAllBiometrics } from './biometric';
import type { SecurityContext } from './context';
import { emailChangedBotMessage, emailChangedMail, userLanguage } from './messages';
import { endOtherSessions } from './sessions';
import { securityRow, updateSecurityRow } from './store';
import { consumeTokenOfKind, issueToken, voidTokens } from './tokens';

/** The path of the "this wasn't me" link (outside the API: a person opens it). */
export const reportTakeoverPath = '/report/takeover';

/** A fresh single-use "this wasn't me" link (7 days; only its SHA-256 is stored). */
export async function reportLink(context: SecurityContext, userId: number, origin: string): Promise<string> {
  const token = await issueToken(context.db, { userId, kind: 'report_takeover' }, context.now());
  return `${context.publicUrl ?? origin}${reportTakeoverPath}?token=${encodeURIComponent(token)}`;
}

/**
 * Tells the owner at once that the backup e-mail changed: the bot chat and the old address,
 * each with its own "this wasn't me" link. A failing channel does not undo the change (it is
 * done); the other channel still goes. Answers the channels that failed.
 */
export async function noticeEmailChange(
  context: SecurityContext,
  userId: number,
  change: { readonly oldEmail: string; readonly newEmail: string },
  origin: string,
): Promise<readonly ('bot' | 'mail')[]> {
  const language = await userLanguage(context.db, userId);
  const botMessage = emailChangedBotMessage(language, change.newEmail);
  const botLink = await reportLink(context, userId, origin);
  const mail = emailChangedMail(language, change.newEmail, await reportLink(context, userId, origin));
  const sent = await Promise.allSettled([
    context.botApi.sendMessage({
      chat_id: userId,
      text: botMessage.text,
      reply_markup: { inline_keyboard: [[{ text: botMessage.report, url: botLink }]] },
    }),
    context.mailer.send({ userId, to: change.oldEmail, ...mail }),
  ]);
  const channels = ['bot', 'mail'] as const;
  return channels.filter((_, index) => sent[index]?.status === 'rejected');
}

/**
 * The "this wasn't me" button: spends the link and sets the compliance lock (no withdrawals or
 * trading until support looks), ends every session of the user, voids a pending passcode and its
 * bot link, and revokes biometric tokens. Answers whether the link was valid.
 */
export async function reportTakeover(context: SecurityContext, token: string): Promise<boolean> {
  const now = context.now();
  // One transaction: a spent link always leaves the account locked, never half-done by a crash.
  return context.db.transaction(async (tx) => {
    const userId = await consumeTokenOfKind(tx, token, 'report_takeover', now);
    if (userId === null) return false;
    await tx.update(userSettings).set({ complianceLock: true, updatedAt: now }).where(eq(userSettings.userId, userId));
    await endOtherSessions(tx, userId, null);
    await securityRow(tx, userId);
    await updateSecurityRow(tx, userId, { pendingPassCodeHash: null }, now);
    await voidTokens(tx, userId, 'bot_pass_code', now);
    await revokeAllBiometrics(tx, userId);
    return true;
  });
}
