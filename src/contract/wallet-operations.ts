import * as z from 'zod/mini';
import { positiveSmallestUnits, signedSmallestUnits, smallestUnits } from './amount';
import { defineEndpoint } from './endpoint';
import { opaqueToken } from './opaque-token';

/** Chain identifiers of the catalogue's networks (spec 000 s.3). */
export const networkIds = ['TRX', 'ETH', 'BSC', 'TON', 'BTC', 'LTC'] as const;
export const networkId = z.enum(networkIds);
export type NetworkId = z.infer<typeof networkId>;

export const assetCode = z.string().check(z.regex(/^[A-Z0-9]{2,12}$/, 'Expected an asset code'));
/** An address as a person pasted it; its real format is checked per network by the server. */
export const chainAddress = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));
export const isoDateTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------
// Balance (spec 000 s.3 "Balance", s.7 GET /wallet/balance)

export const assetBalance = z.object({
  /**
   * The asset's code. Its name, decimals and networks are in the catalogue (GET /wallet/asset),
   * which the app holds anyway: the balance, refetched every 5 s, carries only what changes
   * (docs/performance.md, "The balance poll").
   */
  asset: assetCode,
  /** What can be spent now, in the asset's smallest units. */
  available: smallestUnits,
  /** Held for operations in progress (withdrawals on their way, escrow), in smallest units. */
  held: smallestUnits,
  /** available + held, valued in the user's local currency, in that currency's smallest units. */
  local_amount: smallestUnits,
});
export type AssetBalance = z.infer<typeof assetBalance>;

export const walletBalance = z.object({
  /** Everything the user holds (available and held), valued in the local currency. */
  total: z.object({
    /** The user's local currency code (settings.local_currency). */
    currency: assetCode,
    /** In the local currency's smallest units. */
    amount: smallestUnits,
  }),
  /** Every enabled crypto asset (zero balances included), in catalogue order. */
  balances: z.array(assetBalance),
});
export type WalletBalance = z.infer<typeof walletBalance>;

// ---------------------------------------------------------------------------------------------
// Transactions (spec 000 s.3 "Wallet transaction", s.4 "Withdrawal")

export const walletTransactionTypes = [
  'deposit',
  'withdrawal',
  'exchange',
  'order',
  'invoice',
  'check',
  'app_withdrawal',
  'transfer',
  'giveaway_win',
  'giveaway_creation',
  'giveaway_cancel',
  'giveaway_delete',
  'referral',
  'launchpool',
  'merchant_deposit',
  'merchant_withdrawal',
  'p2c_merchant_deposit',
  'p2c_merchant_withdrawal',
  'compensation',
  'swap',
  'campaign_reward',
  'stars_check',
  'stars_check_refund',
  'create_address',
  'box_purchase',
  'box_prize',
  'spin_wheel_purchase',
  'spin_wheel_prize',
  'raffle_create',
  'raffle_cancel',
  'raffle_prize',
  'p2c_client',
  'p2c_client_refund',
  'p2c_merchant',
  'p2c_merchant_refund',
  /** P2P market holds and moves: an active sell offer's reservation, later an order's escrow (spec 001 s.4). */
  'p2p',
] as const;
export const walletTransactionType = z.enum(walletTransactionTypes);
export type WalletTransactionType = z.infer<typeof walletTransactionType>;

export const withdrawalStatuses = [
  'created',
  'processing',
  'pending_check',
  'completed',
  'sent',
  'canceled',
  'reverted',
  'error',
] as const;
export const withdrawalStatus = z.enum(withdrawalStatuses);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;
/** Statuses after which a withdrawal never changes again. */
export const finalWithdrawalStatuses = [
  'completed',
  'canceled',
  'reverted',
  'error',
] as const satisfies readonly WithdrawalStatus[];

/** A wallet operation's state: a withdrawal's own status; every other operation is `completed`. */
export const transactionStatus = withdrawalStatus;

/**
 * One operation in the wallet's history, derived from the ledger: all the ledger movements of one
 * operation (a withdrawal's hold, then its settlement or release) show as a single item.
 */
