import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { HTMLAttributes } from 'react';
import type { PaymentDetailKind } from '../../../contract/p2p-market.ts';
import { paymentDetailLabels } from '../../lib/p2p/paymentDetailLabels.ts';

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
    label: paymentDetailLabels.card_number,
    invalid: msg`Enter a valid card number`,
    checksum: msg`Check the card number: a digit is wrong`,
    inputMode: 'numeric',
    autoComplete: 'off',
    mono: true,
  },
  phone: {
    label: paymentDetailLabels.phone,
    invalid: msg`Enter a phone number in international format, e.g. +79001234567`,
    inputMode: 'tel',
    autoComplete: 'off',
    mono: true,
  },
  account_number: {
    label: paymentDetailLabels.account_number,
    invalid: msg`Enter a valid account number`,
    inputMode: 'numeric',
    autoComplete: 'off',
    mono: true,
  },
  iban: {
    label: paymentDetailLabels.iban,
    invalid: msg`Enter a valid IBAN`,
    checksum: msg`Check the IBAN: a character is wrong`,
    inputMode: 'text',
    autoComplete: 'off',
    mono: true,
  },
  email: {
    label: paymentDetailLabels.email,
    invalid: msg`Enter a valid email`,
    inputMode: 'email',
    autoComplete: 'off',
    mono: false,
  },
  holder_name: {
    label: paymentDetailLabels.holder_name,
    invalid: msg`Enter the holder’s name in letters, as the bank has it`,
    inputMode: 'text',
    autoComplete: 'off',
    mono: false,
  },
  text: {
    label: paymentDetailLabels.text,
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
