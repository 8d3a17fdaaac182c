import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QrPaymentProblem } from '../../../../machines/qrPayment.machine.ts';
import type { P2cClientStatus, P2cDisputeReason, P2cMerchantStatus } from '../../../contract/p2c.ts';

/** Spec 001 s.4 "P2C payment, client view": `expired` is shown as canceled. */
export const clientStatusNames: Record<P2cClientStatus, MessageDescriptor> = {
  pending: msg({ context: 'P2C payment status', message: 'Waiting for a merchant' }),
  processing: msg({ context: 'P2C payment status', message: 'Being paid' }),
  completed: msg({ context: 'P2C payment status', message: 'Paid' }),
  expired: msg({ context: 'P2C payment status', message: 'Canceled' }),
  disputed: msg({ context: 'P2C payment status', message: 'Disputed' }),
  refunded: msg({ context: 'P2C payment status', message: 'Refunded' }),
};

/** Spec 001 s.4 "P2C payment, merchant view", for the payments list's merchant rows. */
export const merchantStatusNames: Record<P2cMerchantStatus, MessageDescriptor> = {
  processing: msg({ context: 'P2C payment status', message: 'Paying' }),
  completed: msg({ context: 'P2C payment status', message: 'Paid' }),
  canceled: msg({ context: 'P2C payment status', message: 'Canceled' }),
  disputed: msg({ context: 'P2C payment status', message: 'Disputed' }),
  refunded: msg({ context: 'P2C payment status', message: 'Refunded' }),
};

/** What each status means for the client, under the status on the payment's page. */
export const clientStatusSentences: Record<P2cClientStatus, MessageDescriptor> = {
  pending: msg`Your crypto is held. A merchant will pay the shop in roubles; if nobody does in time, the payment is canceled and the crypto returns to your balance.`,
  processing: msg`A merchant is paying the shop from their bank.`,
  completed: msg`The merchant paid the shop.`,
  expired: msg`Nobody paid the shop in time. The crypto is back on your balance.`,
  disputed: msg`Support is looking at the merchant’s receipt. You’ll see their decision here.`,
  refunded: msg`Support returned the crypto to your balance.`,
};

export const problemTitles: Record<QrPaymentProblem, MessageDescriptor> = {
  not_found: msg`This QR code wasn’t found`,
  not_payable: msg`This QR code can’t be paid`,
  out_of_range: msg`This amount can’t be paid here`,
  payment_not_found: msg`Payment not found`,
};

export const problemSentences: Record<Exclude<QrPaymentProblem, 'out_of_range'>, MessageDescriptor> = {
  not_found: msg`Check that it is a shop’s payment QR code, or ask the shop for a new one.`,
  not_payable: msg`It has already been paid or has expired. Ask the shop for a new one.`,
  payment_not_found: msg`There is no such payment of yours. The link may be wrong or incomplete.`,
};

export const disputeReasonNames: Record<P2cDisputeReason, MessageDescriptor> = {
  shop_not_paid: msg`The shop didn’t get the money`,
  wrong_amount: msg`The shop got a different amount`,
  paid_twice: msg`I was charged twice`,
  other: msg`Something else`,
};
