// @ts-check
// StrykerJS over the money, auth and lifecycle modules (docs/testing.md). Not part of `npm test`:
// run `npm run mutate` (every module, one after another) or `npm run mutate -- ledger telegram`.
// One module per run: KOPILKA_MUTATE names it, and stryker/vitest.config.ts then loads only the
// server tests that exercise that module, so each mutant runs a few relevant files, not the suite.
import { mutationModules } from './stryker/modules.ts';

const name = process.env.KOPILKA_MUTATE ?? 'ledger';
const module = mutationModules[name];
if (module === undefined) {
  throw new Error(`KOPILKA_MUTATE=${name} is not one of: ${Object.keys(mutationModules).join(', ')}`);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker/vitest.config.ts', related: false },
  mutate: module.mutate,
  coverageAnalysis: 'perTest',
  // The machine is shared: two test processes at most.
  concurrency: Number(process.env.KOPILKA_MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  timeoutFactor: 2,
  incremental: true,
  incrementalFile: `reports/stryker/${name}/incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/stryker/${name}/index.html` },
  jsonReporter: { fileName: `reports/stryker/${name}/mutation.json` },
  thresholds: { high: 90, low: 80, break: null },
  // TypeScript 7 has no JavaScript API, which Stryker's tsconfig rewriting calls; our tsconfig has
  // no `extends` or `references` to rewrite, so point Stryker at a file that does not exist.
  tsconfigFile: 'stryker/no-tsconfig-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // The sandbox needs the server, the contract and the server tests; not the app, e2e or docs.
  ignorePatterns: [
    'dist',
    // Build folders of parallel e2e runs (dist-h2, …): changing under a run, they break its copy.
    'dist-*',
    'data',
    'docs',
    'e2e',
    // The app, except its pure helpers (the amount-input rule is a money module).
    'src/app/*',
    '!src/app/lib',
    'public',
    'locales',
    'reports',
    'test-results',
    'playwright-report',
  ],
};
