import type { Database } from '../../db/database';
import { outbox } from '../../db/schema/security';

export interface InlineKeyboardButton {
  readonly text: string;
  readonly url: string;
}

/** The Bot API's sendMessage, as far as the server uses it. */
export interface SendMessageRequest {
  readonly chat_id: number;
  readonly text: string;
  readonly reply_markup: { readonly inline_keyboard: readonly (readonly InlineKeyboardButton[])[] };
}

/** The Telegram Bot API; tests inject a fake so they never reach the network. */
export interface BotApi {
  sendMessage(request: SendMessageRequest): Promise<void>;
}

export type HttpPost = (url: string, body: string) => Promise<{ readonly ok: boolean; readonly status: number }>;

const fetchPost: HttpPost = async (url, body) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { ok: response.ok, status: response.status };
};

/** The real Bot API over HTTPS; the token is part of the URL and never logged. */
export function telegramBotApi(botToken: string, post: HttpPost = fetchPost): BotApi {
  return {
    sendMessage: async (request) => {
      const response = await post(`https://api.telegram.org/bot${botToken}/sendMessage`, JSON.stringify(request));
      if (!response.ok) throw new Error(`Bot API sendMessage answered ${response.status}`);
    },
  };
}

/** Local mode: the bot's messages land in the outbox, shown on the local mailbox page (every button's link). */
export function outboxBotApi(db: Database): BotApi {
  return {
    sendMessage: async (request) => {
      // The first button is the message's link; the others are listed under the text.
      const [first, ...others] = request.reply_markup.inline_keyboard.flat();
      await db.insert(outbox).values({
        userId: request.chat_id,
        channel: 'telegram',
        recipient: `chat ${request.chat_id}`,
        subject: 'Telegram bot',
        body: [request.text, ...others.map((button) => `${button.text}: ${button.url}`)].join('\n\n'),
        link: first?.url ?? null,
      });
    },
  };
}

/** The bot the server talks through: Telegram's with a real token, the local outbox in local mode. */
export function botApiFor(db: Database, telegram: { readonly localMode: boolean; readonly botToken: string }): BotApi {
  return telegram.localMode ? outboxBotApi(db) : telegramBotApi(telegram.botToken);
}
