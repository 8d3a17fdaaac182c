import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { mutationModules } from './modules.ts';

// The Vitest configuration Stryker runs mutants with: the server tests of one module
// (KOPILKA_MUTATE, see stryker/modules.ts), without the app's plugins.
const name = process.env.KOPILKA_MUTATE ?? 'ledger';
const module = mutationModules[name];
if (module === undefined) throw new Error(`Unknown mutation module ${name}`);

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    include: module.tests,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
