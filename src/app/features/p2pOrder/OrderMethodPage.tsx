import { Trans, useLingui } from '@lingui/react/macro';
import type { Order, OrderPaymentDetail } from '../../../contract/p2p-orders.ts';
import { useBack } from '../../lib/back.ts';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import { paymentDetailLabels } from '../../lib/p2p/paymentDetailLabels.ts';
import { catalogueNameOf } from '../../lib/p2p/paymentMethodLabel.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Empty } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { OrderGate } from './OrderGate.tsx';

/**
 * `/p2p/orders/{id}/method`: the seller's payment details in full, each with a copy button. The
 * server sends them only to the buyer, only from `accepted` until the order ends; anyone else
 * (or later) reads that they are not shown.
 */
export function OrderMethodPage({ id }: { id: number }) {
  const back = useBack({ to: '/p2p/orders/$id', params: { id } });
  return (
    <OrderGate id={id} back={back}>
      {(order) => <MethodScreen order={order} back={back} />}
    </OrderGate>
  );
}

function MethodScreen({ order, back }: { order: Order; back: () => void }) {
  useScreenActions({ main: null, secondary: null, back });
  const details = order.payment_method.details;
  const method = catalogueNameOf(order.payment_method);
  if (details === null) {
    return (
      <Page centered>
        <Empty>
          <PageTitle
            title={<Trans>Payment details are not shown</Trans>}
            subtitle={<Trans>Only the buyer sees them, from when the order is accepted until it ends.</Trans>}
          />
        </Empty>
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle
        title={method}
        subtitle={<Trans>Pay exactly the order’s amount from an account in your own name.</Trans>}
      />
      <Section>
        {details.map((detail) => (
          <DetailRow key={detail.key} detail={detail} />
        ))}
      </Section>
    </Page>
  );
}

function DetailRow({ detail }: { detail: OrderPaymentDetail }) {
  const { i18n, t } = useLingui();
  const { copied, copy } = useCopyFeedback();
  const label = i18n._(paymentDetailLabels[detail.kind]);
  return (
    <div className="p2p-order-detail">
      <span className="p2p-order-detail-text">
        <span className="ui-cell-subtitle">{label}</span>
        <span className="p2p-order-detail-value">{detail.value}</span>
      </span>
      <Button variant="plain" aria-label={t`Copy ${label}`} onClick={() => void copy(detail.value)}>
        {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </Button>
    </div>
  );
}
