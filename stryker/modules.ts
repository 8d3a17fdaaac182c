// The modules `npm run mutate` covers: which files Stryker mutates and which server tests run
// against those mutants. Shared by stryker.config.mjs and stryker/vitest.config.ts.

export interface MutationModule {
  /** Globs of the files Stryker mutates. */
  readonly mutate: string[];
  /** Globs of the test files that run against those mutants. */
  readonly tests: string[];
}

export const mutationModules: Readonly<Record<string, MutationModule>> = {
  ledger: {
    mutate: ['src/server/ledger/**/*.ts'],
    tests: [
      'tests/server/ledger.test.ts',
      'tests/server/ledger-properties.test.ts',
      'tests/server/ledger-concurrency.test.ts',
      'tests/server/ledger-mutants.test.ts',
      'tests/server/chain-withdrawal-transitions.test.ts',
    ],
  },
  telegram: {
    mutate: ['src/server/integrations/telegram/**/*.ts'],
    tests: [
      'tests/server/telegram-algorithms.test.ts',
      'tests/server/telegram-near-misses.test.ts',
      'tests/server/telegram-mutants.test.ts',
      'tests/server/sign-in.test.ts',
      'tests/server/config.test.ts',
      'tests/server/local-login.test.ts',
    ],
  },
  // The simulator in two parts, so the lifecycle (withdrawals, worker) runs on its own: each of its
  // mutants starts a test server, and the deposit side alone has some 200 mutants.
  'chain-withdrawals': {
    mutate: [
      'src/server/modules/chain-simulator/withdrawals.ts',
      'src/server/modules/chain-simulator/worker.ts',
      'src/server/modules/chain-simulator/errors.ts',
    ],
    tests: [
      'tests/server/chain-withdrawals.test.ts',
      'tests/server/chain-withdrawal-transitions.test.ts',
      'tests/server/chain-simulator-mutants.test.ts',
    ],
  },
  'chain-deposits': {
    mutate: [
      'src/server/modules/chain-simulator/deposits.ts',
      'src/server/modules/chain-simulator/flags.ts',
      'src/server/modules/chain-simulator/routes.ts',
    ],
    tests: [
      'tests/server/chain-deposits.test.ts',
      'tests/server/chain-check.test.ts',
      'tests/server/chain-routes.test.ts',
      'tests/server/chain-simulator-mutants.test.ts',
    ],
  },
  withdrawals: {
    mutate: ['src/server/modules/withdrawals/**/*.ts'],
    tests: ['tests/server/withdrawals.test.ts', 'tests/server/withdrawals-mutants.test.ts'],
  },
  auth: {
    mutate: ['src/server/modules/auth/**/*.ts'],
    tests: [
      'tests/server/sign-in.test.ts',
      'tests/server/sessions.test.ts',
      'tests/server/settings.test.ts',
      'tests/server/referrals.test.ts',
      'tests/server/device-label.test.ts',
      'tests/server/security-takeover.test.ts',
      'tests/server/telegram-near-misses.test.ts',
      'tests/server/rate-limits.test.ts',
    ],
  },
  'rate-limits': {
    mutate: ['src/server/http/rate-limit.ts'],
    tests: ['tests/server/rate-limits.test.ts'],
  },
  security: {
    mutate: ['src/server/modules/security/**/*.ts'],
    tests: ['tests/server/security-*.test.ts', 'tests/server/hashing.test.ts', 'tests/server/withdrawals.test.ts'],
  },
};
