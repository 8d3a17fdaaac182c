import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { awaitsViewer } from '../../../../machines/p2pOrder.machine.ts';
import type { OrderListItem, OrderStatusGroup } from '../../../contract/p2p-orders.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { orderStatisticQueryOptions, ordersQueryOptions } from '../../api/p2pOrderQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { orderStatusNames } from '../../lib/p2p/orderStatusName.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { ShowMore } from '../../ui/ShowMore.tsx';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';
import { orderListFilters } from './ordersSearch.ts';
import './p2p-orders.css';

/**
 * /p2p/orders: the person's orders, newest first, 40 a page ("Show more"), under the four filters
 * of spec 001 s.4 with their counts (GET /p2p/orders/statistic, every 5 s, like the list itself).
 * An order that waits for the person says so on its row; the count of those heads the active list.
 */
export function OrdersListView({ filter, timeZone }: { filter: OrderStatusGroup; timeZone: string | null }) {
  const { t } = useLingui();
  useScreenActions({ main: null, back: useBack({ to: '/p2p' }) });
  const statistic = useQuery(orderStatisticQueryOptions());
  const waiting = statistic.data?.action_required ?? 0;
  const filters = useRef<HTMLElement>(null);
  // The counts widen the chips when they arrive, which may push the chosen one out again.
  useChosenChipInView(filters, filter, statistic.data !== undefined);
  return (
    <Page>
      <PageTitle title={<Trans>Orders</Trans>} />
      <nav ref={filters} className="p2p-orders-filters" aria-label={t`Order filter`}>
        {orderListFilters.map((group) => (
          <Link
            key={group}
            to="/p2p/orders"
            search={{ status: group === 'active' ? undefined : group }}
            replace
            // The router marks the link of the list shown (aria-current="page"): the default, active, has no status.
            activeOptions={{ includeSearch: true, explicitUndefined: true }}
            className={group === filter ? 'p2p-orders-filter p2p-orders-filter--on' : 'p2p-orders-filter'}
          >
            <FilterName group={group} />
            {statistic.data === undefined ? null : (
              <span className="p2p-orders-filter-count tabular">{statistic.data[group]}</span>
            )}
          </Link>
        ))}
      </nav>
      {filter === 'active' && waiting > 0 ? (
        <p className="p2p-orders-waiting" role="status">
          <Plural value={waiting} one="# order waits for you" other="# orders wait for you" />
        </p>
      ) : null}
      <OrdersList filter={filter} timeZone={timeZone} />
    </Page>
  );
}

function FilterName({ group }: { group: OrderStatusGroup }) {
  switch (group) {
    case 'active':
      return <Trans context="orders filter">Active</Trans>;
    case 'completed':
      return <Trans context="orders filter">Completed</Trans>;
    case 'canceled':
      return <Trans context="orders filter">Canceled</Trans>;
    case 'disputed':
      return <Trans context="orders filter">Disputed</Trans>;
  }
}

function EmptyText({ group }: { group: OrderStatusGroup }) {
  switch (group) {
    case 'active':
      return <Trans>No active orders. Orders you take, and orders on your offers, show here.</Trans>;
    case 'completed':
      return <Trans>No completed orders yet.</Trans>;
    case 'canceled':
      return <Trans>No canceled orders.</Trans>;
    case 'disputed':
      return <Trans>No disputes.</Trans>;
  }
}

/** Space kept between the chosen chip and the row's edge, as the page's margin. */
const chipMargin = 16;

/**
 * At 320 px the chips scroll sideways: opened on "Canceled" or "Disputed", the row scrolls (at
 * once, the row only, never the page) so the chosen chip is whole on screen.
 */
function useChosenChipInView(row: RefObject<HTMLElement | null>, filter: OrderStatusGroup, counted: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter and the counts move the chip; the row is read afresh.
  useLayoutEffect(() => {
    const nav = row.current;
    const chip = nav?.querySelector<HTMLElement>('.p2p-orders-filter--on');
    if (!nav || !chip) return;
    const right = chip.offsetLeft + chip.offsetWidth + chipMargin;
    const left = chip.offsetLeft - chipMargin;
    if (right > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = right - nav.clientWidth;
    else if (left < nav.scrollLeft) nav.scrollLeft = Math.max(0, left);
  }, [filter, counted]);
}

function OrdersList({ filter, timeZone }: { filter: OrderStatusGroup; timeZone: string | null }) {
  const orders = useInfiniteQuery(ordersQueryOptions(filter));
  if (orders.isPending) return <Loading />;
  if (orders.isError) {
    return <LoadFailed message={<Trans>Couldn’t load your orders.</Trans>} onRetry={() => void orders.refetch()} />;
  }
  const rows = orders.data.pages.flatMap((page) => page.orders);
  if (rows.length === 0) {
    return (
      <Empty>
        <EmptyText group={filter} />
      </Empty>
    );
  }
  return (
    <Section>
      <CatalogueGate>
        {(catalogue) => (
          <ul className="p2p-orders-list">
            {rows.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} catalogue={catalogue} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </CatalogueGate>
      <ShowMore query={orders} />
    </Section>
  );
}

function OrderRow({
  order,
  catalogue,
  timeZone,
}: {
  order: OrderListItem;
  catalogue: AssetCatalogue;
  timeZone: string | null;
}) {
  const { i18n } = useLingui();
  const amount = formatCrypto(order.amount, order.asset, catalogue);
  const { counterparty } = order;
  const yourTurn = awaitsViewer(order.actions);
  const title: ReactNode = order.side === 'buyer' ? <Trans>Buy {amount}</Trans> : <Trans>Sell {amount}</Trans>;
  // Three lines, so a 320 px screen keeps the amounts whole: what and for how much; where it
  // stands and whether it waits for the person; with whom, which order and when.
  return (
    <PathLink href={`/p2p/orders/${order.id}`} className="p2p-orders-row">
      <span className="p2p-orders-row-title">{title}</span>
      <span className="p2p-orders-row-fiat tabular">{formatFiat(order.fiat_amount, order.fiat, catalogue)}</span>
      <span className={`p2p-orders-status p2p-orders-status--${order.status}`}>
        {i18n._(orderStatusNames[order.status])}
      </span>
      {yourTurn ? (
        <span className="p2p-orders-turn">
          <Trans>Your turn</Trans>
        </span>
      ) : (
        <span />
      )}
      <span className="p2p-orders-row-meta">
        <span className="p2p-orders-row-name">{counterparty.username}</span>
        {counterparty.is_verified_merchant ? <VerifiedBadge /> : null}
        <span className="p2p-orders-row-when tabular">
          {` · #${order.id} · ${formatShortDate(order.created_at, { locale: i18n.locale, timeZone })}`}
        </span>
      </span>
    </PathLink>
  );
}
