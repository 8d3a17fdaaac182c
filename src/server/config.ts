import { resolve } from 'node:path';
import * as z from 'zod/mini';
import { type FeatureFlagName, featureFlagNames } from '../contract/settings';
import { defaultChainStepMs } from './integrations/chain/networks';
import { botIdOf, localBotTokenPath, readOrCreateLocalBotToken } from './integrations/telegram/bot-token';
import type { TelegramSettings } from './integrations/telegram/settings';
import { defaultFeatureFlagPolicy, type FeatureFlagPolicy } from './modules/settings/feature-flags';
import type { S3Settings } from './modules/uploads/s3-store';

const durationUnits: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Seconds as a number, or with a unit: `90`, `90s`, `15m`, `12h`, `7d`. */
function durationSeconds(text: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (match?.[1] === undefined) return null;
  const seconds = Number(match[1]) * (durationUnits[match[2] || 's'] ?? 1);
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
}

const duration = z.pipe(
  z
    .string()
    .check(z.refine((text) => durationSeconds(text) !== null, 'Expected a duration such as 3600, 15m, 12h or 7d')),
  z.transform((text) => durationSeconds(text) ?? 0),
);

const flag = z.enum(['0', '1']);

/** Telegram user ids, comma-separated: `12345,67890`. */
const telegramIds = z.pipe(
  z
    .string()
    .check(
      z.regex(/^\s*[1-9][0-9]{0,15}(\s*,\s*[1-9][0-9]{0,15})*\s*$/, 'Expected Telegram user ids separated by commas'),
    ),
  z.transform((text) => [...new Set(text.split(',').map((id) => Number(id.trim())))]),
);

function isFeatureFlagName(name: string): name is FeatureFlagName {
  return featureFlagNames.some((known) => known === name);
}

/** Feature flag names, comma-separated (`show_p2p,show_p2p_offers`), or `none`. */
const featureFlagList = z.pipe(
  z
    .string()
    .check(
      z.refine(
        (text) => text === 'none' || text.split(',').every((name) => isFeatureFlagName(name.trim())),
        `Expected feature flags separated by commas (${featureFlagNames.join(', ')}), or none`,
      ),
    ),
  z.transform((text) =>
    text === 'none' ? [] : [...new Set(text.split(',').map((name) => name.trim()))].filter(isFeatureFlagName),
  ),
);

/** The RESTRICTED_COUNTRIES of a deployment that does not set it (docs/verification.md). */
export const defaultRestrictedCountries: readonly string[] = ['KP', 'IR', 'SY', 'CU'];

const restrictedCountries = z.pipe(
  z
    .string()
    .check(
      z.regex(
        /^(none|[A-Z]{2}(\s*,\s*[A-Z]{2})*)$/,
        'Expected ISO country codes separated by commas (such as KP,IR), or none',
      ),
    ),
  z.transform((text) => (text === 'none' ? [] : [...new Set(text.split(',').map((code) => code.trim()))])),
);

