import { orderErrorCodes, type RestrictionFailedData } from '../../../contract/p2p-orders';
import { ApiError } from '../../http/api-error';

/** The refusals of order creation and reads (src/contract/p2p-orders.ts `orderErrorCodes`). */
export const orderErrors = {
  notFound: () => new ApiError(404, orderErrorCodes.orderNotFound, 'No such order was found'),
  offerNotFound: () => new ApiError(404, orderErrorCodes.offerNotFound, 'No such offer was found'),
  cannotCreate: () => new ApiError(403, orderErrorCodes.cannotCreateOrder, 'You cannot place orders on the P2P market'),
  ownOffer: () => new ApiError(409, orderErrorCodes.ownOffer, 'You cannot take your own offer'),
  offerOffline: () => new ApiError(409, orderErrorCodes.offerOffline, 'This offer is offline'),
  offerQuietHours: () =>
    new ApiError(409, orderErrorCodes.offerQuietHours, 'The maker of this offer is in their quiet hours'),
  offerBusy: () => new ApiError(409, orderErrorCodes.offerBusy, 'This offer has as many open orders as it can take'),
  priceChanged: (price: string) =>
    new ApiError(409, orderErrorCodes.priceChanged, 'The price has changed; confirm again at the new price', {
      price,
    }),
  amountTooSmall: (min: string) =>
    new ApiError(422, orderErrorCodes.amountTooSmall, 'The amount is below the minimum', { min }),
  amountTooLarge: (max: string) =>
    new ApiError(422, orderErrorCodes.amountTooLarge, 'The amount is above the maximum', { max }),
  insufficientFunds: () =>
    new ApiError(409, orderErrorCodes.insufficientFunds, 'The balance does not cover this amount'),
  restrictionFailed: (data: RestrictionFailedData) =>
    new ApiError(403, orderErrorCodes.restrictionFailed, 'You do not meet a restriction of this offer', data),
  paymentMethodInvalid: () =>
    new ApiError(422, orderErrorCodes.paymentMethodInvalid, 'This payment method cannot be used for this offer'),
  tokenInvalid: () => new ApiError(403, orderErrorCodes.tokenInvalid, 'Confirm with your passcode again'),
  hashReused: () =>
    new ApiError(409, orderErrorCodes.hashReused, 'This request key already placed an order with other values'),
};
