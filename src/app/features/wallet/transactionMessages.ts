import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletTransactionType, WithdrawalStatus } from '../../../contract/wallet-operations.ts';

/**
 * The title of a history item and of its detail page, one for every type of the contract. In the
 * `transaction type` context: "Deposit" here is a noun, elsewhere a button's verb.
 */
export const transactionTypeTitles: Record<WalletTransactionType, MessageDescriptor> = {
  deposit: msg({ context: 'transaction type', message: 'Deposit' }),
  withdrawal: msg({ context: 'transaction type', message: 'Withdrawal' }),
  exchange: msg({ context: 'transaction type', message: 'Exchange' }),
  order: msg({ context: 'transaction type', message: 'P2P order' }),
  invoice: msg({ context: 'transaction type', message: 'Invoice' }),
  check: msg({ context: 'transaction type', message: 'Check' }),
  app_withdrawal: msg({ context: 'transaction type', message: 'Withdrawal via app' }),
  transfer: msg({ context: 'transaction type', message: 'Transfer' }),
  giveaway_win: msg({ context: 'transaction type', message: 'Giveaway prize' }),
  giveaway_creation: msg({ context: 'transaction type', message: 'Giveaway created' }),
  giveaway_cancel: msg({ context: 'transaction type', message: 'Giveaway canceled' }),
  giveaway_delete: msg({ context: 'transaction type', message: 'Giveaway deleted' }),
  referral: msg({ context: 'transaction type', message: 'Referral reward' }),
  launchpool: msg({ context: 'transaction type', message: 'Launchpool' }),
  merchant_deposit: msg({ context: 'transaction type', message: 'Merchant deposit' }),
  merchant_withdrawal: msg({ context: 'transaction type', message: 'Merchant withdrawal' }),
  p2c_merchant_deposit: msg({ context: 'transaction type', message: 'Merchant deposit (P2C)' }),
  p2c_merchant_withdrawal: msg({ context: 'transaction type', message: 'Merchant withdrawal (P2C)' }),
  compensation: msg({ context: 'transaction type', message: 'Compensation' }),
  swap: msg({ context: 'transaction type', message: 'Swap' }),
  campaign_reward: msg({ context: 'transaction type', message: 'Campaign reward' }),
  stars_check: msg({ context: 'transaction type', message: 'Stars check' }),
  stars_check_refund: msg({ context: 'transaction type', message: 'Stars check refund' }),
  create_address: msg({ context: 'transaction type', message: 'New address fee' }),
  box_purchase: msg({ context: 'transaction type', message: 'Mystery box purchase' }),
  box_prize: msg({ context: 'transaction type', message: 'Mystery box prize' }),
  spin_wheel_purchase: msg({ context: 'transaction type', message: 'Wheel of fortune spin' }),
  spin_wheel_prize: msg({ context: 'transaction type', message: 'Wheel of fortune prize' }),
  raffle_create: msg({ context: 'transaction type', message: 'Raffle created' }),
  raffle_cancel: msg({ context: 'transaction type', message: 'Raffle canceled' }),
  raffle_prize: msg({ context: 'transaction type', message: 'Raffle prize' }),
  // P2C (docs/p2c.md): the client pays a shop's QR code; the merchant who paid it gets the crypto.
  p2c_client: msg({ context: 'transaction type', message: 'QR payment' }),
  p2c_client_refund: msg({ context: 'transaction type', message: 'QR payment refund' }),
  p2c_merchant: msg({ context: 'transaction type', message: 'QR payment (merchant)' }),
  p2c_merchant_refund: msg({ context: 'transaction type', message: 'QR payment refund (merchant)' }),
  p2p: msg({ context: 'transaction type', message: 'P2P market' }),
};

/**
 * The status of an operation (a badge in the history unless completed, a row on the detail page),
 * in its own context so that languages can agree it with "operation".
 */
export const transactionStatusBadges: Record<WithdrawalStatus, MessageDescriptor> = {
  created: msg({ context: 'transaction status', message: 'Pending' }),
  processing: msg({ context: 'transaction status', message: 'Processing' }),
  pending_check: msg({ context: 'transaction status', message: 'Under review' }),
  sent: msg({ context: 'transaction status', message: 'Sent' }),
  completed: msg({ context: 'transaction status', message: 'Completed' }),
  canceled: msg({ context: 'transaction status', message: 'Canceled' }),
  reverted: msg({ context: 'transaction status', message: 'Reverted' }),
  error: msg({ context: 'transaction status', message: 'Failed' }),
};

/** What a withdrawal's status means for the person, on its detail page. */
export const withdrawalStatusSentences: Record<WithdrawalStatus, MessageDescriptor> = {
  created: msg`The withdrawal is accepted and waits its turn to be sent.`,
  processing: msg`The withdrawal is being sent to the network.`,
  pending_check: msg`The withdrawal is being checked by our team. This usually takes a few minutes.`,
  sent: msg`The transaction is in the network and waits for confirmations.`,
  completed: msg`The withdrawal is complete: the money has arrived at the address.`,
  canceled: msg`The withdrawal was canceled. The amount and the fee are back in your balance.`,
  reverted: msg`The network reverted the transaction. The amount and the fee are back in your balance.`,
  error: msg`The withdrawal failed. The amount and the fee are back in your balance.`,
};
