import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  LimitError,
  PriceError,
  RestrictionError,
  VolumeError,
} from '../../../../machines/createOffer/offerRules.ts';
import { amountInputMessage } from '../../lib/amountInputMessages.ts';

/**
 * What the create-offer steps say about an entry (render with `i18n._(…)`). An empty field says
 * nothing: its step simply cannot go on yet. Amounts are formatted by the caller.
 */

export function priceErrorMessage(
  error: PriceError,
  facts: { fiat: string; lowest: string; highest: string },
): MessageDescriptor | null {
  switch (error) {
    case 'empty':
      return null;
    case 'zero':
      return msg`The price must be above zero`;
    case 'no_reference':
      return msg`There’s no market price for this pair right now. Try another currency.`;
    case 'below_band':
      return msg`At least ${facts.lowest}`;
    case 'above_band':
      return msg`At most ${facts.highest}`;
    default:
      return amountInputMessage(error, facts.fiat, 2);
  }
}

export function volumeErrorMessage(
  error: VolumeError,
  facts: { asset: string; decimals: number; minimum: string; maximum: string; sellable: string },
): MessageDescriptor | null {
  switch (error) {
    case 'empty':
      return null;
    case 'below_minimum':
      return msg`Minimum amount is ${facts.minimum}`;
    case 'above_maximum':
      return msg`Maximum amount is ${facts.maximum}`;
    case 'above_balance':
      return msg`Not enough balance: with the fee you can sell up to ${facts.sellable}`;
    case 'zero':
      return msg`Minimum amount is ${facts.minimum}`;
    default:
      return amountInputMessage(error, facts.asset, facts.decimals);
  }
}

export function limitErrorMessage(
  error: LimitError,
  facts: { fiat: string; lowest: string; highest: string; worth: string },
): MessageDescriptor | null {
  switch (error) {
    case 'empty':
      return null;
    case 'zero':
    case 'min_below_market':
      return msg`At least ${facts.lowest}`;
    case 'max_above_market':
      return msg`At most ${facts.highest}`;
    case 'min_above_volume':
    case 'max_above_volume':
      return msg`The whole amount is worth ${facts.worth}`;
    case 'min_above_max':
      return msg`The maximum can’t be below the minimum`;
    default:
      return amountInputMessage(error, facts.fiat, 2);
  }
}

export function restrictionErrorMessage(
  error: RestrictionError,
  bounds: { min: number; max: number },
): MessageDescriptor {
  const { min, max } = bounds;
  return error === 'not_whole' ? msg`A whole number, like 10` : msg`From ${min} to ${max}`;
}
