import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { HTMLAttributes } from 'react';
import type { PaymentDetailKind } from '../../../contract/p2p-market.ts';

interface DetailKindLook {
  label: MessageDescriptor;
  /** What a value that fails the kind's check is told. */
  invalid: MessageDescriptor;
  /** What a value of the right shape with wrong check digits is told (cards, IBANs). */
  checksum?: MessageDescriptor;
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete: string;
  mono: boolean;
}

/**
 * How each kind of payment detail (contract: paymentDetailKinds) is asked for: its label, the
 * keyboard it opens, and what a value that fails its check is told. The browser fills nothing
 * in: these are the details of whoever receives the money, not always the person's own.
 */
export const detailKindLooks: Record<PaymentDetailKind, DetailKindLook> = {
  card_number: {
    label: msg`Card number`,
    invalid: msg`Enter a valid card number`,
    checksum: msg`Check the card number: a digit is wrong`,
    inputMode: 'numeric',
    autoComplete: 'off',
    mono: true,
  },
  phone: {
    label: msg`Phone number`,
    invalid: msg`Enter a phone number in international format, e.g. +79001234567`,
    inputMode: 'tel',
    autoComplete: 'off',
    mono: true,
  },
  account_number: {
    label: msg`Account number`,
    invalid: msg`Enter a valid account number`,
    inputMode: 'numeric',
    autoComplete: 'off',
    mono: true,
  },
  iban: {
    label: msg`IBAN`,
    invalid: msg`Enter a valid IBAN`,
    checksum: msg`Check the IBAN: a character is wrong`,
    inputMode: 'text',
    autoComplete: 'off',
    mono: true,
  },
  email: { label: msg`Email`, invalid: msg`Enter a valid email`, inputMode: 'email', autoComplete: 'off', mono: false },
  holder_name: {
    label: msg`Holder’s full name`,
    invalid: msg`Enter the holder’s name in letters, as the bank has it`,
    inputMode: 'text',
    autoComplete: 'off',
    mono: false,
  },
  text: {
    label: msg`Account or wallet ID`,
    invalid: msg`Enter the account or wallet ID`,
    inputMode: 'text',
    autoComplete: 'off',
    mono: true,
  },
};

/** The problems every kind shares (contract p2p-payment-details.ts). */
export const detailProblemMessages = {
  required: msg`Required`,
  too_long: msg`Too long`,
} as const;
