import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentDetailKind } from '../../../contract/p2p-market.ts';

/** The name of each kind of payment detail: the add-method form's labels, the order's details. */
export const paymentDetailLabels: Readonly<Record<PaymentDetailKind, MessageDescriptor>> = {
  card_number: msg`Card number`,
  phone: msg`Phone number`,
  account_number: msg`Account number`,
  iban: msg`IBAN`,
  email: msg`Email`,
  holder_name: msg`Holder’s full name`,
  text: msg`Account or wallet ID`,
};
