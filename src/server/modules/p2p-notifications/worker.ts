import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { p2pNotifications } from '../../db/schema/p2p-notifications';
import { inTransaction } from '../../ledger/ledger';
import type { BotApi } from '../security/bot';
import { userLanguage } from '../security/messages';
import { orderNoticeMessage } from './messages';

export interface NotificationSenderDependencies {
  readonly db: Database;
  readonly botApi: BotApi;
  /** The bot whose mini app the deep links open (`https://t.me/{bot}?startapp=…`). */
  readonly botUsername: string;
  /** Whether the receiver is in their quiet hours (p2p-profile/quiet-hours.ts). */
  readonly isInQuietHours: (db: Database, userId: number, now: Date) => Promise<boolean>;
}

/** Notices taken per pass; the rest wait for the next pass. */
const batchSize = 50;
/** A claimed notice is not taken again for this long: enough for one Bot API call. */
const claimMs = 60_000;
/** A held notice looks at the receiver's quiet hours again after this long. */
const quietRecheckMs = 5 * 60_000;
/** After this many failed sends the notice is given up (the bot is blocked, the chat gone). */
export const maxAttempts = 8;

/** The wait before the next try after `attempts` failures: 30 s, 1 min, 2 min, … at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
}

export function orderDeepLink(botUsername: string, startParam: string): string {
  return `https://t.me/${botUsername}?startapp=${startParam}`;
}

type Claim = { readonly kind: 'send'; readonly row: typeof p2pNotifications.$inferSelect } | { readonly kind: 'none' };

/**
 * Takes one due notice under FOR UPDATE SKIP LOCKED (so server instances never take the same one)
 * and, in that short transaction, either holds it for the receiver's quiet hours or claims it
 * for a minute. The Bot API is called after the claim is committed: no network inside a
 * transaction. A crash after the send and before it is marked sent sends it again once the claim
 * lapses (at least once, never lost).
 */
async function claim(deps: NotificationSenderDependencies, id: number, now: Date): Promise<Claim> {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(p2pNotifications)
      .where(
        and(
          eq(p2pNotifications.id, id),
          isNull(p2pNotifications.sentAt),
          isNull(p2pNotifications.failedAt),
          lte(p2pNotifications.dueAt, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (row === undefined) return { kind: 'none' };
    if (row.canWait && (await deps.isInQuietHours(tx, row.userId, now))) {
      await tx
        .update(p2pNotifications)
        .set({ dueAt: new Date(now.getTime() + quietRecheckMs) })
        .where(eq(p2pNotifications.id, id));
      return { kind: 'none' };
    }
    await tx
      .update(p2pNotifications)
      .set({ dueAt: new Date(now.getTime() + claimMs), attempts: row.attempts + 1 })
      .where(eq(p2pNotifications.id, id));
    return { kind: 'send', row: { ...row, attempts: row.attempts + 1 } };
  });
}

async function sendOne(deps: NotificationSenderDependencies, id: number, now: Date): Promise<boolean> {
  const claimed = await claim(deps, id, now);
  if (claimed.kind === 'none') return false;
  const { row } = claimed;
  const message = orderNoticeMessage(row.kind, row.orderId, await userLanguage(deps.db, row.userId));
  try {
    await deps.botApi.sendMessage({
      chat_id: row.userId,
      text: message.text,
      reply_markup: {
        inline_keyboard: [[{ text: message.button, url: orderDeepLink(deps.botUsername, row.startParam) }]],
      },
    });
  } catch (error) {
    const givenUp = row.attempts >= maxAttempts;
    await deps.db
      .update(p2pNotifications)
      .set(givenUp ? { failedAt: now } : { dueAt: new Date(now.getTime() + retryDelayMs(row.attempts)) })
      .where(eq(p2pNotifications.id, id));
    throw error;
  }
  await deps.db.update(p2pNotifications).set({ sentAt: now }).where(eq(p2pNotifications.id, id));
  return true;
}

/**
 * Sends every due notice once (one pass); answers how many were sent. A notice the bot refuses
 * is retried later; the failures are thrown together once the others are sent.
 */
export async function sendDueNotices(deps: NotificationSenderDependencies, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: p2pNotifications.id })
    .from(p2pNotifications)
    .where(and(isNull(p2pNotifications.sentAt), isNull(p2pNotifications.failedAt), lte(p2pNotifications.dueAt, now)))
    .orderBy(asc(p2pNotifications.dueAt), asc(p2pNotifications.id))
    .limit(batchSize);
  let sent = 0;
  const failures: unknown[] = [];
  for (const { id } of due) {
    try {
      if (await sendOne(deps, id, now)) sent += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} P2P notice(s) could not be sent`);
  return sent;
}

export interface NotificationWorker {
  /** Stops polling and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs {@link sendDueNotices} every `pollMs`, one pass at a time. Safe in every server instance
 * against one database. A failed pass is reported and the next one tries again.
 */
export function startNotificationWorker(
  deps: NotificationSenderDependencies & {
    readonly now: () => Date;
    readonly pollMs?: number;
    readonly onError?: (error: unknown) => void;
  },
): NotificationWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const runPass = async (): Promise<void> => {
    try {
      await sendDueNotices(deps, deps.now());
    } catch (error) {
      deps.onError?.(error);
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = runPass().then(schedule);
    }, deps.pollMs ?? 1000);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
