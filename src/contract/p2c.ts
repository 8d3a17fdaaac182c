import * as z from 'zod/mini';
import { smallestUnits } from './amount';
import { apiBasePath, defineEndpoint } from './endpoint';
import { fiatAmount } from './p2p-codes';
import { opaqueToken } from './security';
import { visibleLines } from './visible-text';

// P2C: a client pays a shop's Russian payment QR code with crypto; a merchant (a user with the
// `p2c-merchant` verification level and an active payment account) pays the code from their bank
// in roubles and receives the client's crypto. Spec 001 s.2, s.3 "P2C payment", "P2C account",
// s.4, s.7 "P2C"; spec 000 `/qr-pay`, `qr-pay-{id}`, the P2C transaction types, the flags and
// the token purpose `p2c_qr`. The spec names the reads; every write below, the quote, the
// deadlines, the dispute and the operator's side are ours: docs/p2c.md.
//
// Crypto amounts are smallest units (strings); rouble amounts are fiat amounts ("1500", "99.9").

const isoDateTime = z.iso.datetime({ offset: true });
const numericId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));
const idParams = z.object({ id: numericId });

// ---------------------------------------------------------------------------------------------
// Constants (docs/p2c.md "Constants")

/** The only fiat P2C pays: the codes are the Russian national payment system's. */
export const p2cFiat = 'RUB';
/** What a client can pay with. */
export const p2cAssets = ['USDT', 'TON'] as const;
export const p2cAsset = z.enum(p2cAssets);
export type P2cAsset = z.infer<typeof p2cAsset>;
/** A quote holds its rate this long; the view refreshes it before then. */
export const p2cQuoteSeconds = 30;
/** A pending payment waits this long for a merchant to take it, then expires (crypto returned). */
export const p2cPendingSeconds = 300;
/** A taken payment must be marked paid within this long, else support looks at it (docs/p2c.md). */
export const p2cProcessingSeconds = 300;
/** The client may dispute a completed payment this long after completion. */
export const p2cDisputeWindowSeconds = 24 * 60 * 60;
/** Smallest and largest code a client may pay, in roubles. */
export const p2cMinimumRub = '100';
export const p2cMaximumRub = '100000';
/** Receipt files: the upload rules of verification (images or PDF, 10 MB). */
export const maxCheckBytes = 10 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// QR codes

/** Spec 001 s.3 "P2C payment": type. */
export const p2cQrTypes = ['nspk', 'platiqr'] as const;
export const p2cQrType = z.enum(p2cQrTypes);
export type P2cQrType = z.infer<typeof p2cQrType>;

/** A code's id: the path segment of a `qr.nspk.ru` link, or the `platiqr` form's id. */
export const p2cQrId = z.string().check(z.regex(/^[A-Za-z0-9]{8,64}$/, 'Expected a payment code id'));

/** Whether the code can still be paid (a shop's code is paid once; a dynamic code expires). */
export const p2cQrStates = ['payable', 'paid', 'expired'] as const;
export const p2cQrState = z.enum(p2cQrStates);

export const p2cPayee = z.object({
  /** The shop's name as the payment system gives it. */
  name: z.string(),
  /** The shop's bank. */
  bank_name: z.string(),
});
export type P2cPayee = z.infer<typeof p2cPayee>;

/** What a code asks for. */
export const p2cQrCode = z.object({
  id: p2cQrId,
  type: p2cQrType,
  payee: p2cPayee,
  /** Roubles the code asks for. */
  fiat_amount: fiatAmount,
  fiat: z.literal(p2cFiat),
  /** Shop's purpose text, when the code carries one. */
  purpose: z.nullable(z.string()),
  state: p2cQrState,
});
export type P2cQrCode = z.infer<typeof p2cQrCode>;

/**
 * The price of a code in one asset, held for {@link p2cQuoteSeconds}. The client pays
 * `total` = `amount` + `fee`; the merchant receives `amount`, the service `fee`.
 */
export const p2cQuote = z.object({
  /** Opaque, signed by the server; paying with an expired one answers `quote_expired` with a fresh quote. */
  id: z.string().check(z.minLength(1), z.maxLength(512)),
  asset: p2cAsset,
  /** Roubles per one whole unit of the asset. */
  rate: fiatAmount,
  amount: smallestUnits,
  fee: smallestUnits,
  total: smallestUnits,
  expires_at: isoDateTime,
});
export type P2cQuote = z.infer<typeof p2cQuote>;

