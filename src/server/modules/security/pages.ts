import { escapeHtml } from '../local-login/page';

type Language = 'en' | 'ru';

export interface MailboxMessage {
  readonly userId: number;
  readonly channel: 'email' | 'telegram';
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
  readonly link: string | null;
  readonly createdAt: Date;
}

const words = {
  en: {
    title: 'Local mailbox',
    notice: 'Local mode: e-mail and bot messages the server would send are kept here.',
    empty: 'No messages yet.',
    user: 'User',
    open: 'Open the link',
    confirmTitle: 'Confirm your new passcode',
    confirmText: 'You set a new passcode in Kopilka. If it was you, confirm it; it starts working then.',
    confirmButton: 'Confirm passcode',
    confirmed: 'Passcode confirmed',
    confirmedText: 'Your new passcode is active. You can return to the app.',
    invalid: 'Link not valid',
    invalidText: 'This link was already used or has expired.',
  },
  ru: {
    title: 'Локальный почтовый ящик',
    notice: 'Локальный режим: здесь хранятся письма и сообщения бота, которые отправил бы сервер.',
    empty: 'Сообщений пока нет.',
    user: 'Пользователь',
    open: 'Открыть ссылку',
    confirmTitle: 'Подтвердите новый код-пароль',
    confirmText:
      'В Копилке задан новый код-пароль. Если это были вы, подтвердите его — после этого он начнёт действовать.',
    confirmButton: 'Подтвердить код-пароль',
    confirmed: 'Код-пароль подтверждён',
    confirmedText: 'Новый код-пароль действует. Можно вернуться в приложение.',
    invalid: 'Ссылка недействительна',
    invalidText: 'Эта ссылка уже использована или устарела.',
  },
} as const;

const styles =
  ':root{color-scheme:light dark}body{margin:0;font:15px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}main{max-width:640px;margin:0 auto;padding:24px 16px}article{border:1px solid #8884;border-radius:8px;padding:12px;margin:12px 0}pre{white-space:pre-wrap;font:inherit;margin:8px 0}small{color:#888}button{font:inherit;font-weight:600;padding:12px 20px;border:0;border-radius:10px;background:#2481cc;color:#fff;cursor:pointer}';

function document(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

function messageItem(language: Language, message: MailboxMessage): string {
  const text = words[language];
  const link = message.link === null ? '' : `<p><a href="${escapeHtml(message.link)}">${escapeHtml(text.open)}</a></p>`;
  return `<article data-user-id="${message.userId}" data-channel="${message.channel}"><small>${escapeHtml(
    `${text.user} ${message.userId} · ${message.channel} · ${message.recipient} · ${message.createdAt.toISOString()}`,
  )}</small><h3>${escapeHtml(message.subject)}</h3><pre>${escapeHtml(message.body)}</pre>${link}</article>`;
}

/** The development mailbox (local mode only): newest messages first. */
export function renderMailbox(language: Language, messages: readonly MailboxMessage[]): string {
  const text = words[language];
  const items =
    messages.length === 0 ? `<p>${escapeHtml(text.empty)}</p>` : messages.map((m) => messageItem(language, m)).join('');
  return document(
    language,
    text.title,
    `<h1>${escapeHtml(text.title)}</h1><p><small>${escapeHtml(text.notice)}</small></p>${items}`,
  );
}

/** What the bot's link opens: a button that confirms (a POST), never a confirmation by itself. */
export function renderConfirmationForm(language: Language, action: string, token: string): string {
  const text = words[language];
  return document(
    language,
    text.confirmTitle,
    `<h1>${escapeHtml(text.confirmTitle)}</h1><p>${escapeHtml(text.confirmText)}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(text.confirmButton)}</button></form>`,
  );
}

/** The answer of the confirm button. */
export function renderConfirmation(language: Language, confirmed: boolean): string {
  const text = words[language];
  const [title, body] = confirmed ? [text.confirmed, text.confirmedText] : [text.invalid, text.invalidText];
  return document(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`);
}
