import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { P2cPaymentListItem } from '../../../contract/p2c.ts';
import { p2cPaymentsQueryOptions } from '../../api/p2cQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { clientStatusNames, merchantStatusNames } from './p2cPayMessages.ts';
import { usePayMoney } from './payMoney.ts';
import { type PaymentListFilter, paymentListFilters } from './paymentsSearch.ts';
import './p2c-pay.css';

const filterNames: Record<PaymentListFilter, MessageDescriptor> = {
  pending: msg({ context: 'P2C payments filter', message: 'Waiting' }),
  processing: msg({ context: 'P2C payments filter', message: 'Being paid' }),
  completed: msg({ context: 'P2C payments filter', message: 'Paid' }),
  disputed: msg({ context: 'P2C payments filter', message: 'Disputed' }),
  refunded: msg({ context: 'P2C payments filter', message: 'Refunded' }),
  expired: msg({ context: 'P2C payments filter', message: 'Canceled' }),
};

/** A client's payment opens its page in the QR flow; a merchant's, the order's page. */
function hrefOf(item: P2cPaymentListItem): string {
  return item.role === 'client' ? `/qr-pay?payment=${item.id}` : `/p2c/orders/${item.id}`;
}

/**
 * `/p2c/payments` (spec 001 s.2, s.9 "P2C payments refetch: 5 s"): the person's payments as client
 * and as merchant, newest first, filtered by status; each row names the shop, the roubles, the
 * status in its side's words and the crypto (the client's total, the merchant's reward).
 */
export function PaymentsListView({
  status,
  timeZone,
  onFilter,
}: {
  status: PaymentListFilter | undefined;
  timeZone: string | null;
  onFilter: (status: PaymentListFilter | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const platform = usePlatform();
  const money = usePayMoney();
  const back = useBack({ to: '/' });
  const list = useInfiniteQuery(p2cPaymentsQueryOptions({ status }));
  const hasMore = list.hasNextPage && !list.isFetchingNextPage;
  useScreenActions({
    main: hasMore ? { label: t`Show more`, onPress: () => void list.fetchNextPage() } : null,
    back,
  });
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page>
      <PageTitle title={<Trans>QR payments</Trans>} />
      <div className="p2c-pay-list-filters" role="toolbar" aria-label={t`Filter by status`}>
        <Button
          variant={status === undefined ? 'primary' : 'secondary'}
          aria-pressed={status === undefined}
          onClick={() => onFilter(undefined)}
        >
          <Trans>All</Trans>
        </Button>
        {paymentListFilters.map((filter) => (
          <Button
            key={filter}
            variant={status === filter ? 'primary' : 'secondary'}
            aria-pressed={status === filter}
            onClick={() => onFilter(filter)}
          >
            {i18n._(filterNames[filter])}
          </Button>
        ))}
      </div>
      {list.data === undefined ? (
        list.isError ? (
          <LoadFailed message={t`Couldn’t load your payments.`} onRetry={() => void list.refetch()} />
        ) : (
          <Loading />
        )
      ) : items.length === 0 ? (
        <Empty>
          {status === undefined ? (
            platform.scanQr !== undefined ? (
              <Trans>No payments yet. Scan a shop’s QR code to pay it with crypto.</Trans>
            ) : (
              // The web has no scanner: a code is paid by pasting its link.
              <Trans>No payments yet. Paste a shop’s QR code link to pay it with crypto.</Trans>
            )
          ) : (
            <Trans>No payments with this status.</Trans>
          )}
        </Empty>
      ) : (
        <Section>
          {items.map((item) => (
            <PathLink key={`${item.role}-${item.id}`} href={hrefOf(item)}>
              <Cell
                title={item.payee_name}
                // The roubles beside the name; the crypto (the client's total, the merchant's reward) under it, where a 320 px row has room.
                subtitle={`${money.crypto(item.amount, item.asset)} · ${statusName(item, i18n._.bind(i18n))} · ${formatShortDate(item.created_at, { locale: i18n.locale, timeZone })}`}
                value={<span className="p2c-pay-value">{money.fiat(item.fiat_amount)}</span>}
                chevron
              />
            </PathLink>
          ))}
        </Section>
      )}
    </Page>
  );
}

function statusName(item: P2cPaymentListItem, translate: (descriptor: MessageDescriptor) => string): string {
  if (item.role === 'client') {
    const names: Record<string, MessageDescriptor> = clientStatusNames;
    const name = names[item.status];
    return name === undefined ? item.status : translate(name);
  }
  const names: Record<string, MessageDescriptor> = merchantStatusNames;
  const name = names[item.status];
  return name === undefined ? item.status : translate(name);
}
