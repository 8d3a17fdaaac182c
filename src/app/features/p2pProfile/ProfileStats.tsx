import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MarketProfileStats } from '../../../contract/p2p-profile.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Section } from '../../ui/Section.tsx';
import { accountAgeOf } from './accountAge.ts';

/** "$12,345.60", "$0": the traded volume, in US dollars as the server counts it. */
function formatUsd(volume: string, locale: string): string {
  const amount = Number(volume);
  if (!Number.isFinite(amount)) return volume;
  // Whole dollars without ",00"; cents, when there are any, in full ("$1,234.50").
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

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
  const { t, i18n } = useLingui();
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
        <Cell title={t`Volume`} value={formatUsd(stats.volume_usd, i18n.locale)} />
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
