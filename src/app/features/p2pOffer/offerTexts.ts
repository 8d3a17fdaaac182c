import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Offer, OfferRestrictions } from '../../../contract/p2p-offers.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { formatCrypto, formatFiat, formatMargin } from '../../lib/p2p/offerFormat.ts';
import { catalogueNameOf } from '../../lib/p2p/paymentMethodLabel.ts';
import { paymentWindowMessage } from '../../lib/p2p/paymentWindow.ts';

/** An offer's facts as the offer screen and its edit pages write them. */
export interface OfferTexts {
  /** "Sell USDT for RUB" from the maker's side. */
  direction: string;
  price: string;
  /** "Fixed price", or "Floating: +1.5% to the market". */
  priceKind: string;
  limits: string;
  volume: string;
  remaining: string;
  methods: string;
  /** The maker's methods one by one, for rows that show each on its own line. */
  methodList: string[];
  paymentWindow: string;
  restrictions: string;
}

/** The restrictions an offer sets, counted: "None", "2 restrictions". */
export function restrictionCount(restrictions: OfferRestrictions): number {
  const { telegram_premium_required, ...numbers } = restrictions;
  return (telegram_premium_required ? 1 : 0) + Object.values(numbers).filter((value) => value !== null).length;
}

export function offerTexts(offer: Offer, catalogue: AssetCatalogue | undefined, i18n: I18n): OfferTexts {
  const fiat = (amount: string) => formatFiat(amount, offer.fiat, catalogue);
  const count = restrictionCount(offer.restrictions);
  const margin = offer.price_floating_ratio === null ? '' : formatMargin(offer.price_floating_ratio);
  const { asset, fiat: fiatCode } = offer;
  const methodList = offer.payment.maker.map((method) => catalogueNameOf({ ...method, name: null }));
  return {
    direction:
      offer.type === 'sell' ? i18n._(msg`Sell ${asset} for ${fiatCode}`) : i18n._(msg`Buy ${asset} for ${fiatCode}`),
    price: fiat(offer.price),
    priceKind:
      offer.price_floating_ratio === null ? i18n._(msg`Fixed price`) : i18n._(msg`Floating: ${margin} to the market`),
    limits: `${fiat(offer.limits.min)} – ${fiat(offer.limits.max)}`,
    volume: formatCrypto(offer.volume, offer.asset, catalogue),
    remaining: formatCrypto(offer.remaining_volume, offer.asset, catalogue),
    methods: methodList.join(', '),
    methodList,
    paymentWindow: i18n._(paymentWindowMessage(offer.payment.time_limit)),
    restrictions:
      count === 0
        ? i18n._(msg`None`)
        : i18n._(msg`${plural(count, { one: '# restriction', other: '# restrictions' })}`),
  };
}

/** The texts of `offer` in the interface's language, with the asset catalogue's formats. */
export function useOfferTexts(offer: Offer): OfferTexts {
  const { i18n } = useLingui();
  const catalogue = useQuery(assetCatalogueQueryOptions());
  return offerTexts(offer, catalogue.data, i18n);
}
