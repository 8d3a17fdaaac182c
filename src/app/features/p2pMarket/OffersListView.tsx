import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { UserSettings } from '../../../contract/settings.ts';
import { fiatCatalogueQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { offerListQueryOptions } from '../../api/p2pQueries.ts';
import { useBack } from '../../lib/back.ts';
import { type MarketSide, marketSides } from '../../lib/p2p/marketSide.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { ShowMore } from '../../ui/ShowMore.tsx';
import { AmountFilter } from './AmountFilter.tsx';
import { type MarketReference, MarketReferenceGate } from './MarketReferenceGate.tsx';
import { OfferCard } from './OfferCard.tsx';
import { isNarrowed, listFiltersOf, methodsOf, type ShownMarket, shownMarket } from './offerFilters.ts';
import type { OfferListSearch } from './offerListSearch.ts';
import './p2p-market.css';

/**
 * /p2p/{side}: the offers someone buying (`/p2p/buy`, sell offers) or selling (`/p2p/sell`, buy
 * offers) can take, best price first, filtered by what the URL says (offerListSearch.ts). Prices
 * follow the reference price: the pages shown are fetched again every `config.price_refresh_ms`.
 */
export function OffersListView({
  side,
  search,
  settings,
}: {
  side: MarketSide;
  search: OfferListSearch;
  settings: UserSettings;
}) {
  useScreenActions({ back: useBack({ to: '/p2p' }) });
  return (
    <Page>
      <MarketReferenceGate>
        {(reference) => {
          const market = shownMarket(search, reference.assets, reference.fiats, settings.local_currency);
          return market === null ? (
            <Empty>
              <p>
                <Trans>Nothing trades on the market yet.</Trans>
              </p>
            </Empty>
          ) : (
            <OffersList side={side} search={search} market={market} reference={reference} />
          );
        }}
      </MarketReferenceGate>
    </Page>
  );
}

function OffersList({
  side,
  search,
  market,
  reference,
}: {
  side: MarketSide;
  search: OfferListSearch;
  market: ShownMarket;
  reference: MarketReference;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const offers = useInfiniteQuery(
    offerListQueryOptions(listFiltersOf(side, market, search), reference.config.price_refresh_ms),
  );
  const { asset, fiat } = market;
  const setSearch = (next: Partial<OfferListSearch>) =>
    void navigate({
      to: '/p2p/$side',
      params: { side },
      search: (previous) => ({ ...previous, ...next }),
      replace: true,
    });
  const shown = offers.data?.pages.flatMap((page) => page.offers) ?? [];

  return (
    <>
      <PageTitle
        title={side === 'buy' ? <Trans>Buy {asset}</Trans> : <Trans>Sell {asset}</Trans>}
        subtitle={
          side === 'buy' ? (
            <Trans>
              People selling {asset} for {fiat}. You pay them directly; the {asset} is held for you until they confirm.
            </Trans>
          ) : (
            <Trans>
              People buying {asset} for {fiat}. They pay you directly; your {asset} is released once you confirm.
            </Trans>
          )
        }
      />
      <nav className="p2p-sides" aria-label={t`Buy or sell`}>
        {marketSides.map((each) => (
          <Link
            key={each}
            to="/p2p/$side"
            params={{ side: each }}
            search={search}
            replace
            className="p2p-side"
            activeOptions={{ includeSearch: false }}
            aria-current={each === side ? 'page' : undefined}
          >
            {each === 'buy' ? <Trans>Buy</Trans> : <Trans>Sell</Trans>}
          </Link>
        ))}
      </nav>
      <FilterBar side={side} search={search} market={market} />
      {/* A new amount in the URL (applied, cleared, another fiat) starts the field afresh. */}
      <AmountFilter
        key={`${fiat}/${search.amount ?? ''}`}
        fiat={fiat}
        amount={search.amount}
        onChange={(amount) => setSearch({ amount })}
      />
      {offers.isPending ? (
        <Loading />
      ) : offers.isError ? (
        <LoadFailed message={<Trans>Couldn’t load the offers.</Trans>} onRetry={() => void offers.refetch()} />
      ) : shown.length === 0 ? (
        <Empty>
          <p>
            {isNarrowed(search) ? (
              <Trans>No offers match these filters.</Trans>
            ) : side === 'buy' ? (
              <Trans>
                No one sells {asset} for {fiat} right now.
              </Trans>
            ) : (
              <Trans>
                No one buys {asset} for {fiat} right now.
              </Trans>
            )}
          </p>
          {isNarrowed(search) ? (
            <Button
              variant="plain"
              onClick={() => setSearch({ methods: undefined, amount: undefined, verified: undefined })}
            >
              <Trans>Clear filters</Trans>
            </Button>
          ) : null}
        </Empty>
      ) : (
        <>
          <ul className="p2p-offers" aria-label={t`Offers`}>
            {shown.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} catalogue={reference.catalogue} />
              </li>
            ))}
          </ul>
          <ShowMore query={offers} />
        </>
      )}
    </>
  );
}

/** The filters as links to their choice pages, each showing what is chosen. */
function FilterBar({ side, search, market }: { side: MarketSide; search: OfferListSearch; market: ShownMarket }) {
  const { t } = useLingui();
  const methods = methodsOf(search);
  return (
    <nav className="p2p-filters" aria-label={t`Filters`}>
      <FilterLink to="/p2p/$side/asset" side={side} search={search} label={t`Asset`}>
        {market.asset}
      </FilterLink>
      <FilterLink to="/p2p/$side/fiat" side={side} search={search} label={t`Currency`}>
        {market.fiat}
      </FilterLink>
      <FilterLink to="/p2p/$side/method" side={side} search={search} label={t`Payment method`}>
        {methods.length === 0 ? (
          <Trans>All methods</Trans>
        ) : methods.length === 1 ? (
          <MethodName fiat={market.fiat} identifier={methods[0] ?? ''} />
        ) : (
          <Plural value={methods.length} one="# method" other="# methods" />
        )}
      </FilterLink>
      <FilterLink to="/p2p/$side/verification" side={side} search={search} label={t`Merchants`}>
        {search.verified === true ? <Trans>Verified only</Trans> : <Trans>All merchants</Trans>}
      </FilterLink>
    </nav>
  );
}

/** A catalogue entry's name, or its identifier while the catalogue loads (or lacks it). */
function MethodName({ fiat, identifier }: { fiat: string; identifier: string }) {
  const catalogue = useQuery(fiatCatalogueQueryOptions(fiat));
  return <>{catalogue.data?.methods.find((entry) => entry.identifier === identifier)?.locale ?? identifier}</>;
}

function FilterLink({
  to,
  side,
  search,
  label,
  children,
}: {
  to: '/p2p/$side/asset' | '/p2p/$side/fiat' | '/p2p/$side/method' | '/p2p/$side/verification';
  side: MarketSide;
  search: OfferListSearch;
  label: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} params={{ side }} search={search} className="p2p-filter">
      <span className="p2p-filter-label">{label}</span> <span className="p2p-filter-value">{children}</span>
    </Link>
  );
}