const environment = z.object({
  PORT: z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'Expected an integer'), z.minimum(0), z.maximum(65535)),
    8080,
  ),
  /** Unset: 127.0.0.1 in local mode (its stand-ins sign anyone in), all interfaces otherwise. */
  HOST: z.optional(z.string().check(z.minLength(1))),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'Expected a postgres:// URL'))),
  APP_DIR: z._default(z.string().check(z.minLength(1)), 'dist/app'),
  /** "0" serves the API alone (`npm run dev`, where Vite serves the app). */
  SERVE_APP: z._default(flag, '1'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  NODE_ENV: z.optional(z.string()),
  /** `<bot_id>:<secret>` from BotFather; unset (outside production) turns local mode on with a generated token. */
  BOT_TOKEN: z.optional(z.string().check(z.refine((token) => botIdOf(token) !== null, 'Expected <bot_id>:<secret>'))),
  BOT_USERNAME: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{3,64}$/, 'Expected a bot username without @'))),
  /** "1" turns local mode on with the given BOT_TOKEN (never with NODE_ENV=production); "0" insists on a real BOT_TOKEN. */
  LOCAL_MODE: z.optional(flag),
  INIT_DATA_MAX_AGE_SECONDS: z._default(duration, 86_400),
  SESSION_IDLE_TIMEOUT: z._default(duration, 7 * 86_400),
  SESSION_MAX_AGE: z._default(duration, 30 * 86_400),
  /** "1" when behind a reverse proxy: X-Forwarded-Proto/-Host/-For are then believed. */
  TRUST_PROXY: z._default(flag, '0'),
  /** smtp(s)://user:password@host:port; unset keeps e-mail in the database outbox. */
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'Expected an smtp:// or smtps:// URL'))),
  /** The From of the e-mail the server sends. */
  MAIL_FROM: z.optional(z.string().check(z.minLength(3))),
  /**
   * The origin people open the wallet at, and the only origin in links the server sends (bot
   * messages, e-mail). Required outside local mode, so a forged Host header never lands in a link.
   */
  PUBLIC_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /**
   * An S3-compatible bucket for uploaded files, so several servers share them (path-style
   * `S3_ENDPOINT/S3_BUCKET/<key>`). All four of endpoint, bucket and keys together, or none: the
   * files then stay in DATA_DIR/uploads.
   */
  S3_ENDPOINT: z.optional(z.url({ protocol: /^https?$/ })),
  S3_BUCKET: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Expected an S3 bucket name'))),
  S3_REGION: z._default(
    z.string().check(z.regex(/^[a-z0-9-]{1,32}$/, 'Expected a region such as eu-central-1')),
    'us-east-1',
  ),
  S3_ACCESS_KEY_ID: z.optional(z.string().check(z.minLength(1))),
  S3_SECRET_ACCESS_KEY: z.optional(z.string().check(z.minLength(1))),
  /** The compliance operators (their Telegram ids): they alone reach the operator area, `/api/v1/operator/…`. */
  OPERATOR_IDS: z.optional(telegramIds),
  /**
   * Countries of residence where verification is refused (RESTRICTED_REGION): ISO 3166-1 alpha-2
   * codes, comma-separated; `none` for no country. Default: KP, IR, SY, CU.
   */
  RESTRICTED_COUNTRIES: z._default(restrictedCountries, () => [...defaultRestrictedCountries]),
  /**
   * Feature flags on for everyone (spec 001 s.1 "public" variants). Default: the three P2P flags
   * in local mode, none otherwise (docs/server.md).
   */
  FEATURE_FLAGS: z.optional(featureFlagList),
  /** Feature flags on for testers only ("tester" variants). Default: the three P2P flags. */
  TESTER_FEATURE_FLAGS: z.optional(featureFlagList),
  /** Telegram ids of the testers, who get TESTER_FEATURE_FLAGS besides the public ones. */
  TESTER_IDS: z.optional(telegramIds),
  /**
   * Where reference prices come from: `walk` moves the stored prices (local mode's default),
   * `stored` answers them as stored (the default elsewhere, where a live feed upserts them).
   */
  PRICE_FEED: z.optional(z.enum(['walk', 'stored'])),
  /** Milliseconds the walking feed holds its prices between moves. */
  PRICE_WALK_STEP_MS: z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'Expected an integer'), z.minimum(100), z.maximum(86_400_000)),
    10_000,
  ),
  /** Seed of the walking feed: the same seed walks the same way. */
  PRICE_WALK_SEED: z._default(z.string().check(z.minLength(1), z.maxLength(64)), 'kopilka'),
  /**
   * The secret P2P payment details are sealed with in the database (at least 32 characters). Unset:
   * derived from BOT_TOKEN, so a new bot token would make saved details unreadable: set it.
   */
  PAYMENT_DETAILS_KEY: z.optional(z.string().check(z.minLength(32, 'Expected at least 32 characters'))),
  /** Milliseconds each step of a test-network withdrawal takes (created → processing → sent → completed). */
  CHAIN_STEP_MS: z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'Expected an integer'), z.minimum(10), z.maximum(86_400_000)),
    defaultChainStepMs,
  ),
});