// ---------------------------------------------------------------------------------------------
// Payments

/** Spec 001 s.4 "P2C payment, client view"; `expired` is shown as canceled. */
export const p2cClientStatuses = ['pending', 'processing', 'completed', 'expired', 'disputed', 'refunded'] as const;
export const p2cClientStatus = z.enum(p2cClientStatuses);
export type P2cClientStatus = z.infer<typeof p2cClientStatus>;

/** Spec 001 s.4 "P2C payment, merchant view". */
export const p2cMerchantStatuses = ['processing', 'completed', 'canceled', 'disputed', 'refunded'] as const;
export const p2cMerchantStatus = z.enum(p2cMerchantStatuses);
export type P2cMerchantStatus = z.infer<typeof p2cMerchantStatus>;

/**
 * Spec 001 s.3 "method kind": how the code is being paid. `balance`: from the client's crypto
 * balance, nobody has taken it yet; `qr`: a merchant is paying the code; `qr-paid`: the merchant
 * says they paid it (receipt attached); `bank`: the payment was settled by support from the
 * merchant's bank statement (a dispute confirmed).
 */
export const p2cMethodKinds = ['bank', 'balance', 'qr', 'qr-paid'] as const;
export const p2cMethodKind = z.enum(p2cMethodKinds);

export const p2cDisputeReasons = ['shop_not_paid', 'wrong_amount', 'paid_twice', 'other'] as const;
export const p2cDisputeReason = z.enum(p2cDisputeReasons);
export type P2cDisputeReason = z.infer<typeof p2cDisputeReason>;

export const p2cDisputeOutcomes = ['confirm', 'refund'] as const;
export const p2cDisputeOutcome = z.enum(p2cDisputeOutcomes);

export const p2cDispute = z.object({
  reason: p2cDisputeReason,
  message: z.string(),
  opened_at: isoDateTime,
  resolution: z.nullable(z.object({ outcome: p2cDisputeOutcome, note: z.string(), at: isoDateTime })),
});

export const p2cCheck = z.object({
  id: z.string(),
  name: z.string(),
  media_type: z.string(),
  size: z.int(),
  uploaded_at: isoDateTime,
});
export type P2cCheck = z.infer<typeof p2cCheck>;

/** A payment as its client sees it: never the merchant's identity or account. */
export const p2cClientPayment = z.object({
  id: z.int(),
  qr_id: p2cQrId,
  type: p2cQrType,
  method: p2cMethodKind,
  status: p2cClientStatus,
  payee: p2cPayee,
  fiat_amount: fiatAmount,
  fiat: z.literal(p2cFiat),
  asset: p2cAsset,
  rate: fiatAmount,
  amount: smallestUnits,
  fee: smallestUnits,
  total: smallestUnits,
  created_at: isoDateTime,
  /** When the running wait ends (pending: a merchant must take it; processing: mark it paid); else null. */
  deadline_at: z.nullable(isoDateTime),
  completed_at: z.nullable(isoDateTime),
  /** Until when the client may dispute (completed only), else null. */
  dispute_until: z.nullable(isoDateTime),
  dispute: z.nullable(p2cDispute),
});
export type P2cClientPayment = z.infer<typeof p2cClientPayment>;

/** A payment as the merchant who took it sees it: what paying needs, never who the client is. */
export const p2cMerchantPayment = z.object({
  id: z.int(),
  status: p2cMerchantStatus,
  method: p2cMethodKind,
  qr: z.object({
    id: p2cQrId,
    type: p2cQrType,
    /** The code's link, to open or scan in the merchant's bank app. */
    link: z.string(),
    payee: p2cPayee,
    purpose: z.nullable(z.string()),
  }),
  fiat_amount: fiatAmount,
  fiat: z.literal(p2cFiat),
  asset: p2cAsset,
  rate: fiatAmount,
  /** What the merchant receives on completion. */
  reward: smallestUnits,
  taken_at: isoDateTime,
  deadline_at: z.nullable(isoDateTime),
  paid_at: z.nullable(isoDateTime),
  /** The account the merchant paid from (chosen when marking paid). */
  account: z.nullable(z.object({ id: z.int(), bank_name: z.string(), number_last4: z.string() })),
  check: z.nullable(p2cCheck),
  dispute: z.nullable(p2cDispute),
});
export type P2cMerchantPayment = z.infer<typeof p2cMerchantPayment>;

