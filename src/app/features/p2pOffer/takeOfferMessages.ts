import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import * as z from 'zod/mini';
import type { TakeOfferRefusal } from '../../../../machines/takeOffer.machine.ts';
import { orderErrorCodes, restrictionFailedData } from '../../../contract/p2p-orders.ts';
import { amountWithCode } from '../../lib/p2p/offerFormat.ts';

/**
 * errors.create.{code} (spec 001 s.8: "create-order errors from errors.create.{code} … Each has a
 * default"): what a refused order says on the take form, in words the person can act on. A
 * refused restriction names the restriction and the person's own figure; a refused amount the
 * bound the server gave. `price_changed` is not here: the confirm sheet asks again at the new price.
 */

const boundData = z.object({ min: z.optional(z.string()), max: z.optional(z.string()) });

function restrictionMessage(data: unknown): MessageDescriptor {
  const parsed = restrictionFailedData.safeParse(data);
  if (!parsed.success) return msg`You don’t meet this offer’s requirements.`;
  const { restriction, required, actual } = parsed.data;
  const need = Number(required);
  const have = Number(actual);
  switch (restriction) {
    case 'telegram_premium_required':
      return msg`This offer is only for Telegram Premium subscribers.`;
    case 'completed_trades_percent':
      return msg`This offer needs at least ${need}% of orders completed in the last 30 days. You have ${have}%.`;
    case 'trades_count_min':
      return msg`This offer needs at least ${plural(need, { one: '# completed order', other: '# completed orders' })}. You have ${have}.`;
    case 'trades_volume_usd_min':
      return msg`This offer needs a trading volume of at least $${need}. Yours is $${have}.`;
    case 'account_age_days_min':
      return msg`This offer is for accounts at least ${plural(need, { one: '# day', other: '# days' })} old. Yours is ${plural(have, { one: '# day', other: '# days' })} old.`;
  }
}

/** The text of a refused order on an offer in `fiat`. */
export function createOrderMessage(refusal: TakeOfferRefusal, fiat: string): MessageDescriptor {
  switch (refusal.code) {
    case orderErrorCodes.offerNotFound:
      return msg`This offer no longer exists.`;
    case orderErrorCodes.cannotCreateOrder:
      return msg`Placing orders on the P2P market isn’t available for your account. Contact support to find out why.`;
    case orderErrorCodes.ownOffer:
      return msg`This is your own offer.`;
    case orderErrorCodes.offerOffline:
      return msg`This offer has just gone offline. Try again once its author turns it online, or choose another offer.`;
    case orderErrorCodes.offerQuietHours:
      return msg`The offer’s author is in quiet hours and isn’t taking orders now. Try again later or choose another offer.`;
    case orderErrorCodes.offerBusy:
      return msg`This offer has as many open orders as it can take. Try again in a few minutes or choose another offer.`;
    case orderErrorCodes.amountTooSmall: {
      const min = boundData.safeParse(refusal.data).data?.min;
      if (min === undefined) return msg`The amount is below what this offer takes now.`;
      const amount = amountWithCode(min, fiat);
      return msg`The amount is below what this offer takes now. Minimum amount is ${amount}.`;
    }
    case orderErrorCodes.amountTooLarge: {
      const max = boundData.safeParse(refusal.data).data?.max;
      if (max === undefined) return msg`The amount is above what this offer takes now.`;
      const amount = amountWithCode(max, fiat);
      return msg`The amount is above what this offer takes now. Maximum amount is ${amount}.`;
    }
    case orderErrorCodes.insufficientFunds:
      return msg`Not enough on your balance for this amount. Lower the amount or top up.`;
    case orderErrorCodes.restrictionFailed:
      return restrictionMessage(refusal.data);
    case orderErrorCodes.paymentMethodInvalid:
      return msg`This payment method can’t be used with this offer. Choose another one.`;
    case orderErrorCodes.tokenInvalid:
      return msg`The confirmation has expired. Place the order again.`;
    case orderErrorCodes.hashReused:
      return msg`This order was already sent with other details. Check the amount and try again.`;
    case 'blocked':
      return msg`Your account is blocked, so it can’t place orders.`;
    case 'rate_limited':
      return msg`Too many attempts. Wait a minute and try again.`;
    default:
      return msg`Couldn’t place the order. Try again.`;
  }
}