/** How the server knows and trusts Telegram. */
export interface TelegramConfig extends TelegramSettings {
  /** Where the generated token lives, when local mode generated it. */
  readonly generatedTokenPath: string | null;
}

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** The built app to serve, or null to serve the API alone. */
  readonly appDir: string | null;
  readonly logLevel: string;
  readonly validateResponses: boolean;
  readonly telegram: TelegramConfig;
  readonly sessions: { readonly idleTimeoutMs: number; readonly maxAgeMs: number };
  readonly trustProxy: boolean;
  readonly mail: { readonly smtpUrl?: string; readonly mailFrom?: string; readonly publicUrl?: string };
  /** The test-network chain's withdrawal worker. */
  readonly chain: { readonly stepMs: number };
  /** Telegram ids of the compliance operators (OPERATOR_IDS). */
  readonly operatorIds: readonly number[];
  /** The bucket uploads go to (S3_*), or null for DATA_DIR/uploads. */
  readonly uploadsBucket: S3Settings | null;
  /** Where verification's personal data is refused with RESTRICTED_REGION (RESTRICTED_COUNTRIES). */
  readonly restrictedCountries: readonly string[];
  /** Public and tester feature flags (FEATURE_FLAGS, TESTER_FEATURE_FLAGS, TESTER_IDS). */
  readonly featureFlags: FeatureFlagPolicy;
  /** The reference price feed: the stored prices, or walked (PRICE_FEED, PRICE_WALK_*). */
  /** The secret payment details are sealed with (PAYMENT_DETAILS_KEY), or undefined for the bot token. */
  readonly paymentDetailsSecret: string | undefined;
  readonly priceFeed:
    | { readonly kind: 'stored' }
    | { readonly kind: 'walk'; readonly stepMs: number; readonly seed: string };
}

export const defaultLocalBotUsername = 'kopilka_local_bot';

type Environment = z.output<typeof environment>;

/**
 * Local mode (the login stand-in, the mailbox, the chain simulator: anyone can be anyone) is on
 * only when asked for with LOCAL_MODE=1, or when BOT_TOKEN is unset and nothing says production.
 * A production deployment that forgot its BOT_TOKEN refuses to start instead of opening up.
 */
function isLocalMode(parsed: Environment): boolean {
  const production = parsed.NODE_ENV === 'production';
  if (production && parsed.LOCAL_MODE === '1') {
    throw new Error('Invalid environment: LOCAL_MODE: local mode is refused when NODE_ENV=production');
  }
  if (parsed.BOT_TOKEN === undefined) {
    if (production) throw new Error('Invalid environment: BOT_TOKEN: required when NODE_ENV=production');
    if (parsed.LOCAL_MODE === '0') throw new Error('Invalid environment: BOT_TOKEN: required when LOCAL_MODE=0');
    return true;
  }
  return parsed.LOCAL_MODE === '1';
}

function telegramConfig(parsed: Environment, dataDir: string): TelegramConfig {
  const localMode = isLocalMode(parsed);
  if (!localMode && parsed.BOT_USERNAME === undefined) {
    throw new Error('Invalid environment: BOT_USERNAME: required outside local mode');
  }
  if (!localMode && parsed.PUBLIC_URL === undefined) {
    throw new Error(
      'Invalid environment: PUBLIC_URL: required outside local mode (the origin of every link the server sends)',
    );
  }
  const botToken = parsed.BOT_TOKEN ?? readOrCreateLocalBotToken(dataDir);
  const botId = botIdOf(botToken);
  if (botId === null) throw new Error('Invalid environment: BOT_TOKEN: Expected <bot_id>:<secret>');
  return {
    botToken,
    botId,
    botUsername: parsed.BOT_USERNAME ?? defaultLocalBotUsername,
    localMode,
    generatedTokenPath: parsed.BOT_TOKEN === undefined ? localBotTokenPath(dataDir) : null,
    initDataMaxAgeSeconds: parsed.INIT_DATA_MAX_AGE_SECONDS,
  };
}

