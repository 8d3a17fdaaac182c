import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Order, OrderActor, OrderHistoryEntry } from '../../../contract/p2p-orders.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { orderStatusNames } from '../../lib/p2p/orderStatusName.ts';
import { catalogueNameOf } from '../../lib/p2p/paymentMethodLabel.ts';
import { paymentWindowMessage } from '../../lib/p2p/paymentWindow.ts';
import { Cell } from '../../ui/Cell.tsx';
import { MakerOrderStats } from '../../ui/MakerOrderStats.tsx';
import { PageTitle } from '../../ui/Page.tsx';
import { PaymentMethodCell } from '../../ui/PaymentMethodCell.tsx';
import { Section } from '../../ui/Section.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import type { OrderAmounts } from './orderAmounts.ts';

/** "Order #12", what the viewer does in it ("Buy USDT") and its status in a few words. */
export function OrderHeader({ order }: { order: Order }) {
  const { i18n } = useLingui();
  const number = order.id;
  const asset = order.asset;
  return (
    <PageTitle
      title={<Trans>Order #{number}</Trans>}
      subtitle={
        <>
          {order.side === 'buyer' ? <Trans>Buy {asset}</Trans> : <Trans>Sell {asset}</Trans>}
          {' · '}
          <span className={`p2p-order-status p2p-order-status--${order.status}`}>
            {i18n._(orderStatusNames[order.status])}
          </span>
        </>
      }
    />
  );
}

/** The order's terms, the payment method (the full details on their own page), the other side. */
export function OrderDetails({
  order,
  catalogue,
  amounts,
  timeZone,
}: {
  order: Order;
  catalogue: AssetCatalogue;
  amounts: OrderAmounts;
  timeZone: string | null;
}) {
  const { i18n } = useLingui();
  const buyer = order.side === 'buyer';
  const price = formatFiat(order.price, order.fiat, catalogue);
  const asset = order.asset;
  const other = order.counterparty;
  const showFee = order.is_maker && order.fee !== '0';
  return (
    <>
      <Section header={<Trans>Order</Trans>}>
        <Cell title={buyer ? <Trans>You pay</Trans> : <Trans>You receive</Trans>} value={amounts.fiat} />
        <Cell title={buyer ? <Trans>You get</Trans> : <Trans>You send</Trans>} value={amounts.crypto} />
        <Cell
          title={<Trans>Price</Trans>}
          value={
            <Trans>
              {price} per {asset}
            </Trans>
          }
        />
        {showFee ? (
          <Cell title={<Trans>Your fee</Trans>} value={formatCrypto(order.fee, order.asset, catalogue)} />
        ) : null}
        <Cell title={<Trans>Time to pay</Trans>} value={i18n._(paymentWindowMessage(order.time_limit))} />
        <Cell
          title={<Trans>Created</Trans>}
          value={formatShortDate(order.created_at, { locale: i18n.locale, timeZone })}
        />
      </Section>
      <Section
        header={<Trans>Payment method</Trans>}
        footer={
          order.payment_method.details === null && buyer && order.status === 'processed' ? (
            <Trans>The seller’s full details show here once the order is accepted.</Trans>
          ) : undefined
        }
      >
        {order.payment_method.details === null ? (
          <PaymentMethodCell method={order.payment_method} />
        ) : (
          <Link to="/p2p/orders/$id/method" params={{ id: order.id }}>
            <Cell
              title={<Trans>Payment details</Trans>}
              subtitle={catalogueNameOf(order.payment_method)}
              value={<span className="p2p-order-nowrap">{order.payment_method.data}</span>}
              chevron
            />
          </Link>
        )}
      </Section>
      <Section header={buyer ? <Trans>Seller</Trans> : <Trans>Buyer</Trans>}>
        <Link to="/p2p/users/$id" params={{ id: other.id }}>
          <Cell
            icon={<UserAvatar name={other.username} colorIndex={other.user_color_index} />}
            title={other.username}
            subtitle={<MakerOrderStats user={other} />}
            chevron
          />
        </Link>
      </Section>
      {order.history.length === 0 ? null : (
        <Section header={<Trans>History</Trans>}>
          {[...order.history].reverse().map((entry) => (
            <Cell
              key={`${entry.at}-${entry.from}-${entry.to}`}
              {...historyLine(entry, order.side)}
              value={formatShortDate(entry.at, { locale: i18n.locale, timeZone })}
            />
          ))}
        </Section>
      )}
      {order.conditions.trim() === '' ? null : (
        <Section header={<Trans>Conditions</Trans>}>
          <p className="p2p-order-text">{order.conditions}</p>
        </Section>
      )}
    </>
  );
}

/**
 * A history row: the status the order went to and who moved it. The confirmation window running
 * out leaves the order paid (the server writes pending → pending, detail `confirmation_expired`):
 * that row says so in its own words rather than repeating "Payment sent".
 */
function historyLine(entry: OrderHistoryEntry, side: Order['side']): { title: ReactNode; subtitle?: ReactNode } {
  if (entry.detail === 'confirmation_expired') {
    return {
      title:
        side === 'seller' ? (
          <Trans>Your time to confirm has passed</Trans>
        ) : (
          <Trans>The seller’s time to confirm has passed</Trans>
        ),
    };
  }
  return { title: <StatusName status={entry.to} />, subtitle: <ActorName actor={entry.actor} side={side} /> };
}

function StatusName({ status }: { status: Order['status'] }) {
  const { i18n } = useLingui();
  return i18n._(orderStatusNames[status]);
}

/** Who moved the order on, from the viewer's side. */
function ActorName({ actor, side }: { actor: OrderActor; side: Order['side'] }) {
  if (actor === side) return <Trans>By you</Trans>;
  switch (actor) {
    case 'buyer':
    case 'seller':
      return <Trans>By the other side</Trans>;
    case 'timer':
      return <Trans>Time ran out</Trans>;
    case 'support':
      return <Trans>By support</Trans>;
    case 'system':
      return <Trans>Automatically</Trans>;
  }
}
