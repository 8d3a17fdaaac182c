import type { Offer } from '../../../contract/p2p-offers.ts';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';

/** The methods the taker chooses among: the maker's (sell offer) or their own matching ones (buy offer). */
export function methodOptions(offer: Offer): PaymentMethod[] {
  return offer.type === 'sell' ? offer.payment.maker_accepts : offer.payment.taker_accepts;
}

/** The remembered choice while it is still an option; a single option is chosen by itself. */
export function chosenMethod(options: readonly PaymentMethod[], methodId: number | null): PaymentMethod | null {
  const remembered = options.find((method) => method.id === methodId);
  if (remembered !== undefined) return remembered;
  return options.length === 1 ? (options[0] ?? null) : null;
}
