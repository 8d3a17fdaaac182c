import { type OrderStatus, orderErrorCodes } from '../../../contract/p2p-orders';
import { ApiError } from '../../http/api-error';

/** The refusals of order transitions (the contract's orderErrorCodes); the rest are errors.ts's. */
export const orderTransitionErrors = {
  statusConflict: (status: OrderStatus) =>
    new ApiError(409, orderErrorCodes.statusConflict, `The order is ${status} and cannot do that now`, { status }),
  disputeTooEarly: () =>
    new ApiError(
      409,
      orderErrorCodes.disputeTooEarly,
      'A dispute can be opened once the confirmation window has passed',
    ),
  cancelLimit: (until: Date) =>
    new ApiError(409, orderErrorCodes.cancelLimit, 'You have canceled 3 orders in the last 24 hours', {
      until: until.toISOString(),
    }),
};