function featureFlagPolicy(parsed: Environment, localMode: boolean): FeatureFlagPolicy {
  const defaults = defaultFeatureFlagPolicy(localMode);
  return {
    public: parsed.FEATURE_FLAGS ?? defaults.public,
    tester: parsed.TESTER_FEATURE_FLAGS ?? defaults.tester,
    testerIds: new Set(parsed.TESTER_IDS ?? []),
  };
}

function uploadsBucket(parsed: Environment): S3Settings | null {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = parsed;
  const secretAccessKey = parsed.S3_SECRET_ACCESS_KEY;
  const given = [endpoint, bucket, accessKeyId, secretAccessKey].filter((value) => value !== undefined).length;
  if (given === 0) return null;
  if (endpoint === undefined || bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    throw new Error(
      'Invalid environment: S3_*: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or none',
    );
  }
  return { endpoint, bucket, region: parsed.S3_REGION, accessKeyId, secretAccessKey };
}

/**
 * Reads the environment; an empty variable counts as unset. Throws naming every bad variable.
 * In local mode without BOT_TOKEN it generates the bot token into DATA_DIR on first use.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = z.safeParse(environment, present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const parsed = result.data;
  const dataDir = resolve(parsed.DATA_DIR);
  const telegram = telegramConfig(parsed, dataDir);
  return {
    port: parsed.PORT,
    host: parsed.HOST ?? (telegram.localMode ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    appDir: parsed.SERVE_APP === '1' ? resolve(parsed.APP_DIR) : null,
    logLevel: parsed.LOG_LEVEL,
    // Checking answers costs a parse per request: worth it everywhere but production.
    validateResponses: parsed.NODE_ENV !== 'production',
    telegram,
    sessions: { idleTimeoutMs: parsed.SESSION_IDLE_TIMEOUT * 1000, maxAgeMs: parsed.SESSION_MAX_AGE * 1000 },
    trustProxy: parsed.TRUST_PROXY === '1',
    mail: {
      ...(parsed.SMTP_URL === undefined ? {} : { smtpUrl: parsed.SMTP_URL }),
      ...(parsed.MAIL_FROM === undefined ? {} : { mailFrom: parsed.MAIL_FROM }),
      ...(parsed.PUBLIC_URL === undefined ? {} : { publicUrl: new URL(parsed.PUBLIC_URL).origin }),
    },
    chain: { stepMs: parsed.CHAIN_STEP_MS },
    operatorIds: parsed.OPERATOR_IDS ?? [],
    uploadsBucket: uploadsBucket(parsed),
    restrictedCountries: parsed.RESTRICTED_COUNTRIES,
    featureFlags: featureFlagPolicy(parsed, telegram.localMode),
    paymentDetailsSecret: parsed.PAYMENT_DETAILS_KEY,
    priceFeed:
      (parsed.PRICE_FEED ?? (telegram.localMode ? 'walk' : 'stored')) === 'walk'
        ? { kind: 'walk', stepMs: parsed.PRICE_WALK_STEP_MS, seed: parsed.PRICE_WALK_SEED }
        : { kind: 'stored' },
  };
}

/**
 * The verified-merchant conditions (P2P.md "Verified merchant"; docs/p2p.md "Reputation, quiet
 * hours and verified merchants"): completed orders all time, completion over the last 30 days,
 * the verification level, and the security deposit held while the status lasts, released
 * `refundDelayMs` after leaving it.
 */
export const verifiedMerchantRules = {
  minCompletedOrders: 50,
  minCompletionPercent30d: 95,
  verificationLevel: 'p2p-merchant',
  depositAsset: 'USDT',
  /** Whole units of the deposit asset. */
  depositWhole: 500n,
  refundDelayMs: 7 * 86_400_000,
} as const;