/** A pending payment in merchants' live list (`/p2c/orders`): nothing about the client. */
export const p2cLiveItem = z.object({
  id: z.int(),
  type: p2cQrType,
  fiat_amount: fiatAmount,
  fiat: z.literal(p2cFiat),
  asset: p2cAsset,
  reward: smallestUnits,
  payee_bank: z.string(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
});
export type P2cLiveItem = z.infer<typeof p2cLiveItem>;

export const p2cRoles = ['client', 'merchant'] as const;
export const p2cRole = z.enum(p2cRoles);
export type P2cRole = z.infer<typeof p2cRole>;

export const p2cPaymentListItem = z.object({
  id: z.int(),
  role: p2cRole,
  /** In the vocabulary of `role` (client or merchant statuses). */
  status: z.union([p2cClientStatus, p2cMerchantStatus]),
  payee_name: z.string(),
  fiat_amount: fiatAmount,
  asset: p2cAsset,
  /** The client's total, or the merchant's reward. */
  amount: smallestUnits,
  created_at: isoDateTime,
});
export type P2cPaymentListItem = z.infer<typeof p2cPaymentListItem>;

/** `unique_hash`: 64 characters, regenerated when the pay step opens and after an error (as P2P orders). */
export const p2cUniqueHash = z.string().check(z.regex(/^[A-Za-z0-9]{64}$/));

const dayDate = z.iso.date();

// ---------------------------------------------------------------------------------------------
// Payment accounts (the merchant's bank accounts and cards)

/** Spec 001 s.4 "P2C account". */
export const p2cAccountStatuses = [
  'created',
  'pending',
  'active',
  'disabled',
  'requested_verification',
  'under_verification',
  'rejected',
] as const;
export const p2cAccountStatus = z.enum(p2cAccountStatuses);
export type P2cAccountStatus = z.infer<typeof p2cAccountStatus>;

/** Spec 001 s.4 "P2C document". */
export const p2cDocumentStatuses = ['uploaded', 'completed', 'rejected'] as const;
export const p2cDocumentStatus = z.enum(p2cDocumentStatuses);

export const p2cAccountKinds = ['card', 'account'] as const;
export const p2cAccountKind = z.enum(p2cAccountKinds);
export type P2cAccountKind = z.infer<typeof p2cAccountKind>;

export const p2cBank = z.object({
  id: z.string().check(z.regex(/^[a-z0-9_]{2,32}$/)),
  name: z.string(),
});
export type P2cBank = z.infer<typeof p2cBank>;

export const p2cDocument = z.object({
  id: z.string(),
  status: p2cDocumentStatus,
  name: z.string(),
  media_type: z.string(),
  size: z.int(),
  uploaded_at: isoDateTime,
});

export const p2cAccount = z.object({
  id: z.int(),
  status: p2cAccountStatus,
  kind: p2cAccountKind,
  bank: p2cBank,
  /** The whole number, to its owner only (16–19 card digits, or 20 account digits). */
  number: z.string(),
  holder_name: z.string(),
  documents: z.array(p2cDocument),
  /** Support's note with its last decision, else null. */
  note: z.nullable(z.string()),
  created_at: isoDateTime,
});
export type P2cAccount = z.infer<typeof p2cAccount>;

/** Checked by the server: a card number passes Luhn, an account is 20 digits (docs/p2c.md). */
const accountFields = {
  kind: p2cAccountKind,
  bank_id: p2cBank.shape.id,
  number: z.string().check(z.regex(/^[0-9]{16,20}$/, 'Expected 16 to 20 digits')),
  holder_name: z.string().check(z.trim(), z.minLength(2), z.maxLength(100), visibleLines),
};

// ---------------------------------------------------------------------------------------------
// The area's summary

export const p2cProfile = z.object({
  /** The caller may pay codes (`can_create_p2c_order`). */
  can_pay: z.boolean(),
  /** The caller may take payments (`can_accept_p2c_order`: the level and an active account). */
  can_take: z.boolean(),
  /** The caller holds the `p2c-merchant` verification level. */
  is_merchant: z.boolean(),
  active_accounts: z.int(),
  as_client: z.object({ payments: z.int(), completed: z.int(), fiat_total: fiatAmount }),
  as_merchant: z.object({
    payments: z.int(),
    completed: z.int(),
    fiat_total: fiatAmount,
    /** Completed payments of the last 30 days, per asset received. */
    rewards_30d: z.array(z.object({ asset: p2cAsset, amount: smallestUnits })),
  }),
});
export type P2cProfile = z.infer<typeof p2cProfile>;

export const p2cStatementMonth = z.object({
  /** YYYY-MM, UTC. */
  month: z.string().check(z.regex(/^[0-9]{4}-[0-9]{2}$/)),
  payments: z.int(),
  fiat_total: fiatAmount,
  rewards: z.array(z.object({ asset: p2cAsset, amount: smallestUnits })),
  refunded: z.int(),
});

export const p2cErrorCodes = {
  /** 404: no such code at the payment system. */
  qrNotFound: 'qr_not_found',
  /** 409: the code is paid or expired. */
  qrNotPayable: 'qr_not_payable',
  /** 422: the code asks for less than {@link p2cMinimumRub} or more than {@link p2cMaximumRub}; data: { min, max }. */
  qrAmountOutOfRange: 'qr_amount_out_of_range',
  /** 409: the quote is older than {@link p2cQuoteSeconds}; data: { quote } with a fresh one. */
  quoteExpired: 'quote_expired',
  /** 422: the balance does not cover the total; data: { available }. */
  insufficientFunds: 'insufficient_funds',
  /** 403: `can_create_p2c_order` is false for the caller. */
  payForbidden: 'p2c_pay_forbidden',
  /** 403: the caller is not a merchant with an active account. */
  takeForbidden: 'p2c_take_forbidden',
  /** 409: the payment is no longer waiting (another merchant took it, or it expired). */
  paymentNotPending: 'payment_not_pending',
  /** 409: the action does not fit the payment's status; data: { status }. */
  paymentStatusConflict: 'payment_status_conflict',
  /** 409: a merchant may pay at most this many payments at once (docs/p2c.md). */
  tooManyTaken: 'p2c_too_many_taken',
  /** 404: no payment of the caller's with this id. */
  paymentNotFound: 'payment_not_found',
  /** 422: mark paid needs an uploaded receipt. */
  checkRequired: 'check_required',
  /** 409: the dispute window has closed. */
  disputeWindowClosed: 'dispute_window_closed',
  /** 409: this unique_hash already made a payment with other values. */
  duplicateRequest: 'duplicate_request',
  /** 403: the passcode token is missing, spent, expired or bound to another operation (purpose `p2c_qr`, hash = unique_hash). */
  tokenInvalid: 'invalid_token',
  /** 403: `show_p2c` is off for the caller. */
  featureDisabled: 'feature_disabled',
  accountNotFound: 'account_not_found',
  /** 409: the account cannot change in its status; data: { status }. */
  accountStatusConflict: 'account_status_conflict',
  /** 422: a card number fails its check digit, or an account number is not 20 digits. */
  accountNumberInvalid: 'account_number_invalid',
  /** 422: no such bank. */
  bankUnknown: 'bank_unknown',
  /** 409: an account with this number already exists. */
  accountDuplicate: 'account_duplicate',
  /** 422: the account used to mark paid is not active. */
  accountNotActive: 'account_not_active',
  /** 403: adding or changing payment accounts needs the `p2c-merchant` level and an unblocked account. */
  accountsForbidden: 'p2c_accounts_forbidden',
  /** 422: submitting needs at least one document uploaded since the last decision. */
  accountDocumentRequired: 'account_document_required',
  /** 409: the account keeps as many documents as it may; data: { max }. */
  accountDocumentLimit: 'account_document_limit',
} as const;

// ---------------------------------------------------------------------------------------------
// Endpoints

/** Either role's statuses (a merchant's `canceled` is a client's `expired`). */
const paymentStatusFilter = z.enum([
  'pending',
  'processing',
  'completed',
  'expired',
  'canceled',
  'disputed',
  'refunded',
]);

export const p2cEndpoints = {
  /** What the code asks for, and a quote in `asset` (USDT when absent); the quote is null when the code is not payable. */
  getQrCode: defineEndpoint({
    method: 'GET',
    path: '/p2c/qr/:id',
    params: z.object({ id: p2cQrId }),
    query: z.object({ asset: z.optional(p2cAsset) }),
    response: z.object({
      qr: p2cQrCode,
      quote: z.nullable(p2cQuote),
      /** The caller's own unfinished payment of this code, so a rescan opens it instead of paying twice. */
      payment_id: z.nullable(z.int()),
    }),
    errors: [401, 403, 404, 422, 429],
    auth: true,
  }),
  /**
   * Pay a code: holds `total` of the asset and creates the payment `pending`. Idempotent on
   * `unique_hash`; `token` is a passcode token of purpose `p2c_qr` whose hash is `unique_hash`.
   */
  payQrCode: defineEndpoint({
    method: 'POST',
    path: '/p2c/qr/:id/pay',
    params: z.object({ id: p2cQrId }),
    body: z.object({
      asset: p2cAsset,
      quote_id: p2cQuote.shape.id,
      unique_hash: p2cUniqueHash,
      token: opaqueToken,
    }),
    response: p2cClientPayment,
    errors: [401, 403, 404, 409, 422, 429],
    auth: true,
  }),
  /** The caller's payments as client and as merchant, newest first. */
  listPayments: defineEndpoint({
    method: 'GET',
    path: '/p2c/payments',
    query: z.object({
      size: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
      cursor: z.optional(z.string().check(z.maxLength(200))),
      status: z.optional(paymentStatusFilter),
      /** Exact rouble amount. */
      amount: z.optional(fiatAmount),
      /** Inclusive UTC days. */
      start: z.optional(dayDate),
      end: z.optional(dayDate),
      role: z.optional(p2cRole),
    }),
    response: z.object({ data: z.array(p2cPaymentListItem), total: z.int(), cursor: z.nullable(z.string()) }),
    errors: [401, 403],
    auth: true,
  }),
  getPayment: defineEndpoint({
    method: 'GET',
    path: '/p2c/payments/:id',
    params: idParams,
    response: z.discriminatedUnion('role', [
      z.object({ role: z.literal('client'), payment: p2cClientPayment }),
      z.object({ role: z.literal('merchant'), payment: p2cMerchantPayment }),
    ]),
    errors: [401, 403, 404],
    auth: true,
  }),
  /** A merchant takes a pending payment: exactly one merchant wins; it leaves everyone's live list. */
  takePayment: defineEndpoint({
    method: 'POST',
    path: '/p2c/payments/take/:id',
    params: idParams,
    response: p2cMerchantPayment,
    errors: [401, 403, 404, 409, 429],
    auth: true,
  }),
  /** Multipart, the one part `file`: the bank's receipt for a taken payment (replaces an earlier one). */
  uploadCheck: defineEndpoint({
    method: 'POST',
    path: '/p2c/payments/:id/check',
    params: idParams,
    response: p2cCheck,
    errors: [401, 403, 404, 409, 413, 415, 429],
    auth: true,
    upload: true,
  }),
  /** The merchant paid the code from `account_id`, receipt uploaded: `completed`, crypto to the merchant. */
  markPaymentPaid: defineEndpoint({
    method: 'POST',
    path: '/p2c/payments/:id/paid',
    params: idParams,
    body: z.object({ account_id: numericId }),
    response: p2cMerchantPayment,
    errors: [401, 403, 404, 409, 422],
    auth: true,
  }),
  /** The client disputes a completed payment within {@link p2cDisputeWindowSeconds}. */
  disputePayment: defineEndpoint({
    method: 'POST',
    path: '/p2c/payments/:id/dispute',
    params: idParams,
    body: z.object({
      reason: p2cDisputeReason,
      message: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000), visibleLines),
    }),
    response: p2cClientPayment,
    errors: [401, 403, 404, 409],
    auth: true,
  }),
  /** The merchant's receipts, newest first. */
  listChecks: defineEndpoint({
    method: 'GET',
    path: '/p2c/checks',
    query: z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) }),
    response: z.object({
      data: z.array(
        z.object({ check: p2cCheck, payment_id: z.int(), fiat_amount: fiatAmount, status: p2cMerchantStatus }),
      ),
      cursor: z.nullable(z.string()),
    }),
    errors: [401, 403],
    auth: true,
  }),
  /** The merchant's months, newest first (the last 12). */
  listStatements: defineEndpoint({
    method: 'GET',
    path: '/p2c/statements',
    response: z.object({ months: z.array(p2cStatementMonth) }),
    errors: [401, 403],
    auth: true,
  }),
  getProfile: defineEndpoint({
    method: 'GET',
    path: '/p2c/profile',
    response: p2cProfile,
    errors: [401, 403],
    auth: true,
  }),
  listAccounts: defineEndpoint({
    method: 'GET',
    path: '/p2c/accounts',
    response: z.object({ accounts: z.array(p2cAccount) }),
    errors: [401, 403],
    auth: true,
  }),
  listBanks: defineEndpoint({
    method: 'GET',
    path: '/p2c/accounts/banks',
    response: z.object({ banks: z.array(p2cBank) }),
    errors: [401],
    auth: true,
  }),
  getAccount: defineEndpoint({
    method: 'GET',
    path: '/p2c/accounts/:id',
    params: idParams,
    response: p2cAccount,
    errors: [401, 403, 404],
    auth: true,
  }),
  /** A new account starts `created`: documents, then submit. Merchants only. */
  createAccount: defineEndpoint({
    method: 'POST',
    path: '/p2c/accounts',
    body: z.object(accountFields),
    response: p2cAccount,
    errors: [401, 403, 409, 422, 429],
    auth: true,
  }),
  /** Editing is allowed in `created`, `requested_verification` and `rejected`; it returns the account to `created`. */
  updateAccount: defineEndpoint({
    method: 'PATCH',
    path: '/p2c/accounts/:id',
    params: idParams,
    body: z.object({
      bank_id: z.optional(accountFields.bank_id),
      number: z.optional(accountFields.number),
      holder_name: z.optional(accountFields.holder_name),
    }),
    response: p2cAccount,
    errors: [401, 403, 404, 409, 422],
    auth: true,
  }),
  /** Multipart, the one part `file`: a statement or photo proving the account is the merchant's. */
  uploadAccountDocument: defineEndpoint({
    method: 'POST',
    path: '/p2c/accounts/:id/documents',
    params: idParams,
    response: p2cAccount,
    errors: [401, 403, 404, 409, 413, 415, 429],
    auth: true,
    upload: true,
  }),
  /** `created`, `requested_verification` or `rejected`, with a document uploaded since support's last decision → `pending` (support's queue). */
  submitAccount: defineEndpoint({
    method: 'POST',
    path: '/p2c/accounts/:id/submit',
    params: idParams,
    response: p2cAccount,
    errors: [401, 403, 404, 409, 422],
    auth: true,
  }),
  /** `active` → `disabled` (no payments taken with it) and back. */
  disableAccount: defineEndpoint({
    method: 'POST',
    path: '/p2c/accounts/:id/disable',
    params: idParams,
    response: p2cAccount,
    errors: [401, 403, 404, 409],
    auth: true,
  }),
  enableAccount: defineEndpoint({
    method: 'POST',
    path: '/p2c/accounts/:id/enable',
    params: idParams,
    response: p2cAccount,
    errors: [401, 403, 404, 409],
    auth: true,
  }),
};

