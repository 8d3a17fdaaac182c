// The modules `npm run mutate` covers: which files Stryker mutates and which server tests run
// against those mutants. Shared by stryker.config.mjs and stryker/vitest.config.ts.

export interface MutationModule {
  /** Globs of the files Stryker mutates. */
  readonly mutate: string[];
  /** Globs of the test files that run against those mutants. */
  readonly tests: string[];
}

const securityTests = [
  'tests/server/security-*.test.ts',
  'tests/server/hashing.test.ts',
  'tests/server/withdrawals.test.ts',
  'tests/server/public-origin.test.ts',
  'tests/server/rate-limits.test.ts',
];

export const mutationModules: Readonly<Record<string, MutationModule>> = {
  // The one amount-input rule of every amount field, and the withdraw amount's limits on top of it.
  'amount-input': {
    mutate: ['src/app/lib/amountInput.ts', 'machines/withdraw/amountRules.ts'],
    tests: ['tests/app/lib/amountInput.test.ts', 'tests/machines/withdraw.model.test.ts'],
  },
  // Who may use the P2P market: effective feature flags, and the gate of every /p2p call.
  'p2p-access': {
    mutate: ['src/server/modules/settings/feature-flags.ts', 'src/server/modules/p2p-market/access.ts'],
    tests: [
      'tests/server/p2p-market-feature-flags.test.ts',
      'tests/server/p2p-market.test.ts',
      'tests/server/p2p-payment-methods.test.ts',
    ],
  },
  // The P2P order lifecycle machine: who may do what in each status, causes, the viewer's actions.
  'p2p-order-machine': {
    mutate: ['machines/p2pOrder.machine.ts'],
    tests: ['tests/machines/p2pOrder.machine.test.ts'],
  },
  // P2P order escrow: from the reservation or the taker's balance, release with the fee, return.
  'p2p-order-escrow': {
    mutate: ['src/server/modules/p2p-orders/escrow.ts'],
    tests: ['tests/server/p2p-orders.test.ts', 'tests/server/p2p-disputes.test.ts'],
  },
  // P2C money: every posting of a payment (hold, expiry, completion into the merchant's held
  // balance, the dispute window, support's refund) and the quote's maths.
  'p2c-money': {
    mutate: [
      'src/server/modules/p2c-payments/escrow.ts',
      'src/server/modules/p2c-payments/quote.ts',
      'src/server/modules/p2c-payments/money.ts',
    ],
    tests: [
      'tests/server/p2c-quote.test.ts',
      'tests/server/p2c-pay.test.ts',
      'tests/server/p2c-lifecycle.test.ts',
      'tests/server/p2c-merchant-money.test.ts',
      'tests/server/p2c-escrow-mutants.test.ts',
    ],
  },
  // P2P offers: bounds, the reservation in the ledger, lists and their order, cursor and hidden rules.
  'p2p-offers': {
    mutate: ['src/server/modules/p2p-offers/**/*.ts'],
    tests: [
      'tests/server/p2p-offers.test.ts',
      'tests/server/p2p-offers-lists.test.ts',
      'tests/server/p2p-offers-reservations.test.ts',
      'tests/server/p2p-offers-money.test.ts',
    ],
  },
  // The checks of P2P payment details (Luhn, IBAN mod 97, E.164, names) the app and server share.
  'p2p-payment-details': {
    mutate: ['src/contract/p2p-payment-details.ts'],
    tests: ['tests/server/p2p-payment-methods-validators.test.ts'],
  },
  ledger: {
    mutate: ['src/server/ledger/**/*.ts'],
    tests: [
      'tests/server/ledger.test.ts',
      'tests/server/ledger-properties.test.ts',
      'tests/server/ledger-concurrency.test.ts',
      'tests/server/ledger-mutants.test.ts',
      'tests/server/chain-withdrawal-transitions.test.ts',
      'tests/server/ledger-user-operations.test.ts',
    ],
  },
  // The history page read from the postings' summary, and PGlite's planner statistics.
  history: {
    mutate: ['src/server/modules/wallet-history/operations.ts', 'src/server/db/planner-statistics.ts'],
    tests: [
      'tests/server/wallet-history-transactions.test.ts',
      'tests/server/ledger-user-operations.test.ts',
      'tests/server/planner-statistics.test.ts',
    ],
  },
  // Verification's rules: step order and level status, the signed contact, personal data, decisions.
  verification: {
    mutate: [
      'src/server/integrations/telegram/contact.ts',
      'src/server/modules/verification/levels.ts',
      'src/server/modules/verification/phone.ts',
      'src/server/modules/verification/phone-number.ts',
      'src/server/modules/verification/personal-data.ts',
      'src/server/modules/verification/step-records.ts',
      'src/server/modules/verification/identity-provider.ts',
      'src/server/modules/verification/provider-steps.ts',
      'src/server/modules/verification/withdraw-gate.ts',
    ],
    tests: ['tests/server/verification*.test.ts'],
  },
  // Uploads (size, type by bytes, one file, storage), apart from what they serve: each of their
  // tests writes files, so together with the operator tests a run took hours.
  uploads: {
    mutate: [
      'src/server/modules/uploads/service.ts',
      'src/server/modules/uploads/file-store.ts',
      'src/server/modules/uploads/routes.ts',
    ],
    tests: ['tests/server/uploads.test.ts', 'tests/server/uploads-s3.test.ts'],
  },
  // Documents, compliance requests and how they settle, the operator area and its stand-in.
  compliance: {
    mutate: [
      'src/server/modules/compliance/service.ts',
      'src/server/modules/operator/access.ts',
      'src/server/modules/operator/service.ts',
    ],
    tests: ['tests/server/compliance.test.ts', 'tests/server/operator.test.ts', 'tests/server/operator-local.test.ts'],
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
      'tests/server/chain-deposits-mutants.test.ts',
    ],
  },
  withdrawals: {
    mutate: ['src/server/modules/withdrawals/**/*.ts'],
    tests: [
      'tests/server/withdrawals.test.ts',
      'tests/server/withdrawals-mutants.test.ts',
      'tests/server/rate-limits.test.ts',
    ],
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
      'tests/server/local-login.test.ts',
      'tests/server/auth-mutants.test.ts',
    ],
  },
  'rate-limits': {
    mutate: ['src/server/http/rate-limit.ts'],
    tests: ['tests/server/rate-limits.test.ts'],
  },
  // The polled balance: its one statement and valuation, and the ETag / 304 answer.
  balance: {
    mutate: ['src/server/modules/wallet-history/balance.ts', 'src/server/http/revalidation.ts'],
    tests: ['tests/server/wallet-history-balance.test.ts', 'tests/server/security-headers.test.ts'],
  },
  // The security module in two parts (some 1,000 mutants at once): passcode, tokens and holds;
  // then e-mail, takeover, sessions, the bot and the routes.
  'security-passcode': {
    mutate: [
      'src/server/modules/security/biometric.ts',
      'src/server/modules/security/context.ts',
      'src/server/modules/security/errors.ts',
      'src/server/modules/security/hashing.ts',
      'src/server/modules/security/lockout.ts',
      'src/server/modules/security/outflow-hold.ts',
      'src/server/modules/security/passcode.ts',
      'src/server/modules/security/store.ts',
      'src/server/modules/security/tokens.ts',
    ],
    tests: securityTests,
  },
  'security-email': {
    mutate: [
      'src/server/modules/security/bot.ts',
      'src/server/modules/security/email-codes.ts',
      'src/server/modules/security/email.ts',
      'src/server/modules/security/info.ts',
      'src/server/modules/security/mail.ts',
      'src/server/modules/security/messages.ts',
      'src/server/modules/security/pages.ts',
      'src/server/modules/security/routes.ts',
      'src/server/modules/security/sessions.ts',
      'src/server/modules/security/takeover.ts',
    ],
    tests: securityTests,
  },
};
