import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { depositAddressErrorCodes, depositAddressLimit } from '../../../contract/deposit-address.ts';
import { toApiError } from '../../api/errors.ts';
import { addressNameMessageIn } from '../../lib/addressNameMessages.ts';

export type DepositCall = 'load' | 'create' | 'rename';

const defaults: Record<DepositCall, MessageDescriptor> = {
  load: msg`Couldn’t load your addresses.`,
  create: msg`Couldn’t create the address`,
  rename: msg`Couldn’t rename the address`,
};

/**
 * The text for what a deposit-address call threw: by the server's stable code (the contract's
 * `depositAddressErrorCodes`), the name rule's code in a `validation_failed`, else the call's default.
 */
export function depositErrorMessage(thrown: unknown, call: DepositCall): MessageDescriptor {
  const error = toApiError(thrown);
  if (error === null) return defaults[call];
  switch (error.reason) {
    case depositAddressErrorCodes.addressNotFound:
      return msg`Address not found`;
    case depositAddressErrorCodes.addressLimitReached:
      return msg`You can have up to ${depositAddressLimit} addresses on a network`;
    case depositAddressErrorCodes.depositForbidden:
      return msg`Deposits are not available for your account right now`;
    case 'validation_failed':
      return addressNameMessageIn(error.data) ?? defaults[call];
    default:
      return defaults[call];
  }
}
