// Starts the real server for the end-to-end run on a throwaway data directory,
// so every run begins from a freshly migrated and seeded database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'kopilka-e2e-'));
// Local mode with a known bot token, so the tests can sign init data as Telegram would.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOCAL_MODE: '1',
  BOT_TOKEN: '7000000001:e2e-test-secret-not-for-production',
  BOT_USERNAME: 'kopilka_e2e_bot',
  LOG_LEVEL: 'warn',
  // Withdrawals walk created → processing → sent → completed in about two seconds.
  CHAIN_STEP_MS: '600',
  // The compliance operator the verification tests act as (e2e/support/operator.ts).
  OPERATOR_IDS: '700000099',
  // Reference prices hold still, so a floating offer's price is the same on every screen of a test
  // (local mode would walk them; docs/p2p.md). The P2P flags are on as in every local mode.
  PRICE_FEED: 'stored',
};
// The end-to-end run always uses the embedded database, whatever the shell has set.
delete env.DATABASE_URL;
const child = spawn(process.execPath, ['scripts/start.ts'], { stdio: 'inherit', env });

function stop(signal: NodeJS.Signals): void {
  child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
