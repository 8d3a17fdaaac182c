import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { isPermitted, type UserSettings } from '../../../contract/settings.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { orderStatisticQueryOptions } from '../../api/p2pOrderQueries.ts';
import { myOffersQueryOptions } from '../../api/p2pQueries.ts';
import { useBack } from '../../lib/back.ts';
import { canSeeMarketPart } from '../../lib/p2p/marketAccess.ts';
import { formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { ShowMore } from '../../ui/ShowMore.tsx';
import './p2p-market.css';

/**
 * /p2p: the market's home. Buy and Sell lead to the offer lists, the person's own offers follow
 * with their status (online or offline; each opens its page, where it is turned on or off), then
 * payment methods and the market profile. "Create offer" is the main action. What the person's
 * feature flags hide is left out (offers and lists: `show_p2p_offers`; methods: `show_p2p_methods`).
 */
export function MarketHomeView({ settings }: { settings: UserSettings }) {
  const { t } = useLingui();
  const router = useRouter();
  const offers = canSeeMarketPart(settings.feature_flags, 'offers');
  const methods = canSeeMarketPart(settings.feature_flags, 'methods');
  const canCreate = offers && isPermitted(settings.permissions, 'can_create_market_offer');
  useScreenActions({
    main: canCreate ? { label: t`Create offer`, onPress: () => router.history.push('/p2p/offers/new') } : null,
    back: useBack({ to: '/' }),
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>P2P market</Trans>}
        subtitle={<Trans>Buy and sell crypto with other people, paying them directly by bank or card.</Trans>}
      />
      {offers ? (
        <Section>
          <Link to="/p2p/$side" params={{ side: 'buy' }}>
            <Cell title={<Trans>Buy</Trans>} subtitle={<Trans>Pay a seller, receive crypto</Trans>} chevron />
          </Link>
          <Link to="/p2p/$side" params={{ side: 'sell' }}>
            <Cell title={<Trans>Sell</Trans>} subtitle={<Trans>Send crypto, get paid by a buyer</Trans>} chevron />
          </Link>
        </Section>
      ) : null}
      {offers ? <OrdersEntry /> : null}
      {offers ? <MyOffers /> : null}
      <Section>
        {methods ? (
          <Link to="/p2p/methods">
            <Cell title={<Trans>Payment methods</Trans>} chevron />
          </Link>
        ) : null}
        <Link to="/p2p/profile">
          <Cell title={<Trans>Market profile</Trans>} subtitle={<Trans>Your name, orders and reviews</Trans>} chevron />
        </Link>
      </Section>
    </Page>
  );
}

/** The person's orders, with how many wait for them (GET /p2p/orders/statistic, every 5 s). */
function OrdersEntry() {
  const { t } = useLingui();
  const statistic = useQuery(orderStatisticQueryOptions());
  const waiting = statistic.data?.action_required ?? 0;
  const active = statistic.data?.active ?? 0;
  return (
    <Section>
      <Link to="/p2p/orders">
        <Cell
          title={<Trans>My orders</Trans>}
          subtitle={active > 0 ? <Plural value={active} one="# active order" other="# active orders" /> : undefined}
          value={
            waiting > 0 ? (
              <CountBadge
                count={waiting}
                label={t({
                  message: plural(waiting, { one: '# order waits for you', other: '# orders wait for you' }),
                })}
              />
            ) : undefined
          }
          chevron
        />
      </Link>
    </Section>
  );
}

/** GET /p2p/offers/my: newest first, 40 at a time, refreshed every 5 s. */
function MyOffers() {
  const offers = useInfiniteQuery(myOffersQueryOptions());
  const header = <Trans>My offers</Trans>;
  if (offers.isPending) {
    return (
      <Section header={header}>
        <Loading />
      </Section>
    );
  }
  if (offers.isError) {
    return (
      <Section header={header}>
        <LoadFailed message={<Trans>Couldn’t load your offers.</Trans>} onRetry={() => void offers.refetch()} />
      </Section>
    );
  }
  const mine = offers.data.pages.flatMap((page) => page.offers);
  if (mine.length === 0) {
    return (
      <Section header={header} footer={<Trans>Offers you create are listed here.</Trans>}>
        <p className="p2p-home-empty">
          <Trans>You have no offers yet.</Trans>
        </p>
      </Section>
    );
  }
  return (
    <Section header={header}>
      <CatalogueGate>
        {(catalogue) => mine.map((offer) => <MyOfferRow key={offer.id} offer={offer} catalogue={catalogue} />)}
      </CatalogueGate>
      <ShowMore query={offers} />
    </Section>
  );
}

function MyOfferRow({ offer, catalogue }: { offer: Offer; catalogue: AssetCatalogue }) {
  const { asset, fiat } = offer;
  const online = offer.status === 'active';
  return (
    <PathLink href={`/p2p/offers/${offer.id}`}>
      <Cell
        title={
          offer.type === 'sell' ? (
            <Trans>
              Sell {asset} for {fiat}
            </Trans>
          ) : (
            <Trans>
              Buy {asset} for {fiat}
            </Trans>
          )
        }
        subtitle={<span className="tabular">{`#${offer.id} · ${formatFiat(offer.price, fiat, catalogue)}`}</span>}
        value={
          <span className={online ? 'p2p-status p2p-status--online' : 'p2p-status'}>
            {online ? <Trans context="offer status">Online</Trans> : <Trans context="offer status">Offline</Trans>}
          </span>
        }
        chevron
      />
    </PathLink>
  );
}