// The operator area's side (the operators of src/contract/operator.ts).

export const operatorP2cAccount = z.object({
  account: p2cAccount,
  owner: z.object({ user_id: z.int(), telegram_id: z.number(), name: z.string() }),
});

export const operatorP2cPayment = z.object({
  id: z.int(),
  client: z.object({ user_id: z.int(), telegram_id: z.number() }),
  merchant: z.nullable(z.object({ user_id: z.int(), telegram_id: z.number() })),
  client_view: p2cClientPayment,
  merchant_view: z.nullable(p2cMerchantPayment),
  /** Every change of the payment, oldest first. */
  history: z.array(
    z.object({
      from: z.nullable(p2cClientStatus),
      to: p2cClientStatus,
      actor: z.enum(['client', 'merchant', 'timer', 'support']),
      /** Why, in a stable word (`no_merchant`, `merchant_timeout`, `check_uploaded`, …), or null. */
      detail: z.nullable(z.string()),
      at: isoDateTime,
    }),
  ),
});
export type OperatorP2cPayment = z.infer<typeof operatorP2cPayment>;

export const p2cOperatorEndpoints = {
  /** Accounts waiting for support (`pending`, `under_verification`) first. */
  listOperatorAccounts: defineEndpoint({
    method: 'GET',
    path: '/operator/p2c/accounts',
    query: z.object({ state: z.optional(z.enum(['waiting', 'all'])) }),
    response: z.object({ accounts: z.array(operatorP2cAccount) }),
    errors: [401, 404],
    auth: true,
  }),
  /** `review`: pending → under_verification; `approve` → active; `reject` → rejected; `request_documents` → requested_verification. */
  decideOperatorAccount: defineEndpoint({
    method: 'POST',
    path: '/operator/p2c/accounts/:id/decide',
    params: idParams,
    body: z.object({
      decision: z.enum(['review', 'approve', 'reject', 'request_documents']),
      note: z.string().check(z.trim(), z.maxLength(1000), visibleLines),
    }),
    response: operatorP2cAccount,
    errors: [401, 404, 409],
    auth: true,
  }),
  listOperatorPayments: defineEndpoint({
    method: 'GET',
    path: '/operator/p2c/payments',
    query: z.object({ state: z.optional(z.enum(['disputed', 'resolved'])) }),
    response: z.object({ payments: z.array(operatorP2cPayment) }),
    errors: [401, 404],
    auth: true,
  }),
  getOperatorPayment: defineEndpoint({
    method: 'GET',
    path: '/operator/p2c/payments/:id',
    params: idParams,
    response: operatorP2cPayment,
    errors: [401, 404],
    auth: true,
  }),
  /** `confirm`: the dispute is closed, the payment stays completed; `refund`: crypto back to the client from the merchant and the fee. */
  resolveOperatorPayment: defineEndpoint({
    method: 'POST',
    path: '/operator/p2c/payments/:id/resolve',
    params: idParams,
    body: z.object({
      outcome: p2cDisputeOutcome,
      note: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000), visibleLines),
    }),
    response: operatorP2cPayment,
    errors: [401, 404, 409],
    auth: true,
  }),
  /** A document of an account, as a download. */
  getOperatorAccountDocument: defineEndpoint({
    method: 'GET',
    path: '/operator/p2c/accounts/:id/documents/:file_id',
    params: z.object({ id: numericId, file_id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: z.unknown(),
    errors: [401, 404],
    auth: true,
    download: true,
  }),
  /** A payment's receipt, as a download. */
  getOperatorPaymentCheck: defineEndpoint({
    method: 'GET',
    path: '/operator/p2c/payments/:id/check',
    params: idParams,
    response: z.unknown(),
    errors: [401, 404],
    auth: true,
    download: true,
  }),
};

// ---------------------------------------------------------------------------------------------
// The live list (spec 001 s.7: socket.io, credentials sent)

/** socket.io's `path` option, on the app's origin (spec 000 s.7: base path + `p2c-socket`). */
export const p2cSocketPath = `${apiBasePath}/p2c-socket`;

export const p2cListOperation = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), data: p2cLiveItem }),
  /** The position in the list as the client holds it after the earlier operations of the same update. */
  z.object({ op: z.literal('remove'), pos: z.int().check(z.minimum(0)) }),
]);
export type P2cListOperation = z.infer<typeof p2cListOperation>;

