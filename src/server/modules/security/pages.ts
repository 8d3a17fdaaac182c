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
    reportTitle: "This wasn't me",
    reportText:
      "Someone changed your passcode or backup e-mail and it was not you? Lock the account: withdrawals and trading stop until support has looked at it, and every session ends, including the intruder's.",
    reportButton: 'Lock my account',
    reported: 'Account locked',
    reportedText: 'Your account is locked and every session has ended. Sign in again and contact support to unlock it.',
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
    reportTitle: 'Это был не я',
    reportText:
      'Кто-то изменил ваш код-пароль или резервную почту, и это были не вы? Заблокируйте аккаунт: вывод и торговля остановятся до проверки службой поддержки, а все сеансы, в том числе чужие, завершатся.',
    reportButton: 'Заблокировать аккаунт',
    reported: 'Аккаунт заблокирован',
    reportedText:
      'Аккаунт заблокирован, все сеансы завершены. Войдите снова и напишите в поддержку, чтобы снять блокировку.',
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

function tokenForm(language: Language, title: string, lead: string, button: string, action: string, token: string) {
  return document(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(lead)}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(button)}</button></form>`,
  );
}

/** What the bot's link opens: a button that confirms (a POST), never a confirmation by itself. */
export function renderConfirmationForm(language: Language, action: string, token: string): string {
  const text = words[language];
  return tokenForm(language, text.confirmTitle, text.confirmText, text.confirmButton, action, token);
}

/** What the "this wasn't me" link opens: a button that locks the account (a POST), nothing more. */
export function renderReportForm(language: Language, action: string, token: string): string {
  const text = words[language];
  return tokenForm(language, text.reportTitle, text.reportText, text.reportButton, action, token);
}

/** The answer of the lock button. */
export function renderReportResult(language: Language, locked: boolean): string {
  const text = words[language];
  const [title, body] = locked ? [text.reported, text.reportedText] : [text.invalid, text.invalidText];
  return document(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`);
}

/** The answer of the confirm button. */
export function renderConfirmation(language: Language, confirmed: boolean): string {
  const text = words[language];
  const [title, body] = confirmed ? [text.confirmed, text.confirmedText] : [text.invalid, text.invalidText];
  return document(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`);
}
