import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MarketProfileStats } from '../../../contract/p2p-profile.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { formatFiat } from '../../lib/p2p/offerFormat.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Section } from '../../ui/Section.tsx';
import { accountAgeOf } from './accountAge.ts';

function OrdersAndRate({ orders, percent }: { orders: number; percent: number }) {
  return (
    <>
      <Plural value={orders} one="# order" other="# orders" />
      {/* A rate of no orders says nothing: it shows once there is one. */}
      {orders > 0 ? ` · ${percent}%` : null}
    </>
  );
}

function AccountAge({ days }: { days: number }): ReactNode {
  const { unit, count } = accountAgeOf(days);
  if (count === 0) return <Trans>under a day</Trans>;
  switch (unit) {
    case 'day':
      return <Plural value={count} one="# day" other="# days" />;
    case 'month':
      return <Plural value={count} one="# month" other="# months" />;
    case 'year':
      return <Plural value={count} one="# year" other="# years" />;
  }
}

/**
 * A market user's record: completed orders and completion rate over 30 days and all time, the
 * volume traded, how long they have been on the market, and their reviews.
 */
export function ProfileStats({
  stats,
  reviews = 'counts',
}: {
  stats: MarketProfileStats;
  /** The review counts as a section of their own, with `link` at its end (a page lists them itself: 'none'). */
  reviews?: 'counts' | 'none' | ReactNode;
}) {
  const { t } = useLingui();
  const catalogue = useQuery(assetCatalogueQueryOptions());
  return (
    <>
      <Section
        header={t`Trading`}
        footer={
          // Only where a rate shows.
          stats.all_time.completed_orders > 0
            ? t`Completion rate: the share of orders completed rather than cancelled by this user.`
            : undefined
        }
      >
        <Cell
          title={t`Last 30 days`}
          value={
            <OrdersAndRate
              orders={stats.last_30_days.completed_orders}
              percent={stats.last_30_days.completion_percent}
            />
          }
        />
        <Cell
          title={t`All time`}
          value={<OrdersAndRate orders={stats.all_time.completed_orders} percent={stats.all_time.completion_percent} />}
        />
        {/* US dollars as the server counts them, written like every fiat amount (docs/formatting.md): "$1 234.50". */}
        <Cell title={t`Volume`} value={formatFiat(stats.volume_usd, 'USD', catalogue.data)} />
        <Cell title={t`On the market`} value={<AccountAge days={stats.account_age_days} />} />
      </Section>
      {reviews === 'none' ? null : (
        <Section header={t`Reviews`}>
          <Cell
            title={t`Positive`}
            value={<Plural value={stats.positive_reviews} one="# review" other="# reviews" />}
          />
          <Cell
            title={t`Negative`}
            value={<Plural value={stats.negative_reviews} one="# review" other="# reviews" />}
          />
          {reviews === 'counts' ? null : reviews}
        </Section>
      )}
    </>
  );
}
