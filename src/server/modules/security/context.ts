import type { Database } from '../../db/database';
import type { BotApi } from './bot';
import type { Mailer } from './mail';

/** What the security services need besides the request. */
export interface SecurityContext {
  readonly db: Database;
  readonly now: () => Date;
  readonly mailer: Mailer;
  readonly botApi: BotApi;
  /** The origin links in the bot's messages point to; null: the origin of the request. */
  readonly publicUrl: string | null;
}
