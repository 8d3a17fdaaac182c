import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedCatalogue } from './modules/wallet/seed';

/** Start-up: config → database (migrate, seed) → app → listen; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  await seedCatalogue(database.db);

  const app = await buildApp({
    database,
    appDir: config.appDir,
    logLevel: config.logLevel,
    validateResponses: config.validateResponses,
  });

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
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
  console.log(`Kopilka is running at http://localhost:${port} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error('Kopilka failed to start:', error);
  process.exit(1);
});
