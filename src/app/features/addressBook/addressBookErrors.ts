import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { addressBookErrorCodes } from '../../../contract/address-book.ts';
import { validationFailedData } from '../../../contract/errors.ts';
import { toApiError } from '../../api/errors.ts';
import { addressNameMessageIn } from '../../lib/addressNameMessages.ts';

export type AddressBookCall = 'load' | 'add' | 'edit' | 'delete' | 'restore';

/** Spec 000 s.8: "default messages for edit, restore, delete" (and ours for load and add). */
const defaults: Record<AddressBookCall, MessageDescriptor> = {
  load: msg`Couldn’t load the address book.`,
  add: msg`Couldn’t add the address`,
  edit: msg`Couldn’t save the address`,
  delete: msg`Couldn’t delete the address`,
  restore: msg`Couldn’t restore the address`,
};

/** Which field of the add form a failure is about, so it shows under that field. */
export type AddressBookField = 'address' | 'title' | 'form';

export interface AddressBookFailure {
  field: AddressBookField;
  message: MessageDescriptor;
}

function isAboutAddress(data: unknown): boolean {
  const parsed = z.safeParse(validationFailedData, data);
  return parsed.success && parsed.data.issues.some((issue) => issue.path[0] === 'address');
}

/**
 * What an address-book call threw, as a text and the field it belongs to: the server's stable
 * codes (spec 000 s.8: address not found, name too long, address not deleted on restore; the
 * add checks), then the name rule in a `validation_failed`, then the call's default.
 */
export function addressBookFailure(thrown: unknown, call: AddressBookCall): AddressBookFailure {
  const error = toApiError(thrown);
  if (error === null) return { field: 'form', message: defaults[call] };
  switch (error.reason) {
    case addressBookErrorCodes.addressNotFound:
      return { field: 'form', message: msg`Address not found` };
    case addressBookErrorCodes.addressNotDeleted:
      return { field: 'form', message: msg`The address was not deleted` };
    case addressBookErrorCodes.addressExists:
      return { field: 'address', message: msg`This address is already in your address book` };
    case addressBookErrorCodes.addressRejected:
      return { field: 'address', message: msg`Invalid address` };
    case 'validation_failed': {
      const nameMessage = addressNameMessageIn(error.data);
      if (nameMessage) return { field: 'title', message: nameMessage };
      if (isAboutAddress(error.data)) return { field: 'address', message: msg`Invalid address` };
      return { field: 'form', message: defaults[call] };
    }
    default:
      return { field: 'form', message: defaults[call] };
  }
}
