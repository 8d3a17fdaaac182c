import type { ReactNode } from 'react';

/** A full-width button that opens the chat with Kopilka's bot in Telegram (`https://t.me/{bot}`). */
export function BotChatLink({ bot, children }: { bot: string; children: ReactNode }) {
  return (
    <a
      className="ui-button ui-button--primary ui-button--stretched"
      href={`https://t.me/${bot}`}
      target="_blank"
      rel="noreferrer"
    >
      {children}
    </a>
  );
}
