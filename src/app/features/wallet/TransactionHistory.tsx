import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { assetCatalogueQueryOptions, transactionsQueryOptions } from '../../api/walletQueries.ts';
import { invalidDate } from '../../lib/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { Empty, LoadFailed } from '../../ui/LoadStates.tsx';
import { Section } from '../../ui/Section.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { type DayHeading, groupByDay } from './historyDays.ts';
import { TransactionItem } from './TransactionItem.tsx';
import { useFollowBalance } from './useFollowBalance.ts';
import { useLoadMoreSentinel } from './useLoadMoreSentinel.ts';
import './wallet.css';

function DayTitle({ heading }: { heading: DayHeading }) {
  switch (heading.kind) {
    case 'today':
      return <Trans>Today</Trans>;
    case 'yesterday':
      return <Trans>Yesterday</Trans>;
    case 'date':
      return heading.text;
    case 'invalid':
      return invalidDate;
  }
}

/** Grey rows in the shape of the list while its first page loads. */
function HistorySkeleton() {
  const { t } = useLingui();
  return (
    <div className="wallet-skeleton" role="status" aria-label={t`Loading transactions`}>
      {[0, 1, 2].map((row) => (
        <div key={row} className="wallet-skeleton-row" aria-hidden="true">
          <span className="wallet-skeleton-icon" />
          <span className="wallet-skeleton-lines">
            <span className="wallet-skeleton-line" />
            <span className="wallet-skeleton-line wallet-skeleton-line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * The wallet's history ("Transactions"), all assets or one: 40 items a page, the next page
 * loading as the end of the list scrolls near, a divider per day. It follows the balance, so a
 * deposit that changes the balance shows here too. Empty, it invites a first deposit.
 */
export function TransactionHistory({ asset, timeZone }: { asset?: string; timeZone: string | null }) {
  const { t, i18n } = useLingui();
  const history = useInfiniteQuery(transactionsQueryOptions(asset));
  const catalogue = useQuery(assetCatalogueQueryOptions());
  useFollowBalance();
  // An asset's history sends its transactions back to the asset page (home is their parent anyway).
  const here = useLocation({ select: (location) => location.pathname });
  const backHere = asset === undefined ? undefined : here;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history;
  const sentinel = useLoadMoreSentinel<HTMLDivElement>(
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    () => void fetchNextPage(),
  );

  const items = useMemo(() => history.data?.pages.flatMap((page) => page.items) ?? [], [history.data]);
  const days = useMemo(() => groupByDay(items, { locale: i18n.locale, timeZone }), [items, i18n.locale, timeZone]);

  const title = (
    <h2 className="wallet-history-title">
      <Trans>Transactions</Trans>
    </h2>
  );

  if (history.isPending)
    return (
      <section className="wallet-history">
        {title}
        <HistorySkeleton />
      </section>
    );

  if (history.isError)
    return (
      <section className="wallet-history">
        {title}
        <LoadFailed message={<Trans>Couldn’t load the transactions.</Trans>} onRetry={() => void history.refetch()} />
      </section>
    );

  if (items.length === 0)
    return (
      <section className="wallet-history">
        {title}
        <Empty>
          <p className="wallet-state-title">
            <Trans>No transactions yet</Trans>
          </p>
          <p>
            <Trans>Make your first deposit: it will show up here.</Trans>
          </p>
          {asset === undefined ? (
            <Link to="/wallet/deposit" className="ui-button ui-button--secondary wallet-history-deposit">
              <Trans>Deposit</Trans>
            </Link>
          ) : (
            <Link
              to="/wallet/deposit/$asset"
              params={{ asset }}
              className="ui-button ui-button--secondary wallet-history-deposit"
            >
              <Trans>Deposit {asset}</Trans>
            </Link>
          )}
        </Empty>
      </section>
    );

  return (
    <section className="wallet-history">
      {title}
      {days.map((day) => (
        <Section key={day.key} header={<DayTitle heading={day.heading} />}>
          {day.items.map((item) => (
            <TransactionItem
              key={`${item.type}:${item.id}`}
              transaction={item}
              asset={catalogue.data?.assets[item.asset]}
              timeZone={timeZone}
              back={backHere}
            />
          ))}
        </Section>
      ))}
      <div ref={sentinel} className="wallet-history-end">
        {isFetchingNextPage ? <Spinner label={t`Loading more`} size={24} /> : null}
        {isFetchNextPageError ? (
          <Button variant="plain" onClick={() => void fetchNextPage()}>
            <Trans>Couldn’t load more. Try again</Trans>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