/** Server → client: the whole list, oldest first; `seq` starts the numbering of later updates. */
export const p2cListSnapshot = z.object({ seq: z.int(), items: z.array(p2cLiveItem) });
export type P2cListSnapshot = z.infer<typeof p2cListSnapshot>;

/** Server → client: `seq` is the previous one plus one; a gap means an update was missed → re-initialise. */
export const p2cListUpdate = z.object({ seq: z.int(), operations: z.array(p2cListOperation) });
export type P2cListUpdate = z.infer<typeof p2cListUpdate>;

/**
 * Server → client when the list cannot be sent: `p2c_take_forbidden` when the caller may not
 * watch it (not a merchant, blocked); `rate_limited` when they re-initialise too often (wait
 * `seconds`, then initialise again).
 */
export const p2cListError = z.object({
  code: z.enum(['p2c_take_forbidden', 'rate_limited']),
  seconds: z.optional(z.int().check(z.minimum(1))),
});
export type P2cListError = z.infer<typeof p2cListError>;

/** Client → server with `list:initialize`: nothing, or an empty object. */
export const p2cListInitialize = z.optional(z.strictObject({}));

export const p2cSocketEvents = {
  initialize: 'list:initialize',
  snapshot: 'list:snapshot',
  update: 'list:update',
  error: 'list:error',
} as const;

/** Reconnect delays (spec 001 s.7). */
export const p2cReconnectDelayMs = 1000;
export const p2cReconnectDelayMaxMs = 10_000;
