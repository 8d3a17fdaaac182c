import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AddressError } from '../../../../machines/withdraw.machine.ts';

/**
 * The address step's texts per typed error code of machines/withdraw.machine.ts, as Lingui
 * messages (render with `i18n._(…)`); the later steps' are in withdrawLaterMessages.ts, which
 * loads with those steps and with the gates' refusals (docs/performance.md).
 */

/** What is wrong with the address: the check's answer, or no answer at all. */
export function addressErrorMessage(error: AddressError, asset: string): MessageDescriptor {
  switch (error) {
    case 'invalid':
      return msg`Invalid address`;
    case 'blocked':
      return msg`This address is blocked`;
    case 'contract':
      return msg`This is a contract address`;
    case 'invalid_smart_contract':
      return msg`This smart contract cannot receive ${asset}`;
    case 'failed':
    case 'unreachable':
      return msg`Couldn’t check the address, try again`;
  }
}
