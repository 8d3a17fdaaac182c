import type { AddressCheckResult } from '../../../contract/wallet-operations';
import { withdrawalErrorCodes } from '../../../contract/wallet-operations';
import { ApiError } from '../../http/api-error';

type AddressCheckFailure = Exclude<AddressCheckResult, 'valid'>;

/** The withdrawal calls' failures: stable codes with English messages. */
export const withdrawalErrors = {
  networkNotFound: () =>
    new ApiError(404, withdrawalErrorCodes.networkNotFound, 'This asset cannot be sent on this network'),
  withdrawForbidden: () =>
    new ApiError(
      403,
      withdrawalErrorCodes.withdrawForbidden,
      'Withdrawals are not available for this account or network',
    ),
  amountBelowMinimum: (min: bigint) =>
    new ApiError(422, withdrawalErrorCodes.amountBelowMinimum, 'The amount is below the minimum withdrawal', {
      min: min.toString(),
    }),
  amountAboveMaximum: (max: bigint) =>
    new ApiError(422, withdrawalErrorCodes.amountAboveMaximum, 'The amount is above the maximum withdrawal', {
      max: max.toString(),
    }),
  addressRejected: (result: AddressCheckFailure) =>
    new ApiError(422, withdrawalErrorCodes.addressRejected, 'Funds cannot be sent to this address', { result }),
  insufficientFunds: (available: bigint, fee: bigint) =>
    new ApiError(422, withdrawalErrorCodes.insufficientFunds, 'The balance does not cover the amount and the fee', {
      available: available.toString(),
      fee: fee.toString(),
    }),
  invalidToken: () =>
    new ApiError(403, withdrawalErrorCodes.invalidToken, 'The confirmation is invalid, used or expired; confirm again'),
  idempotencyConflict: () =>
    new ApiError(
      409,
      withdrawalErrorCodes.idempotencyConflict,
      'This confirmation was already used for a different withdrawal',
    ),
  notFound: () => new ApiError(404, withdrawalErrorCodes.notFound, 'No such withdrawal was found'),
};
