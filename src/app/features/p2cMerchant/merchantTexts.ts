import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { P2cAccount, P2cAccountStatus, P2cMerchantStatus } from '../../../contract/p2c.ts';
import { p2cErrorCodes } from '../../../contract/p2c.ts';
import { toApiError } from '../../api/errors.ts';

/** Spec 001 s.4 "P2C account" statuses, in words. */
export const accountStatusLabels: Record<P2cAccountStatus, MessageDescriptor> = {
  created: msg`Draft`,
  pending: msg`Waiting for review`,
  active: msg`Active`,
  disabled: msg`Turned off`,
  requested_verification: msg`More documents needed`,
  under_verification: msg`Being reviewed`,
  rejected: msg`Rejected`,
};

/** Spec 001 s.4 "P2C payment, merchant view" statuses, in words. */
export const paymentStatusLabels: Record<P2cMerchantStatus, MessageDescriptor> = {
  processing: msg`To pay`,
  completed: msg`Completed`,
  canceled: msg`Canceled`,
  disputed: msg`Disputed`,
  refunded: msg`Refunded`,
};

/**
 * The reward row's title: what the crypto is to the merchant now. After a cancel or a refund it
 * was never theirs, so the row must not read as money still coming.
 */
export const rewardTitles: Record<P2cMerchantStatus, MessageDescriptor> = {
  processing: msg`You receive`,
  completed: msg`You received`,
  canceled: msg`Not received`,
  disputed: msg`On hold until support decides`,
  refunded: msg`Returned to the client`,
};

/** "Sberbank •••• 4417": an account as lists name it, never the whole number. */
export function accountName(account: Pick<P2cAccount, 'bank' | 'number'>): string {
  return `${account.bank.name} •••• ${account.number.slice(-4)}`;
}

/** The account statuses in which its details may still change (the contract's update rule). */
export const editableStatuses: readonly P2cAccountStatus[] = ['created', 'requested_verification', 'rejected'];

/** The statuses in which documents may be added and the account sent to support. */
export const submittableStatuses: readonly P2cAccountStatus[] = ['created', 'requested_verification', 'rejected'];

export type MerchantCall =
  | 'take'
  | 'paid'
  | 'load-payment'
  | 'accounts'
  | 'account'
  | 'save-account'
  | 'submit'
  | 'enable'
  | 'disable'
  | 'summary';

const defaults: Record<MerchantCall, MessageDescriptor> = {
  take: msg`Couldn’t take the payment. Try again.`,
  paid: msg`Couldn’t mark the payment paid. Try again.`,
  'load-payment': msg`Couldn’t load the payment.`,
  accounts: msg`Couldn’t load your payment accounts.`,
  account: msg`Couldn’t load the payment account.`,
  'save-account': msg`Couldn’t save the payment account.`,
  submit: msg`Couldn’t send the account for review.`,
  enable: msg`Couldn’t turn the account on.`,
  disable: msg`Couldn’t turn the account off.`,
  summary: msg`Couldn’t load your P2C figures.`,
};

/** What a merchant's call was refused for, as a sentence: the server's stable codes, else the call's default. */
export function merchantFailure(code: string | null, call: MerchantCall): MessageDescriptor {
  switch (code) {
    case p2cErrorCodes.paymentNotPending:
      return msg`Another merchant took this payment first, or it expired.`;
    case p2cErrorCodes.tooManyTaken:
      return msg`You already have 3 payments to pay. Finish one before taking another.`;
    case p2cErrorCodes.takeForbidden:
      return msg`You need an active payment account to take payments.`;
    case p2cErrorCodes.checkRequired:
      return msg`Upload the bank’s receipt first.`;
    case p2cErrorCodes.accountNotActive:
      return msg`That account is not active. Choose another.`;
    case p2cErrorCodes.paymentStatusConflict:
      return msg`The payment has moved on. See its status above.`;
    case p2cErrorCodes.paymentNotFound:
      return msg`Payment not found`;
    case p2cErrorCodes.accountNotFound:
      return msg`Payment account not found`;
    case p2cErrorCodes.accountNumberInvalid:
      return msg`Check the number: a card has 16 to 19 digits, an account 20.`;
    case p2cErrorCodes.bankUnknown:
      return msg`Choose a bank from the list.`;
    case p2cErrorCodes.accountDuplicate:
      return msg`You already have an account with this number.`;
    case p2cErrorCodes.accountStatusConflict:
      return msg`The account cannot change in its current status.`;
    case p2cErrorCodes.accountsForbidden:
      return msg`Payment accounts need the P2C merchant verification.`;
    case p2cErrorCodes.accountDocumentRequired:
      return msg`Upload at least one document first.`;
    case p2cErrorCodes.accountDocumentLimit:
      return msg`The account has as many documents as it may keep.`;
    default:
      return defaults[call];
  }
}

/** The same for a thrown error (a query's or a mutation's). */
export function merchantFailureOf(thrown: unknown, call: MerchantCall): MessageDescriptor {
  return merchantFailure(toApiError(thrown)?.reason ?? null, call);
}

/** Whether a load failed because there is no such thing of the person's. */
export function isMissing(thrown: unknown): boolean {
  return toApiError(thrown)?.code === 404;
}
