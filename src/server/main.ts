import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig, type TelegramConfig } from './config';
import { openDatabase } from './db/client';
import { seedChainAddressFlags } from './integrations/chain/address-flags';
import { localPaymentSystem } from './integrations/payment-system/local-payment-system';
import { walkingPriceFeed } from './integrations/prices/walking-feed';
import { localLoginPath } from './integrations/telegram/settings';
import { startWithdrawalWorker } from './modules/chain-simulator/worker';
import { localOperatorPath } from './modules/operator/local-page';
import { localBankPath, localShopPath } from './modules/p2c-local-shop/page';
import { inProcessLiveEvents } from './modules/p2c-payments/live-events';
import { startP2cTimersWorker } from './modules/p2c-payments/timers-worker';
import { startMerchantRefundWorker } from './modules/p2p-merchant/refunds';
import { startNotificationWorker } from './modules/p2p-notifications/worker';
import { startOrderTimersWorker } from './modules/p2p-orders/timers-worker';
import { isInQuietHours } from './modules/p2p-profile/quiet-hours';
import { botApiFor } from './modules/security/bot';
import { diskFileStore } from './modules/uploads/file-store';
import { s3FileStore } from './modules/uploads/s3-store';
import { localIdentityProviderPath } from './modules/verification/local-pages';
import { seedCatalogue } from './modules/wallet/seed';

/** Start-up: config → database (migrate, seed) → app → listen; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  await seedCatalogue(database.db);
  await seedChainAddressFlags(database.db);

  // Announced by the P2C routes and timers after each commit; the live list's sockets listen to it
  // and pass it on to the other instances.
  const p2cLiveEvents = inProcessLiveEvents((error) =>
    app.log.error({ err: error }, 'A P2C live list listener failed'),
  );
  const app = await buildApp({
    database,
    p2cLiveEvents,
    appDir: config.appDir,
    logLevel: config.logLevel,
    validateResponses: config.validateResponses,
    telegram: config.telegram,
    sessions: config.sessions,
    trustProxy: config.trustProxy,
    security: config.mail,
    fileStore:
      config.uploadsBucket === null
        ? diskFileStore(join(config.dataDir, 'uploads'))
        : s3FileStore(config.uploadsBucket),
    operatorIds: config.operatorIds,
    restrictedCountries: config.restrictedCountries,
    featureFlags: config.featureFlags,
    ...(config.paymentDetailsSecret === undefined ? {} : { paymentDetailsSecret: config.paymentDetailsSecret }),
    // Unset: the stored prices, as buildApp's default.
    ...(config.priceFeed.kind === 'walk'
      ? { priceFeed: walkingPriceFeed(database.db, { ...config.priceFeed, now: () => new Date() }) }
      : {}),
  });

  // Every instance runs it: rows are taken with SKIP LOCKED, so instances never step one twice.
  const withdrawalWorker = startWithdrawalWorker({
    db: database.db,
    now: () => new Date(),
    stepMs: config.chain.stepMs,
    onError: (error) => app.log.error({ err: error }, 'The withdrawal worker failed a pass'),
  });

  const merchantRefundWorker = startMerchantRefundWorker({
    db: database.db,
    now: () => new Date(),
    onError: (error) => app.log.error({ err: error }, 'The merchant refund worker failed a pass'),
  });

  // Order timers and settlements: SKIP LOCKED too, so every instance runs it.
  const orderTimersWorker = startOrderTimersWorker({
    db: database.db,
    now: () => new Date(),
    onError: (error) => app.log.error({ err: error }, 'The order timers worker failed a pass'),
  });

  // P2C payment timers (pending, processing, dispute window): SKIP LOCKED too, so every instance runs it.
  const p2cTimersWorker = startP2cTimersWorker({
    db: database.db,
    paymentSystem: localPaymentSystem(database.db),
    live: p2cLiveEvents,
    now: () => new Date(),
    onError: (error) => app.log.error({ err: error }, 'The P2C timers worker failed a pass'),
  });

  // Order notices: written in each change's transaction, sent here after commit (SKIP LOCKED).
  const notificationWorker = startNotificationWorker({
    db: database.db,
    botApi: botApiFor(database.db, config.telegram),
    botUsername: config.telegram.botUsername,
    isInQuietHours,
    now: () => new Date(),
    onError: (error) => app.log.error({ err: error }, 'The P2P notification worker failed a pass'),
  });

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await withdrawalWorker.stop();
    await orderTimersWorker.stop();
    await p2cTimersWorker.stop();
    await notificationWorker.stop();
    await merchantRefundWorker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const where = database.kind === 'pglite' ? `PGlite, data in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const what = config.appDir === null ? 'The Kopilka API is listening' : 'Kopilka is running';
  console.log(`${what} at http://localhost:${port} (database: ${where}, listening on ${config.host})`);
  console.log(localModeNotice(config.telegram, port, config.host));
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Says whether local mode is on, and where its pieces are; never the token itself. Local mode
 * lets anyone sign in as anyone and mint test money, so it is said loudly, and louder still
 * when it listens beyond this machine.
 */
function localModeNotice(telegram: TelegramConfig, port: number, host: string): string {
  if (!telegram.localMode) return `Local mode: off (Telegram bot @${telegram.botUsername}, id ${telegram.botId})`;
  const token =
    telegram.generatedTokenPath === null
      ? 'the BOT_TOKEN given'
      : `a generated token kept in ${telegram.generatedTokenPath}`;
  const rule = '='.repeat(78);
  const exposed = loopbackHosts.has(host)
    ? 'It listens on this machine only.'
    : `WARNING: HOST=${host} exposes it beyond this machine: anyone who reaches it can sign in as anyone.`;
  return [
    rule,
    'LOCAL MODE: for development only. Sign-in is a stand-in, e-mail and bot messages go to',
    `/local/mailbox, and /local/chain mints test money. ${exposed}`,
    `Bot id ${telegram.botId}, signed with ${token}.`,
    `Telegram's login page stand-in: http://localhost:${port}${localLoginPath}`,
    `The identity provider's reviewer stand-in: http://localhost:${port}${localIdentityProviderPath}`,
    `The compliance operator stand-in: http://localhost:${port}${localOperatorPath}`,
    `The P2C shop and bank stand-ins: http://localhost:${port}${localShopPath} and ${localBankPath}`,
    'For a deployment set NODE_ENV=production, BOT_TOKEN, BOT_USERNAME and PUBLIC_URL.',
    rule,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error('Kopilka failed to start:', error);
  process.exit(1);
});
