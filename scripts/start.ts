// `npm start`: builds the app when its sources are newer than the last build, then starts the
// server (which migrates and seeds the database). Runs on Node's own type stripping, so it keeps
// to erasable TypeScript; the server itself (bundler-style imports) loads through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

/** What the build reads; a change to any of them makes the built app stale. */
const buildInputs = [
  'src/app',
  'src/contract',
  'machines',
  'locales',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/vite',
  'lingui.config.ts',
  'package-lock.json',
];

/** Files the build writes into its own inputs; they must not make the result look stale. */
const buildOutputs = [/routeTree\.gen\.ts$/, /locales\/[^/]+\/messages\.(ts|js|mjs)$/];

function newestModification(path: string): number {
  if (!existsSync(path) || buildOutputs.some((pattern) => pattern.test(path))) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  // A folder's own time changes whenever the build writes a generated file into it, so only
  // the files inside count.
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), 0);
}

function buildIfStale(appDir: string): void {
  const builtIndex = join(appDir, 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesChangedAt = Math.max(...buildInputs.map(newestModification));
  if (builtAt > sourcesChangedAt) return;
  console.log(
    builtAt === 0 ? 'Building the app (first start)…' : 'Sources changed since the last build: rebuilding the app…',
  );
  // Into the directory that will be served, so APP_DIR and the build always agree.
  const build = spawnSync('npm', ['run', 'build', '--', '--outDir', appDir], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The app did not build; fix the error above and run `npm start` again.');
    process.exit(build.status ?? 1);
  }
}

register();
// A deployment that is missing a setting (BOT_TOKEN in production, PUBLIC_URL…) stops here,
// naming it, before minutes of building.
const { loadConfig } = await import('../src/server/config.ts');
try {
  loadConfig();
} catch (error) {
  console.error(`Kopilka cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (process.env.SERVE_APP !== '0') {
  buildIfStale(resolve(process.env.APP_DIR || 'dist/app'));
}
await import('../src/server/main.ts');
