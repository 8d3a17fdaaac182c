import { p2cErrorCodes } from '../../../contract/p2c';
import { ApiError } from '../../http/api-error';

/** Where a merchant may not have more payments in `processing` at once (docs/p2c.md "Taking a payment"). */
export const maxProcessingPerMerchant = 3;

/** The merchant side's own refusals; the shared ones are p2c-payments/errors.ts. */
export const merchantPaymentErrors = {
  takeForbidden: (message = 'Taking payments needs the merchant verification and an active payment account') =>
    new ApiError(403, p2cErrorCodes.takeForbidden, message),
  tooManyTaken: () =>
    new ApiError(
      409,
      p2cErrorCodes.tooManyTaken,
      `Finish one of your payments first: you may pay ${maxProcessingPerMerchant} at once`,
      { max: maxProcessingPerMerchant },
    ),
  checkRequired: () =>
    new ApiError(422, p2cErrorCodes.checkRequired, 'Upload the bank’s receipt before marking it paid'),
  accountNotActive: () =>
    new ApiError(422, p2cErrorCodes.accountNotActive, 'Choose an active payment account to mark it paid'),
};
