import { Trans } from '@lingui/react/macro';
import type { Offer } from '../../../contract/p2p-offers.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { catalogueNameOf } from '../../lib/p2p/paymentMethodLabel.ts';
import { MakerOrderStats } from '../../ui/MakerOrderStats.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';

/**
 * One offer of a list: the maker (avatar, market username, verified badge, orders and completion in the last
 * 30 days), the price now, the limits of one order, what is left to trade and the payment methods.
 * The whole card opens the offer; `back=offers` brings its back to this list (spec 001 s.2).
 */
export function OfferCard({ offer, catalogue }: { offer: Offer; catalogue: AssetCatalogue }) {
  const { user } = offer;
  // The market username is the maker's public identity (the take form and the lists name them by it).
  const name = user.username;
  const fiat = (amount: string) => formatFiat(amount, offer.fiat, catalogue);
  return (
    <PathLink href={`/p2p/offers/${offer.id}?back=offers`} className="p2p-offer">
      <span className="p2p-offer-maker">
        <UserAvatar name={name} colorIndex={user.user_color_index} size={32} />
        <span className="p2p-offer-maker-text">
          <span className="p2p-offer-name">
            <span className="p2p-offer-name-text">{name}</span>
            {user.is_verified_merchant ? <VerifiedBadge /> : null}
          </span>
          <span className="p2p-offer-stats tabular">
            <MakerOrderStats user={user} />
          </span>
        </span>
      </span>
      <span className="p2p-offer-price tabular">{fiat(offer.price)}</span>
      <span className="p2p-offer-facts">
        <span className="p2p-offer-fact">
          <span className="p2p-offer-fact-label">
            <Trans>Limits</Trans>
          </span>
          <span className="tabular">
            {fiat(offer.limits.min)} – {fiat(offer.limits.max)}
          </span>
        </span>
        <span className="p2p-offer-fact">
          <span className="p2p-offer-fact-label">
            <Trans>Available</Trans>
          </span>
          <span className="tabular">{formatCrypto(offer.remaining_volume, offer.asset, catalogue)}</span>
        </span>
      </span>
      <span className="p2p-offer-methods">
        {offer.payment.maker.map((method) => (
          <span key={`${method.identifier}/${method.child_identifier ?? ''}`} className="p2p-chip">
            {catalogueNameOf({ name: null, locale: method.locale, child_locale: method.child_locale })}
          </span>
        ))}
      </span>
    </PathLink>
  );
}
