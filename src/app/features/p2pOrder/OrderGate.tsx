import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Order } from '../../../contract/p2p-orders.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { toApiError } from '../../api/errors.ts';
import { orderQueryOptions } from '../../api/p2pOrderQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import './p2p-order.css';

/**
 * Every order page's loading: the order (refreshed every 5 s) and the asset catalogue (how its
 * money is written), with a way back while they load or fail. Another user's order answers 404
 * like a missing one: "Order not found".
 */
export function OrderGate({
  id,
  back,
  children,
}: {
  id: number;
  back: () => void;
  children: (order: Order, catalogue: AssetCatalogue) => ReactNode;
}) {
  const { t } = useLingui();
  const order = useQuery(orderQueryOptions(id));
  const catalogue = useQuery(assetCatalogueQueryOptions());
  if (order.data !== undefined && catalogue.data !== undefined) return children(order.data, catalogue.data);
  if (order.isError && !order.isFetching && toApiError(order.error)?.code === 404) {
    return (
      <BackOnly back={back} centered>
        <Empty>
          <PageTitle title={<Trans>Order not found</Trans>} subtitle={<Trans>It is not one of your orders.</Trans>} />
        </Empty>
      </BackOnly>
    );
  }
  // A failed load being fetched again (a prefetch sent before the mini app's sign-in answered
  // 401, then the page's own fetch once signed in) is still loading, not failed.
  const failed = (order.isError && !order.isFetching) || (catalogue.isError && !catalogue.isFetching);
  if (failed) {
    return (
      <BackOnly back={back}>
        <LoadFailed
          message={t`Couldn’t load the order.`}
          onRetry={() => {
            if (order.isError) void order.refetch();
            if (catalogue.isError) void catalogue.refetch();
          }}
        />
      </BackOnly>
    );
  }
  return (
    <BackOnly back={back}>
      <Loading />
    </BackOnly>
  );
}

/** A page whose only action is back. */
export function BackOnly({
  back,
  centered = false,
  children,
}: {
  back: () => void;
  centered?: boolean;
  children: ReactNode;
}) {
  useScreenActions({ main: null, secondary: null, back });
  return <Page centered={centered}>{children}</Page>;
}

/** A sub-page whose step the order does not offer now: why, and the way to the order. */
export function NotNow({
  order,
  back,
  title,
  subtitle,
}: {
  order: Order;
  back: () => void;
  title: ReactNode;
  subtitle: ReactNode;
}) {
  return (
    <BackOnly back={back} centered>
      <PageTitle title={title} subtitle={subtitle} />
      <Link
        to="/p2p/orders/$id"
        params={{ id: order.id }}
        className="ui-button ui-button--secondary ui-button--stretched"
      >
        <Trans>Open the order</Trans>
      </Link>
    </BackOnly>
  );
}
