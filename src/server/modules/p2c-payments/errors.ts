import {
  type P2cClientStatus,
  type P2cQuote,
  p2cErrorCodes,
  p2cMaximumRub,
  p2cMinimumRub,
} from '../../../contract/p2c';
import { ApiError } from '../../http/api-error';

/** The refusals of P2C payments (src/contract/p2c.ts `p2cErrorCodes`), for the client's and the merchant's calls. */
export const p2cErrors = {
  payForbidden: () => new ApiError(403, p2cErrorCodes.payForbidden, 'You cannot pay QR codes with crypto yet'),
  qrNotFound: () => new ApiError(404, p2cErrorCodes.qrNotFound, 'No such payment code was found'),
  qrNotPayable: () => new ApiError(409, p2cErrorCodes.qrNotPayable, 'This payment code can no longer be paid'),
  qrAmountOutOfRange: () =>
    new ApiError(422, p2cErrorCodes.qrAmountOutOfRange, 'This code asks for an amount outside the limits', {
      min: p2cMinimumRub,
      max: p2cMaximumRub,
    }),
  quoteExpired: (quote: P2cQuote) =>
    new ApiError(409, p2cErrorCodes.quoteExpired, 'The quote has expired; confirm the new one', { quote }),
  insufficientFunds: (available: bigint) =>
    new ApiError(422, p2cErrorCodes.insufficientFunds, 'The balance does not cover this payment', {
      available: available.toString(),
    }),
  tokenInvalid: () => new ApiError(403, p2cErrorCodes.tokenInvalid, 'Confirm with your passcode again'),
  duplicateRequest: () =>
    new ApiError(409, p2cErrorCodes.duplicateRequest, 'This request key already made a payment with other values'),
  paymentNotFound: () => new ApiError(404, p2cErrorCodes.paymentNotFound, 'No such payment was found'),
  paymentNotPending: () =>
    new ApiError(409, p2cErrorCodes.paymentNotPending, 'This payment is no longer waiting for a merchant'),
  statusConflict: (status: P2cClientStatus) =>
    new ApiError(409, p2cErrorCodes.paymentStatusConflict, 'This payment cannot do that in its status', { status }),
  disputeWindowClosed: () =>
    new ApiError(409, p2cErrorCodes.disputeWindowClosed, 'The time to dispute this payment has passed'),
};
