import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema/security';
import { ApiError } from './api-error';

/**
 * Rate limits shared by every server instance on one database: fixed-window counters in
 * `rate_limits`, one atomic upsert per hit, so a burst of parallel requests counts one by one
 * (no read-then-write) and two instances see the same counts.
 */

export interface RateLimit {
  /** Hits allowed in one window; the next one is answered 429. */
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimitRule {
  /** Per signed-in (or signing-in) account. */
  readonly perAccount?: RateLimit;
  /** Per client address (`request.ip`; IPv6 by its /64). */
  readonly perAddress?: RateLimit;
}

const minute = 60_000;

/**
 * What is limited, and how much. Generous for people (and for the end-to-end run, which signs in
 * many times from 127.0.0.1), tight enough that a burst or a script stops within a window.
 */
export const defaultRateLimitRules = {
  /** Sign-in: mini app init data, Login Widget / OAuth result. */
  sign_in: { perAccount: { limit: 30, windowMs: minute }, perAddress: { limit: 120, windowMs: minute } },
  /** The local-mode stand-in for Telegram's login page (signs and creates test users). */
  local_login: { perAccount: { limit: 20, windowMs: minute }, perAddress: { limit: 60, windowMs: minute } },
  /** E-mail codes sent (send-email-code, verify-email), besides the one-per-60-s rule. */
  email_code: { perAccount: { limit: 10, windowMs: 60 * minute }, perAddress: { limit: 100, windowMs: 60 * minute } },
  /** Passcode checks (argon2 each), besides the lockout that counts wrong ones. */
  pass_code_token: { perAccount: { limit: 10, windowMs: minute }, perAddress: { limit: 120, windowMs: minute } },
  /** Biometric checks for a confirmation token. */
  biometric_token: { perAccount: { limit: 20, windowMs: minute }, perAddress: { limit: 120, windowMs: minute } },
  /** Withdrawal address checks. */
  check_address: { perAccount: { limit: 60, windowMs: minute }, perAddress: { limit: 300, windowMs: minute } },
  /** Verification submissions (the phone contact, personal data, a provider step, the local bot stand-in). */
  verification_submit: {
    perAccount: { limit: 20, windowMs: 10 * minute },
    perAddress: { limit: 200, windowMs: 10 * minute },
  },
  /** File uploads (documents, verification files): each one up to 10 MB written to the store. */
  file_upload: {
    perAccount: { limit: 30, windowMs: 10 * minute },
    perAddress: { limit: 300, windowMs: 10 * minute },
  },
  /**
   * Market username availability checks and changes: each answer says whether a name is taken, so
   * a script could list every username; a person typing a few candidates stays far below.
   */
  username_check: {
    perAccount: { limit: 30, windowMs: 10 * minute },
    perAddress: { limit: 300, windowMs: 10 * minute },
  },
  /**
   * Saved payment methods added: each one checks and seals personal data and writes a row; at most
   * 20 are kept, so a person adds them all well within it, while a script adding and deleting in a
   * loop stops here.
   */
  p2p_payment_method_add: {
    perAccount: { limit: 60, windowMs: 10 * minute },
    perAddress: { limit: 600, windowMs: 10 * minute },
  },
  /**
   * Offer lists, best prices by method and offers by id: each list runs a filtered, sorted query
   * over every active offer of the pair, and offer ids are sequential. Scrolling and filtering
   * stay far below; a scraper walking the ids or a flood of heavy filters does not.
   */
  p2p_offer_read: {
    perAccount: { limit: 120, windowMs: minute },
    perAddress: { limit: 1200, windowMs: minute },
  },
  /**
   * Orders placed: each one locks an offer's volume and one of its few open-order places until
   * it is paid or times out, so a script placing orders it never pays could keep a maker's offers
   * out of the lists; a person places a few an hour (repeats of one unique_hash count too, as
   * they cost the same checks).
   */
  p2p_order_create: {
    perAccount: { limit: 30, windowMs: 10 * minute },
    perAddress: { limit: 600, windowMs: 10 * minute },
  },
  /**
   * P2C code lookups: each asks the payment system and prices a quote; the pay screen refreshes
   * its 30-second quote, so a person stays near 2 a minute, while a script walking code ids does not.
   */
  p2c_qr_lookup: {
    perAccount: { limit: 60, windowMs: minute },
    perAddress: { limit: 600, windowMs: minute },
  },
  /**
   * P2C payments made: each one holds crypto and puts a payment before every merchant; a person
   * pays a few codes an hour (repeats of one unique_hash count too, as they cost the same checks).
   */
  p2c_qr_pay: {
    perAccount: { limit: 30, windowMs: 10 * minute },
    perAddress: { limit: 600, windowMs: 10 * minute },
  },
  /** Verified-merchant applications: each one holds and may release a deposit; a person applies a few times a year. */
  merchant_apply: {
    perAccount: { limit: 10, windowMs: 10 * minute },
    perAddress: { limit: 100, windowMs: 10 * minute },
  },
  /**
   * P2C payment accounts added: each one checks, seals and hashes a card or account number, and
   * a duplicate answer says the number is taken; a merchant adds a handful, a script probing
   * numbers stops here.
   */
  p2c_account_add: {
    perAccount: { limit: 20, windowMs: 10 * minute },
    perAddress: { limit: 200, windowMs: 10 * minute },
  },
  /**
   * P2C payments taken: a merchant takes a few at a time (at most 3 open) and retries a lost race
   * at once; a script hammering every new payment id stops here. Per address it stays well above
   * a room of merchants behind one NAT.
   */
  p2c_take: {
    perAccount: { limit: 60, windowMs: minute },
    perAddress: { limit: 1200, windowMs: minute },
  },
  /**
   * Merchants' live list (re)started (`list:initialize`): each one reads every pending payment.
   * An app re-initialises on reconnecting (at least a second apart) or on a missed update.
   */
  p2c_list_initialize: {
    perAccount: { limit: 30, windowMs: minute },
    perAddress: { limit: 300, windowMs: minute },
  },
} as const satisfies Readonly<Record<string, RateLimitRule>>;

export type RateLimitRuleName = keyof typeof defaultRateLimitRules;
export type RateLimitRules = Readonly<Record<RateLimitRuleName, RateLimitRule>>;
/** Replacements of whole rules (tests, the benchmark); `{}` lifts a rule's limits. */
export type RateLimitOverrides = Partial<RateLimitRules>;

export interface RateLimitSubjects {
  readonly userId?: number;
  /** The client's address, `request.ip`. */
  readonly address?: string;
  /**
   * The hash of the session token the request came with. Not a counter of its own: when the
   * account is over its limit, the credential is remembered with it, so the next request with the
   * same token can be refused before its session is looked up (see `refuseKnown`).
   */
  readonly credential?: string;
}

export interface RateLimiter {
  /**
   * Counts one hit of the rule for each subject given (one statement); throws 429
   * `rate_limited` `{ seconds }` when any of them is over its limit, with the longest wait.
   */
  hit(rule: RateLimitRuleName, subjects: RateLimitSubjects): Promise<void>;
  /**
   * Throws 429 when this instance already knows the address, or the account behind the
   * credential, to be over the rule's limit; touches nothing. Lets a flood be refused before any
   * database work, even the session lookup (on the embedded database that work shares the one
   * event loop with everyone else's requests).
   */
  refuseKnown(rule: RateLimitRuleName, subjects: Pick<RateLimitSubjects, 'address' | 'credential'>): void;
}

export const rateLimitedCode = 'rate_limited';

export function rateLimited(seconds: number): ApiError {
  return new ApiError(429, rateLimitedCode, 'Too many requests; try again later', { seconds });
}

/** Whole seconds from now until `until`, at least 1. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part === undefined || part === '' ? [] : part.split(':'));
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group)) ? groups : null;
}

/**
 * The counter subject of an address: IPv4 as is (also when mapped into IPv6), IPv6 by its /64,
 * since one subscriber usually holds a whole /64.
 */
export function addressSubject(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address.split('%')[0] ?? address);
  if (groups === null) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export interface Counter {
  readonly key: string;
  readonly windowMs: number;
}

export interface CounterState {
  readonly key: string;
  readonly hits: number;
  readonly resetAt: Date;
}

/**
 * One hit on each counter, atomically: a counter whose window has passed starts again at 1 with
 * a new window, otherwise its hits grow by one. Answers every counter's state after the hit.
 * Rows are locked in the order given, so callers always give the same keys in the same order.
 */
export async function countHits(db: Database, counters: readonly Counter[], now: Date): Promise<CounterState[]> {
  if (counters.length === 0) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values(counters.map(({ key, windowMs }) => ({ key, hits: 1, resetAt: new Date(now.getTime() + windowMs) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  return rows;
}

/** Expired counters are overwritten by their next hit; this drops the ones that never get one. */
const cleanupEveryMs = 10 * minute;

export function createRateLimiter(db: Database, clock: () => Date, overrides: RateLimitOverrides = {}): RateLimiter {
  const rules: RateLimitRules = { ...defaultRateLimitRules, ...overrides };
  let lastCleanup = Number.NEGATIVE_INFINITY;
  /**
   * Counters this instance has seen over their limit, with the end of their window. Until then
   * the database cannot answer otherwise (hits only grow within a window), so a flood of refused
   * requests is answered here without a write: correct on every instance, and cheap.
   */
  const overUntil = new Map<string, number>();
  const maxRemembered = 10_000;

  const cleanUp = async (now: Date): Promise<void> => {
    if (now.getTime() - lastCleanup < cleanupEveryMs) return;
    lastCleanup = now.getTime();
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  };

  const remember = (key: string, until: number): void => {
    if (overUntil.size >= maxRemembered) overUntil.clear();
    overUntil.set(key, until);
  };

  /** The longest known wait, in seconds, over the given counter keys; 0 when none is over. */
  const knownWait = (keys: Iterable<string>, now: Date): number => {
    let wait = 0;
    for (const key of keys) {
      const until = overUntil.get(key);
      if (until === undefined) continue;
      if (until > now.getTime()) wait = Math.max(wait, secondsUntil(new Date(until), now));
      else overUntil.delete(key);
    }
    return wait;
  };

  const accountKey = (name: RateLimitRuleName, userId: number) => `${name}:user:${userId}`;
  const addressKey = (name: RateLimitRuleName, address: string) => `${name}:ip:${addressSubject(address)}`;
  const credentialKey = (name: RateLimitRuleName, credential: string) => `${name}:credential:${credential}`;

  return {
    refuseKnown: (name, subjects) => {
      const rule = rules[name];
      const keys: string[] = [];
      if (rule.perAddress !== undefined && subjects.address !== undefined)
        keys.push(addressKey(name, subjects.address));
      if (rule.perAccount !== undefined && subjects.credential !== undefined) {
        keys.push(credentialKey(name, subjects.credential));
      }
      const wait = knownWait(keys, clock());
      if (wait > 0) throw rateLimited(wait);
    },
    hit: async (name, subjects) => {
      const rule = rules[name];
      const now = clock();
      // Always the account's counter first, then the address's: two multi-key upserts on
      // PostgreSQL then lock rows in the same order and cannot deadlock.
      const limits = new Map<string, RateLimit>();
      if (rule.perAccount !== undefined && subjects.userId !== undefined) {
        limits.set(accountKey(name, subjects.userId), rule.perAccount);
      }
      if (rule.perAddress !== undefined && subjects.address !== undefined) {
        limits.set(addressKey(name, subjects.address), rule.perAddress);
      }
      if (limits.size === 0) return;
      const credential = subjects.credential === undefined ? undefined : credentialKey(name, subjects.credential);
      const known = knownWait(limits.keys(), now);
      if (known > 0) {
        const accountUntil =
          subjects.userId === undefined ? undefined : overUntil.get(accountKey(name, subjects.userId));
        if (credential !== undefined && accountUntil !== undefined) remember(credential, accountUntil);
        throw rateLimited(known);
      }
      await cleanUp(now);
      const states = await countHits(
        db,
        [...limits].map(([key, limit]) => ({ key, windowMs: limit.windowMs })),
        now,
      );
      let wait = 0;
      for (const state of states) {
        const limit = limits.get(state.key);
        if (limit !== undefined && state.hits > limit.limit) {
          wait = Math.max(wait, secondsUntil(state.resetAt, now));
          remember(state.key, state.resetAt.getTime());
          if (
            credential !== undefined &&
            subjects.userId !== undefined &&
            state.key === accountKey(name, subjects.userId)
          ) {
            remember(credential, state.resetAt.getTime());
          }
        }
      }
      if (wait > 0) throw rateLimited(wait);
    },
  };
}
