import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OfferManagementError } from '../../../../machines/offerManagement.machine.ts';
import { offerErrorCodes } from '../../../contract/p2p-offers.ts';

/**
 * The offer's error texts (spec 001 s.8: "Offer status errors come from errors.status.{code};
 * delete errors from errors.delete.{code} … Each has a default"), keyed by the server's code.
 */

const connection = msg`No connection. Check your internet and try again.`;

/** errors.status.{code}: turning the offer online or offline. */
function statusMessage(code: string | null): MessageDescriptor {
  switch (code) {
    case offerErrorCodes.tooManyActiveOffers:
      return msg`You already have the most active offers allowed. Turn another one offline first.`;
    case offerErrorCodes.insufficientFunds:
      return msg`Not enough balance to reserve this offer’s volume and fee. Top up or lower the volume.`;
    case offerErrorCodes.verificationRequired:
      return msg`Verify your passport or address to put a sell offer online.`;
    case offerErrorCodes.paymentMethodsMissing:
      return msg`A payment method of this offer was deleted. Choose the methods again.`;
    case offerErrorCodes.offerNotFound:
      return msg`This offer no longer exists.`;
    default:
      return msg`Couldn’t change the offer’s status. Try again.`;
  }
}

/** errors.delete.{code}. */
function deleteMessage(code: string | null): MessageDescriptor {
  switch (code) {
    case offerErrorCodes.deleteActive:
      return msg`Turn the offer offline before deleting it.`;
    case offerErrorCodes.hasOpenOrders:
      return msg`This offer has open orders. Delete it once they are finished.`;
    case offerErrorCodes.offerNotFound:
      return msg`This offer no longer exists.`;
    default:
      return msg`Couldn’t delete the offer. Try again.`;
  }
}

/** An edit page's save. */
function editMessage(code: string | null): MessageDescriptor {
  switch (code) {
    case offerErrorCodes.offerActive:
      return msg`Turn the offer offline to change this.`;
    case offerErrorCodes.invalidOffer:
      return msg`This value is outside what the market allows.`;
    case offerErrorCodes.cannotEditRemark:
      return msg`You can’t add conditions to offers yet.`;
    case offerErrorCodes.offerNotFound:
      return msg`This offer no longer exists.`;
    default:
      return msg`Couldn’t save the change. Try again.`;
  }
}

export function offerErrorMessage(error: OfferManagementError): MessageDescriptor {
  if (error.status === null) return connection;
  switch (error.call) {
    case 'status':
      return statusMessage(error.code);
    case 'delete':
      return deleteMessage(error.code);
    case 'edit':
      return editMessage(error.code);
  }
}
