import { offerErrorCodes } from '../../../contract/p2p-offers';
import { ApiError } from '../../http/api-error';

/** The field of an offer whose bound an edit or a new offer breaks (422 `invalid_offer`). */
export type OfferField =
  | 'asset'
  | 'fiat'
  | 'price'
  | 'price_floating_ratio'
  | 'volume'
  | 'limits'
  | 'payment_methods'
  | 'description';

export const offerErrors = {
  notFound: () => new ApiError(404, offerErrorCodes.offerNotFound, 'No such offer was found'),
  invalid: (field: OfferField, message: string) => new ApiError(422, offerErrorCodes.invalidOffer, message, { field }),
  cannotCreate: () =>
    new ApiError(403, offerErrorCodes.cannotCreateOffer, 'You cannot create offers on the P2P market'),
  active: () => new ApiError(409, offerErrorCodes.offerActive, 'Turn the offer offline first'),
  hasOpenOrders: () => new ApiError(409, offerErrorCodes.hasOpenOrders, 'This offer has orders that are still running'),
  tooManyActive: (most: number) =>
    new ApiError(409, offerErrorCodes.tooManyActiveOffers, `You already have ${most} active offers`),
  insufficientFunds: () =>
    new ApiError(409, offerErrorCodes.insufficientFunds, 'Your balance does not cover the volume and the fee'),
  verificationRequired: () =>
    new ApiError(409, offerErrorCodes.verificationRequired, 'Verify your passport or address to sell on the market'),
  paymentMethodsMissing: () =>
    new ApiError(
      409,
      offerErrorCodes.paymentMethodsMissing,
      'A payment method of this offer was deleted; choose again',
    ),
  cannotEditRemark: () =>
    new ApiError(403, offerErrorCodes.cannotEditRemark, 'You cannot write conditions for your offers yet'),
};
