import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { defaultRestrictedCountries } from './config';
import type { DatabaseHandle } from './db/database';
import { answerFrameworkError, apiNotFound, installErrorHandler } from './http/error-handler';
import { noInlineSources, readInlineSources } from './http/inline-sources';
import { refuseReboundHosts } from './http/local-page';
import { createRateLimiter, type RateLimitOverrides } from './http/rate-limit';
import type { EndpointContext } from './http/register-endpoint';
import { installSecurityHeaders } from './http/security-headers';
import { serveApp } from './http/serve-app';
import { localPaymentSystem } from './integrations/payment-system/local-payment-system';
import type { PaymentSystem } from './integrations/payment-system/payment-system';
import type { ReferencePriceFeed } from './integrations/prices/price-feed';
import { storedPriceFeed } from './integrations/prices/stored-feed';
import type { TelegramSettings } from './integrations/telegram/settings';
import { logRedactPaths, serializeError, serializeRequest } from './logging';
import { registerAddressBookRoutes } from './modules/address-book/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { inProcessSessionEnds } from './modules/auth/session-ends';
import type { SessionPolicy } from './modules/auth/sessions';
import { registerChainSimulatorRoutes } from './modules/chain-simulator/routes';
import { registerComplianceRoutes } from './modules/compliance/routes';
import { registerDepositAddressRoutes } from './modules/deposit-addresses/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerLocalLoginRoutes } from './modules/local-login/routes';
import { registerLocalOperatorPage } from './modules/operator/local-routes';
import { registerOperatorRoutes } from './modules/operator/routes';
import { canAcceptP2cOrder } from './modules/p2c-accounts/access';
import { accountDigestKeyFrom } from './modules/p2c-accounts/account-number';
import { registerLocalP2cAccountsPage } from './modules/p2c-accounts/local-routes';
import { registerP2cAccountRoutes } from './modules/p2c-accounts/routes';
import { registerLocalShopPages } from './modules/p2c-local-shop/routes';
import { registerLocalP2cPaymentsPage } from './modules/p2c-merchant-payments/local-routes';
import { registerP2cMerchantPaymentRoutes } from './modules/p2c-merchant-payments/routes';
import { inProcessLiveEvents, type P2cLiveEvents } from './modules/p2c-payments/live-events';
import { registerLocalP2cControls } from './modules/p2c-payments/local-routes';
import { quoteSigner } from './modules/p2c-payments/quote';
import { registerP2cPaymentRoutes } from './modules/p2c-payments/routes';
import { registerLocalDisputesPage } from './modules/p2p-disputes/local-routes';
import { registerP2pDisputeRoutes } from './modules/p2p-disputes/routes';
import { registerLocalP2pControls } from './modules/p2p-local-controls/routes';
import { registerP2pMarketRoutes } from './modules/p2p-market/routes';
import { registerLocalMerchantPage } from './modules/p2p-merchant/local-page';
import { registerP2pMerchantRoutes } from './modules/p2p-merchant/routes';
import { registerP2pOfferRoutes } from './modules/p2p-offers/routes';
import { offerPaymentMethodUsage } from './modules/p2p-offers/usage';
import { registerP2pOrderRoutes } from './modules/p2p-orders/routes';
import { registerOrderTransitionRoutes } from './modules/p2p-orders/transition-routes';
import { detailsCipher, detailsKeyFrom } from './modules/p2p-payment-methods/details-cipher';
import { registerP2pPaymentMethodRoutes } from './modules/p2p-payment-methods/routes';
import type { PaymentMethodUsage } from './modules/p2p-payment-methods/usage';
import { registerOrderReviewRoutes } from './modules/p2p-profile/review-routes';
import { registerP2pProfileRoutes } from './modules/p2p-profile/routes';
import { registerReferralRoutes } from './modules/referrals/routes';
import { type BotApi, botApiFor } from './modules/security/bot';
import { type Mailer, outboxMailer, smtpMailer } from './modules/security/mail';
import { registerMailboxRoutes, registerSecurityRoutes } from './modules/security/routes';
import { defaultFeatureFlagPolicy, type FeatureFlagPolicy } from './modules/settings/feature-flags';
import { registerSettingsRoutes } from './modules/settings/routes';
import { diskFileStore, type FileStore } from './modules/uploads/file-store';
import { registerUploads } from './modules/uploads/routes';
import { registerUserRoutes } from './modules/users/routes';
import { localIdentityProvider } from './modules/verification/identity-provider';
import { registerLocalVerificationPages } from './modules/verification/local-routes';
import { registerVerificationRoutes } from './modules/verification/routes';
import { registerWalletRoutes } from './modules/wallet/routes';
import { registerWalletHistoryRoutes } from './modules/wallet-history/routes';
import { registerWithdrawalRoutes } from './modules/withdrawals/routes';
import { attachP2cLiveList } from './realtime/p2c-socket';

