import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema/users';

type Language = 'en' | 'ru';

export async function userLanguage(db: Database, userId: number): Promise<Language> {
  const [row] = await db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.language === 'ru' ? 'ru' : 'en';
}

/** The e-mail with a code, in the user's language. */
export function codeMail(language: Language, code: string): { readonly subject: string; readonly text: string } {
  return language === 'ru'
    ? {
        subject: `Код подтверждения Kopilka: ${code}`,
        text: `Ваш код подтверждения: ${code}\n\nКод действует 10 минут. Никому его не сообщайте. Если вы не запрашивали код, просто проигнорируйте это письмо.`,
      }
    : {
        subject: `Your Kopilka confirmation code: ${code}`,
        text: `Your confirmation code is ${code}\n\nIt is valid for 10 minutes. Do not share it with anyone. If you did not ask for it, ignore this e-mail.`,
      };
}

/** The bot's message asking to confirm a new passcode, and its button. */
export function passCodeBotMessage(language: Language): { readonly text: string; readonly button: string } {
  return language === 'ru'
    ? {
        text: 'Вы установили код-пароль в Kopilka. Подтвердите, что это были вы: он заработает после подтверждения.',
        button: 'Подтвердить код-пароль',
      }
    : {
        text: 'You set a passcode in Kopilka. Confirm it was you: the passcode works once confirmed.',
        button: 'Confirm passcode',
      };
}

/** The address with most of its name hidden, for notices: `al***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** The bot's message after a passcode recovery: confirm the new passcode, or report the takeover. */
export function recoveryBotMessage(language: Language): {
  readonly text: string;
  readonly confirm: string;
  readonly report: string;
} {
  return language === 'ru'
    ? {
        text: 'Код-пароль Kopilka сброшен через резервную почту. Новый код-пароль заработает после подтверждения, а вывод средств будет приостановлен на 24 часа. Если это были не вы, нажмите «Это был не я» — мы заблокируем аккаунт и завершим все сеансы.',
        confirm: 'Подтвердить код-пароль',
        report: 'Это был не я',
      }
    : {
        text: 'Your Kopilka passcode was reset through your backup e-mail. The new passcode works once confirmed, and withdrawals pause for 24 hours. If this wasn\'t you, press "This wasn\'t me": we lock the account and end every session.',
        confirm: 'Confirm passcode',
        report: "This wasn't me",
      };
}

/** The bot's notice of a backup e-mail change. */
export function emailChangedBotMessage(
  language: Language,
  newEmail: string,
): { readonly text: string; readonly report: string } {
  const masked = maskEmail(newEmail);
  return language === 'ru'
    ? {
        text: `Резервная почта Kopilka изменена на ${masked}. Вывод средств приостановлен на 24 часа, остальные сеансы завершены. Если это были не вы, нажмите «Это был не я» — мы заблокируем аккаунт и завершим все сеансы.`,
        report: 'Это был не я',
      }
    : {
        text: `Your Kopilka backup e-mail was changed to ${masked}. Withdrawals pause for 24 hours and your other sessions were ended. If this wasn't you, press "This wasn't me": we lock the account and end every session.`,
        report: "This wasn't me",
      };
}

/** The e-mail to the old address after a backup e-mail change, with the report link. */
export function emailChangedMail(
  language: Language,
  newEmail: string,
  reportLink: string,
): { readonly subject: string; readonly text: string } {
  const masked = maskEmail(newEmail);
  return language === 'ru'
    ? {
        subject: 'Резервная почта Kopilka изменена',
        text: `Резервная почта вашего аккаунта Kopilka изменена на ${masked}; на этот адрес письма больше не придут. Вывод средств приостановлен на 24 часа.\n\nЕсли это были не вы, откройте ссылку — мы заблокируем аккаунт до проверки службой поддержки и завершим все сеансы:\n${reportLink}\n\nСсылка действует 7 дней.`,
      }
    : {
        subject: 'Your Kopilka backup e-mail was changed',
        text: `The backup e-mail of your Kopilka account was changed to ${masked}; this address will get no more messages. Withdrawals pause for 24 hours.\n\nIf this wasn't you, open this link: we lock the account until support has looked at it and end every session:\n${reportLink}\n\nThe link works for 7 days.`,
      };
}