export const walletTransaction = z.object({
  /** The operation's id: the same id the detail lookup takes. */
  id: z.string(),
  type: walletTransactionType,
  /** When the operation began. */
  date: isoDateTime,
  /** Asset code. */
  asset: assetCode,
  /** Its effect on the user's holdings without the fee: positive in, negative out. */
  amount: signedSmallestUnits,
  /** What the wallet charged on top, in the same asset; "0" when none. */
  fee: smallestUnits,
  status: transactionStatus,
  /** Network of a deposit or withdrawal; null for operations inside the wallet. */
  network: z.nullable(networkId),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const walletTransactionPage = z.object({
  items: z.array(walletTransaction),
  /** Pass back as `cursor` for the next page; null when there is none. */
  cursor: z.nullable(z.string()),
});
export type WalletTransactionPage = z.infer<typeof walletTransactionPage>;

/** A transaction with what its detail page shows besides the list fields. */
export const walletTransactionDetail = z.object({
  ...walletTransaction.shape,
  /** Deposit: the address it came to; withdrawal: the address it goes to. */
  address: z.nullable(z.string()),
  /** The chain transaction id, once there is one. */
  txid: z.nullable(z.string()),
  /** The explorer page of the chain transaction (the network's template filled in). */
  explorer_transaction_url: z.nullable(z.string()),
  /** The explorer page of the address. */
  explorer_address_url: z.nullable(z.string()),
  /** When the status last changed. */
  updated_at: isoDateTime,
  /**
   * A P2C operation's payment (`p2c_client`, `p2c_client_refund`: the caller paid it;
   * `p2c_merchant`, `p2c_merchant_refund`: the caller took it), for the page to lead to it;
   * absent for every other operation.
   */
  p2c_payment_id: z.optional(z.int()),
});
export type WalletTransactionDetail = z.infer<typeof walletTransactionDetail>;

/**
 * The kinds of `/transactions/{kind}/{id}` (spec 000 s.2) and the types each one shows. The lookup
 * path takes the kind with `_` for `-` (campaign-reward → campaign_reward, qr-pay → qr_pay).
 */
export const transactionDetailKinds = {
  deposit: ['deposit', 'merchant_deposit', 'p2c_merchant_deposit'],
  withdrawal: ['withdrawal', 'app_withdrawal', 'merchant_withdrawal', 'p2c_merchant_withdrawal'],
  market: ['order'],
  exchange: ['exchange'],
  invoice: ['invoice'],
  qr_pay: [
    'check',
    'stars_check',
    'stars_check_refund',
    'p2c_client',
    'p2c_client_refund',
    'p2c_merchant',
    'p2c_merchant_refund',
  ],
  giveaway: ['giveaway_win', 'giveaway_creation', 'giveaway_cancel', 'giveaway_delete'],
  swap: ['swap'],
  campaign_reward: ['campaign_reward'],
} as const satisfies Readonly<Record<string, readonly WalletTransactionType[]>>;
export type TransactionDetailKind = keyof typeof transactionDetailKinds;
export const transactionDetailKind = z.enum([
  'deposit',
  'withdrawal',
  'market',
  'exchange',
  'invoice',
  'qr_pay',
  'giveaway',
  'swap',
  'campaign_reward',
]);

// ---------------------------------------------------------------------------------------------
// Withdrawal (spec 000 s.4, s.9)

/** Answers of the address check besides `valid` (spec 000 s.4 "Address check result"). */
export const addressCheckFailures = ['blocked', 'invalid', 'contract', 'invalid_smart_contract', 'failed'] as const;
export const addressCheckResult = z.enum(['valid', ...addressCheckFailures]);
export type AddressCheckResult = z.infer<typeof addressCheckResult>;

export const addressCheckRequest = z.object({
  asset: assetCode,
  network: networkId,
  address: chainAddress,
});
export const addressCheckAnswer = z.object({
  result: addressCheckResult,
  /** The address in its canonical form (checksummed, user-friendly); present when valid. */
  address: z.optional(z.string()),
});
export type AddressCheckAnswer = z.infer<typeof addressCheckAnswer>;

export const withdrawal = z.object({
  id: z.string(),
  asset: assetCode,
  network: networkId,
  address: z.string(),
  /** What the recipient gets, in smallest units. */
  amount: smallestUnits,
  /** The network's withdraw_fee, taken from the balance on top of the amount. */
  fee: smallestUnits,
  status: withdrawalStatus,
  txid: z.nullable(z.string()),
  explorer_transaction_url: z.nullable(z.string()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Withdrawal = z.infer<typeof withdrawal>;

/**
 * The client makes `idempotency_key` (a UUID) once per confirmation and asks for the passcode
 * confirmation token with transactionType `withdraw` and `hash` = that key. Sending the same key
 * again answers the same withdrawal and moves no more money.
 */
export const createWithdrawalRequest = z.object({
  asset: assetCode,
  network: networkId,
  address: chainAddress,
  amount: positiveSmallestUnits,
  idempotency_key: z.uuid(),
  /** Passcode (or biometric) confirmation token for transactionType `withdraw`, hash = idempotency_key. */
  token: opaqueToken,
});
export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalRequest>;

/** Stable error codes of the withdrawal calls; `data` shapes beside them. */
export const withdrawalErrorCodes = {
  /** 403: can_withdraw off, network withdrawals off, or the user is locked or banned. */
  withdrawForbidden: 'withdraw_forbidden',
  /** 403: the confirmation token is missing, spent, expired or bound to another operation. */
  invalidToken: 'invalid_token',
  /** 422, data { min }: below the network's withdraw minimum. */
  amountBelowMinimum: 'amount_below_minimum',
  /** 422, data { max }: above the network's withdraw maximum. */
  amountAboveMaximum: 'amount_above_maximum',
  /** 422, data { available, fee }: amount + fee is more than the available balance. */
  insufficientFunds: 'insufficient_funds',
  /** 422, data { result }: the address failed the check (one of addressCheckFailures). */
  addressRejected: 'address_rejected',
  /** 404: no such asset or network, or the asset is not on that network. */
  networkNotFound: 'network_not_found',
  /** 409: the idempotency key was used for a different withdrawal. */
  idempotencyConflict: 'idempotency_conflict',
  /** 404: no withdrawal or transaction with that id for this user. */
  notFound: 'not_found',
} as const;

export const amountBoundData = z.object({ min: z.optional(smallestUnits), max: z.optional(smallestUnits) });
export const insufficientFundsData = z.object({ available: smallestUnits, fee: smallestUnits });
export const addressRejectedData = z.object({ result: z.enum(addressCheckFailures) });

export const walletOperationEndpoints = {
  getBalance: defineEndpoint({
    method: 'GET',
    path: '/wallet/balance',
    response: walletBalance,
    errors: [401],
    auth: true,
  }),
  listTransactions: defineEndpoint({
    method: 'GET',
    path: '/wallet/transactions',
    query: z.object({
      /** Page size, 1–100; the app asks for 40 / the device's divider. */
      count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
      cursor: z.optional(z.string().check(z.maxLength(200))),
      /** Only this asset's operations. */
      asset: z.optional(assetCode),
    }),
    response: walletTransactionPage,
    errors: [401],
    auth: true,
  }),
  /** The detail behind /transactions/{kind}/{id}; campaign_reward is the spec's own lookup. */
  getTransaction: defineEndpoint({
    method: 'GET',
    path: '/wallet/transactions/:kind/:id',
    params: z.object({ kind: transactionDetailKind, id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: walletTransactionDetail,
    errors: [401, 404],
    auth: true,
  }),
  checkAddress: defineEndpoint({
    method: 'POST',
    path: '/wallet/withdrawal/check-address',
    body: addressCheckRequest,
    response: addressCheckAnswer,
    errors: [401, 404],
    auth: true,
  }),
  createWithdrawal: defineEndpoint({
    method: 'POST',
    path: '/wallet/withdrawal',
    body: createWithdrawalRequest,
    response: withdrawal,
    errors: [401, 403, 404, 409, 422],
    auth: true,
  }),
  getWithdrawal: defineEndpoint({
    method: 'GET',
    path: '/wallet/withdrawal/:id',
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: withdrawal,
    errors: [401, 404],
    auth: true,
  }),
};