export interface AppDependencies {
  readonly database: DatabaseHandle;
  /** Directory of the built app (index.html and assets/); null serves the API alone. */
  readonly appDir: string | null;
  /** Pino level, or 'silent'. */
  readonly logLevel: string;
  /**
   * How long a connection may stay silent mid-request, and how long a whole request may take to
   * arrive; {@link defaultTimeouts} otherwise.
   */
  readonly timeouts?: { readonly idleMs: number; readonly requestMs: number };
  /** Where log lines go; standard output by default (tests read them from here). */
  readonly logStream?: { write(line: string): void };
  /** Validate every answer against the contract (on in development and tests). */
  readonly validateResponses: boolean;
  /** The clock; tests move it to expire sessions. */
  readonly now?: () => Date;
  /** The bot whose data signs people in; local mode adds the login page stand-in. */
  readonly telegram: TelegramSettings;
  readonly sessions: SessionPolicy;
  /** Believe X-Forwarded-* (behind a reverse proxy): the cookie's Secure flag and origins depend on it. */
  readonly trustProxy?: boolean;
  /** Mail and bot delivery; each defaults from the settings below. */
  readonly security?: SecurityDependencies;
  /** Replaced rate-limit rules (tests, the benchmark); the defaults are in http/rate-limit.ts. */
  readonly rateLimits?: RateLimitOverrides;
  /**
   * Where uploaded files live: main.ts gives DATA_DIR/uploads. Unset (tests, the benchmark): a
   * fresh folder under the system's temp directory.
   */
  readonly fileStore?: FileStore;
  /** Telegram ids of the compliance operators (OPERATOR_IDS); none by default. */
  readonly operatorIds?: readonly number[];
  /** Countries where verification is refused (RESTRICTED_COUNTRIES); the config's default when unset. */
  readonly restrictedCountries?: readonly string[];
  /** Public and tester feature flags; by default the P2P market is public in local mode only. */
  readonly featureFlags?: FeatureFlagPolicy;
  /** The reference prices; by default the stored ones, unmoving (main.ts walks them in local mode). */
  readonly priceFeed?: ReferencePriceFeed;
  /** The secret payment details are sealed with (PAYMENT_DETAILS_KEY); the bot token when unset. */
  readonly paymentDetailsSecret?: string;
  /** Whether an offer lists a saved payment method; until offers exist, none does. */
  readonly paymentMethodUsage?: PaymentMethodUsage;
  /** Accept new P2P orders at once (the default); false leaves them `processed` for the maker (tests). */
  readonly p2pAutoAccept?: boolean;
  /** The payment system P2C codes are looked up in; the local stand-in (its own table) by default. */
  readonly paymentSystem?: PaymentSystem;
  /**
   * Where P2C payment changes are announced in this process (main.ts shares it with the P2C
   * timers worker); a fresh in-process one otherwise.
   */
  readonly p2cLiveEvents?: P2cLiveEvents;
}

