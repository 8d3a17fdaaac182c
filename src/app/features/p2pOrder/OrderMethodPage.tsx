import { Trans, useLingui } from '@lingui/react/macro';
import type { Order, OrderPaymentDetail } from '../../../contract/p2p-orders.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
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
import { orderAmounts } from './orderAmounts.ts';

/**
 * `/p2p/orders/{id}/method`: the seller's payment details in full, each with a copy button. The
 * server sends them only to the buyer, only from `accepted` until the order ends; anyone else
 * (or later) reads that they are not shown.
 */
export function OrderMethodPage({ id }: { id: number }) {
  const back = useBack({ to: '/p2p/orders/$id', params: { id } });
  return (
    <OrderGate id={id} back={back}>
      {(order, catalogue) => <MethodScreen order={order} catalogue={catalogue} back={back} />}
    </OrderGate>
  );
}

function MethodScreen({ order, catalogue, back }: { order: Order; catalogue: AssetCatalogue; back: () => void }) {
  const { t } = useLingui();
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
      <PageTitle title={<Trans>Payment details</Trans>} subtitle={method} />
      <Section footer={<Trans>Pay exactly this amount from an account in your own name.</Trans>}>
        <CopyRow label={t`Amount to pay`} shown={orderAmounts(order, catalogue).fiat} copied={order.fiat_amount} />
      </Section>
      <Section>
        {details.map((detail) => (
          <DetailRow key={detail.key} detail={detail} />
        ))}
      </Section>
    </Page>
  );
}

function DetailRow({ detail }: { detail: OrderPaymentDetail }) {
  const { i18n } = useLingui();
  return <CopyRow label={i18n._(paymentDetailLabels[detail.kind])} shown={detail.value} copied={detail.value} />;
}

/** One value with its name and a Copy button ("Copied" for 2 s after). */
function CopyRow({ label, shown, copied: text }: { label: string; shown: string; copied: string }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyFeedback();
  return (
    <div className="p2p-order-detail">
      <span className="p2p-order-detail-text">
        <span className="ui-cell-subtitle">{label}</span>
        <span className="p2p-order-detail-value">{shown}</span>
      </span>
      <Button
        variant="plain"
        aria-label={copied ? t`Copied ${label}` : t`Copy ${label}`}
        onClick={() => void copy(text)}
      >
        {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </Button>
    </div>
  );
}
