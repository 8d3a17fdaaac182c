import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Order } from '../../../contract/p2p-orders.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { useBack } from '../../lib/back.ts';
import type { ScreenAction } from '../../platform/screenActions.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page } from '../../ui/Page.tsx';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { NextStepCard } from './NextStepCard.tsx';
import { nextStepOf } from './nextStep.ts';
import { OrderDetails, OrderHeader } from './OrderDetails.tsx';
import { OrderDisputeSection } from './OrderDisputeSection.tsx';
import { OrderGate } from './OrderGate.tsx';
import { type OrderAmounts, orderAmounts } from './orderAmounts.ts';
import { orderCallErrorMessage } from './orderMessages.ts';
import { ReviewSection } from './ReviewSection.tsx';
import { type OrderPageActor, useOrderPage } from './useOrderPage.ts';

/**
 * `/p2p/orders/{id}`: what the person must do next (per status and side, with the running
 * timer), then the order's terms, the payment method, the other side, the dispute and the
 * reviews. The buttons are exactly the actions the server offers (the order's `actions`); steps
 * that cannot be taken back ask first (machines/p2pOrderPage.machine.ts). Releasing and the
 * dispute forms have pages of their own. The order refreshes every 5 s.
 */
export function OrderPage({ id, timeZone }: { id: number; timeZone: string | null }) {
  const back = useBack({ to: '/p2p/orders' });
  return (
    <OrderGate id={id} back={back}>
      {(order, catalogue) => <OrderScreen order={order} catalogue={catalogue} timeZone={timeZone} back={back} />}
    </OrderGate>
  );
}

function OrderScreen({
  order,
  catalogue,
  timeZone,
  back,
}: {
  order: Order;
  catalogue: AssetCatalogue;
  timeZone: string | null;
  back: () => void;
}) {
  const { i18n } = useLingui();
  const actor = useOrderPage(order);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const step = nextStepOf(order);
  const amounts = orderAmounts(order, catalogue);
  useOrderActions(actor, order, amounts, back);
  return (
    <Page>
      <OrderHeader order={order} />
      <NextStepCard step={step} order={order} amounts={amounts} timeZone={timeZone} />
      {error !== null && error.action !== 'review' ? (
        <p className="p2p-order-error" role="alert">
          {i18n._(orderCallErrorMessage(error))}
        </p>
      ) : null}
      {order.dispute === null ? null : <OrderDisputeSection order={order} dispute={order.dispute} />}
      {order.status === 'completed' ? <ReviewSection actor={actor} order={order} /> : null}
      <OrderDetails order={order} catalogue={catalogue} amounts={amounts} timeZone={timeZone} />
      <ConfirmSheet actor={actor} order={order} amounts={amounts} />
    </Page>
  );
}

/**
 * The screen's buttons: the step's main action and a second one, from the actions the server
 * offers. While a confirmation is open its own buttons are the only ones.
 */
function useOrderActions(actor: OrderPageActor, order: Order, amounts: OrderAmounts, back: () => void) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('confirming'));
  const reviewing = useSelector(actor, (snapshot) => snapshot.matches('reviewing'));
  const reviewChosen = useSelector(actor, (snapshot) => snapshot.context.review.type !== null);
  const actions = useSelector(actor, (snapshot) => snapshot.context.actions);
  const offered = (action: Order['actions'][number]) => actions.includes(action);
  const start = (action: 'accept' | 'decline' | 'cancel' | 'mark_paid' | 'unmark_paid') => () =>
    actor.send({ type: 'action.start', action });
  const params = { id: order.id };
  const openDispute: ScreenAction = {
    label: t`Open a dispute`,
    onPress: () => void navigate({ to: '/p2p/orders/$id/create-dispute', params }),
  };
  const crypto = amounts.crypto;
  let main: ScreenAction | null = null;
  let secondary: ScreenAction | null = null;
  if (offered('accept')) {
    main = { label: t`Accept`, onPress: start('accept') };
    if (offered('decline')) secondary = { label: t`Decline`, onPress: start('decline') };
  } else if (offered('mark_paid')) {
    main = { label: t`I’ve paid`, onPress: start('mark_paid') };
    if (offered('cancel')) secondary = { label: t`Cancel order`, onPress: start('cancel') };
  } else if (offered('confirm_receipt')) {
    main = {
      label: t`Release ${crypto}`,
      onPress: () => void navigate({ to: '/p2p/orders/$id/confirm-payment', params }),
    };
    if (offered('open_dispute')) secondary = openDispute;
  } else if (offered('respond_dispute')) {
    main = { label: t`Answer`, onPress: () => void navigate({ to: '/p2p/orders/$id/dispute-response', params }) };
  } else if (offered('review')) {
    main = {
      label: t`Send review`,
      onPress: () => actor.send({ type: 'review.submit' }),
      disabled: !reviewChosen,
      busy: reviewing,
    };
  } else {
    if (offered('open_dispute')) main = openDispute;
    if (offered('unmark_paid')) secondary = { label: t`I haven’t paid yet`, onPress: start('unmark_paid') };
    else if (offered('cancel')) secondary = { label: t`Cancel order`, onPress: start('cancel') };
  }
  useScreenActions(confirming ? { main: null, secondary: null, back } : { main, secondary, back });
}