export interface SecurityDependencies {
  /** SMTP server for e-mail; unset keeps mail in the local outbox. */
  readonly smtpUrl?: string;
  readonly mailFrom?: string;
  /**
   * Origin of every link the server sends (bot messages, e-mail). Required outside local mode;
   * in local mode (loopback only) unset means the request's origin.
   */
  readonly publicUrl?: string;
  /** Overrides (tests): where mail goes. */
  readonly mailer?: Mailer;
  /** Overrides (tests): the Bot API; by default the real one, or the outbox in local mode. */
  readonly botApi?: BotApi;
}

/**
 * Fastify waits for ever by default (both 0), so a client that opens an upload and stops sending
 * would hold its connection, and the file's half-written copy, as long as it likes. A silent
 * minute ends it; a whole request (10 MB on a slow mobile line) gets five.
 */
export const defaultTimeouts = { idleMs: 60_000, requestMs: 300_000 } as const;

/** The whole server as a Fastify instance: `main.ts` listens on it, tests call `app.inject`. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  // Checked before anything is opened (the live list's adapter takes a database connection), so a
  // refusal leaves nothing to close.
  const security = dependencies.security ?? {};
  if (!dependencies.telegram.localMode && security.publicUrl === undefined) {
    throw new Error(
      'PUBLIC_URL is required outside local mode: links must never take their origin from the Host header',
    );
  }
  const app = Fastify({
    logger: {
      level: dependencies.logLevel,
      redact: { paths: logRedactPaths, censor: '[redacted]' },
      serializers: { req: serializeRequest, err: serializeError },
      ...(dependencies.logStream === undefined ? {} : { stream: dependencies.logStream }),
    },
    connectionTimeout: (dependencies.timeouts ?? defaultTimeouts).idleMs,
    requestTimeout: (dependencies.timeouts ?? defaultTimeouts).requestMs,
    genReqId: () => randomUUID(),
    trustProxy: dependencies.trustProxy ?? false,
    frameworkErrors: answerFrameworkError,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  await installSecurityHeaders(
    app,
    dependencies.appDir === null ? noInlineSources : readInlineSources(dependencies.appDir),
  );
  await app.register(fastifyCookie);

  const context: EndpointContext = {
    db: dependencies.database.db,
    now: dependencies.now ?? (() => new Date()),
    validateResponses: dependencies.validateResponses,
    sessions: dependencies.sessions,
    rateLimits: createRateLimiter(dependencies.database.db, () => context.now(), dependencies.rateLimits),
    featureFlags: dependencies.featureFlags ?? defaultFeatureFlagPolicy(dependencies.telegram.localMode),
    referencePrices: dependencies.priceFeed ?? storedPriceFeed(dependencies.database.db),
    p2cLiveEvents:
      dependencies.p2cLiveEvents ??
      inProcessLiveEvents((error) => app.log.error({ err: error }, 'A P2C live list listener failed')),
    sessionEnds: inProcessSessionEnds(),
  };
  attachP2cLiveList(app, {
    db: context.db,
    now: context.now,
    sessions: context.sessions,
    rateLimits: context.rateLimits,
    events: context.p2cLiveEvents,
    sessionEnds: context.sessionEnds,
    mayWatch: (userId, now) => canAcceptP2cOrder(context.db, userId, now),
    ...(dependencies.database.postgresPool === undefined ? {} : { pool: dependencies.database.postgresPool }),
    trustProxy: dependencies.trustProxy ?? false,
  });
  registerHealthRoutes(app, context, dependencies.database.kind);
  registerAuthRoutes(app, context, dependencies.telegram);
  registerUserRoutes(app, context);
  registerReferralRoutes(app, context);
  registerWalletRoutes(app, context);
  registerWalletHistoryRoutes(app, context);
  registerWithdrawalRoutes(app, context);
  registerAddressBookRoutes(app, context);
  registerDepositAddressRoutes(app, context);
  registerSettingsRoutes(app, context);
  registerP2pProfileRoutes(app, context);
  registerP2pMarketRoutes(app, context);
  registerP2pOfferRoutes(app, context);
  const paymentDetails = detailsCipher(
    detailsKeyFrom(dependencies.paymentDetailsSecret ?? dependencies.telegram.botToken),
  );
  registerP2pPaymentMethodRoutes(app, context, {
    cipher: paymentDetails,
    usage: dependencies.paymentMethodUsage ?? offerPaymentMethodUsage,
  });
  registerP2pOrderRoutes(app, context, { cipher: paymentDetails, autoAccept: dependencies.p2pAutoAccept ?? true });
  registerOrderTransitionRoutes(app, context, { cipher: paymentDetails });
  registerOrderReviewRoutes(app, context, { cipher: paymentDetails });
  const uploads = await registerUploads(
    app,
    context,
    dependencies.fileStore ?? diskFileStore(mkdtempSync(join(tmpdir(), 'kopilka-uploads-'))),
  );
  registerComplianceRoutes(app, context, uploads);
  await registerOperatorRoutes(app, context, { operatorIds: new Set(dependencies.operatorIds ?? []) }, uploads);
  await registerP2pDisputeRoutes(app, context, {
    uploads,
    cipher: paymentDetails,
    operators: { operatorIds: new Set(dependencies.operatorIds ?? []) },
  });
  await registerP2pMerchantRoutes(app, context, { operatorIds: new Set(dependencies.operatorIds ?? []) });
  await registerP2cAccountRoutes(app, context, {
    cipher: paymentDetails,
    digestKey: accountDigestKeyFrom(dependencies.paymentDetailsSecret ?? dependencies.telegram.botToken),
    uploads,
    operators: { operatorIds: new Set(dependencies.operatorIds ?? []) },
  });
  const paymentSystem = dependencies.paymentSystem ?? localPaymentSystem(context.db);
  registerP2cPaymentRoutes(app, context, {
    signer: quoteSigner(dependencies.paymentDetailsSecret ?? dependencies.telegram.botToken),
    paymentSystem,
  });
  await registerP2cMerchantPaymentRoutes(app, context, {
    uploads,
    operators: { operatorIds: new Set(dependencies.operatorIds ?? []) },
  });
  registerVerificationRoutes(app, context, {
    telegram: dependencies.telegram,
    uploads,
    provider: localIdentityProvider,
    personalData: {
      restrictedCountries: new Set(dependencies.restrictedCountries ?? defaultRestrictedCountries),
    },
  });
  registerSecurityRoutes(app, context, {
    db: context.db,
    now: context.now,
    mailer:
      security.mailer ??
      (security.smtpUrl === undefined
        ? outboxMailer(context.db)
        : smtpMailer(security.smtpUrl, security.mailFrom ?? 'Kopilka <no-reply@localhost>')),
    botApi: security.botApi ?? botApiFor(context.db, dependencies.telegram),
    publicUrl: security.publicUrl ?? null,
  });
  // Outside local mode the stand-in does not exist at all (its path is a plain 404).
  if (dependencies.telegram.localMode) {
    refuseReboundHosts(app, security.publicUrl ?? null);
    await registerLocalLoginRoutes(app, context, dependencies.telegram);
    registerMailboxRoutes(app, context);
    registerChainSimulatorRoutes(app, context);
    await registerLocalVerificationPages(app, context, { telegram: dependencies.telegram, uploads });
    await registerLocalOperatorPage(app, context, uploads);
    await registerLocalMerchantPage(app, context);
    await registerLocalDisputesPage(app, context, uploads);
    registerLocalP2cControls(app, context);
    registerLocalP2pControls(app, context);
    await registerLocalShopPages(app, context);
    await registerLocalP2cAccountsPage(app, context, { cipher: paymentDetails, uploads });
    await registerLocalP2cPaymentsPage(app, context, uploads);
  }

  if (dependencies.appDir === null) {
    app.setNotFoundHandler((request) => {
      throw apiNotFound(request.method, request.url);
    });
  } else {
    await serveApp(app, dependencies.appDir);
  }
  return app;
}
