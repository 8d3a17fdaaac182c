import { createTransport } from 'nodemailer';
import type { Database } from '../../db/database';
import { outbox } from '../../db/schema/security';

export interface Mail {
  readonly userId: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Where e-mail goes: an SMTP server, or the local outbox table. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** No SMTP server: the message is kept in the outbox (the local mailbox page and tests read it). */
export function outboxMailer(db: Database): Mailer {
  return {
    send: async (mail) => {
      await db
        .insert(outbox)
        .values({ userId: mail.userId, channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.text });
    },
  };
}

/** SMTP through nodemailer, e.g. `smtps://user:password@smtp.example.com`. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
