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
