import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CancelReason, Order } from '../../../contract/p2p-orders.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { Countdown } from './Countdown.tsx';
import type { NextStep } from './nextStep.ts';
import type { OrderAmounts } from './orderAmounts.ts';
import { cancelCauseNames, cancelReasonNames } from './orderMessages.ts';

/**
 * What the order waits for, said to the viewer first on the page: a heading, a sentence, and
 * the running timer's countdown with what happens when it runs out.
 */
export function NextStepCard({
  step,
  order,
  amounts,
  timeZone,
}: {
  step: NextStep;
  order: Order;
  amounts: OrderAmounts;
  timeZone: string | null;
}) {
  const { title, text } = useStepTexts(step, order, amounts, timeZone);
  return (
    <section className={`p2p-order-step p2p-order-step--${step}`} aria-labelledby="order-step-title">
      <h2 id="order-step-title">{title}</h2>
      {text ? <p>{text}</p> : null}
      <TimerLine step={step} order={order} />
    </section>
  );
}

function useStepTexts(
  step: NextStep,
  order: Order,
  { crypto, fiat }: OrderAmounts,
  timeZone: string | null,
): { title: ReactNode; text: ReactNode } {
  const { i18n, t } = useLingui();
  const other = order.counterparty.username;
  switch (step) {
    case 'accept':
      return {
        title: <Trans>Accept the order</Trans>,
        text:
          order.side === 'seller' ? (
            <Trans>
              {other} wants to buy {crypto} for {fiat}. Accept it to show them your payment details, or decline.
            </Trans>
          ) : (
            <Trans>
              {other} wants to sell you {crypto} for {fiat}. Accept it if you can pay now, or decline.
            </Trans>
          ),
      };
    case 'awaitAcceptance':
      return {
        title: <Trans>Waiting for {other} to accept</Trans>,
        text: <Trans>The order starts once they accept. If they don’t in time, it is canceled.</Trans>,
      };
    case 'pay':
      return {
        title: <Trans>Pay {fiat} to the seller</Trans>,
        text: (
          <Trans>
            Send the money from your own account to the seller’s payment details, then tap “I’ve paid”. Don’t mention
            crypto in the payment comment.
          </Trans>
        ),
      };
    case 'awaitPayment':
      return {
        title: <Trans>Waiting for the buyer to pay</Trans>,
        text: (
          <Trans>
            {other} pays you {fiat}. You’ll be told once they mark the order as paid.
          </Trans>
        ),
      };
    case 'checkPayment':
      return {
        title: <Trans>Check that {fiat} arrived</Trans>,
        text: (
          <Trans>
            The buyer says they paid. Open your bank and check the money is in your account, then release {crypto}.
            Never release before the money has arrived.
          </Trans>
        ),
      };
    case 'awaitRelease':
      return {
        title: <Trans>Waiting for the seller to release</Trans>,
        text: <Trans>The seller checks that your payment arrived, then releases {crypto} to you.</Trans>,
      };
    case 'releasing':
      return {
        title: <Trans>Releasing {crypto}</Trans>,
        text: <Trans>The seller confirmed the payment. The crypto arrives in a few seconds.</Trans>,
      };
    case 'respondDispute':
      return {
        title: <Trans>Answer the dispute</Trans>,
        text: <Trans>{other} opened a dispute. Tell support your side and add receipts or screenshots.</Trans>,
      };
    case 'awaitSupport':
      return {
        title: <Trans>Support is reviewing the dispute</Trans>,
        text: <Trans>The crypto stays held until support decides. Both sides are told the decision.</Trans>,
      };
    case 'completed': {
      const until = order.locked_until;
      const date = until === null ? '' : formatShortDate(until, { locale: i18n.locale, timeZone });
      const lock =
        until === null
          ? null
          : t`Until ${date} it cannot be withdrawn or sold, because your account is not verified yet.`;
      return order.side === 'buyer'
        ? { title: <Trans>You received {crypto}</Trans>, text: lock }
        : { title: <Trans>You sold {crypto}</Trans>, text: <Trans>The buyer paid you {fiat}.</Trans> };
    }
    case 'canceled': {
      const cancel = order.cancel;
      return {
        title: <Trans>Order canceled</Trans>,
        text:
          cancel === null ? null : (
            <>
              {i18n._(cancelCauseNames[cancel.cause])}
              {cancel.reason === null ? null : <CancelReasonLine reason={cancel.reason} />}
            </>
          ),
      };
    }
  }
}

function CancelReasonLine({ reason }: { reason: CancelReason }) {
  const { i18n } = useLingui();
  const why = i18n._(cancelReasonNames[reason]);
  return (
    <>
      {' '}
      <Trans>Reason: {why}</Trans>
    </>
  );
}

/** The running timer: what it counts down to, for this viewer. */
function TimerLine({ step, order }: { step: NextStep; order: Order }) {
  const dispute = order.dispute;
  if (step === 'respondDispute' && dispute !== null) {
    return (
      <p className="p2p-order-timer">
        <Trans>
          Time left to answer: <Countdown dueAt={dispute.response_due_at} />
        </Trans>
      </p>
    );
  }
  if (step === 'awaitSupport' && dispute !== null && dispute.resolution === null) {
    return (
      <p className="p2p-order-timer">
        <Trans>
          Support decides within <Countdown dueAt={dispute.support_due_at} />
        </Trans>
      </p>
    );
  }
  const timer = order.timer;
  if (timer === null) return null;
  const due = <Countdown dueAt={timer.due_at} />;
  switch (timer.kind) {
    case 'acceptance':
      return (
        <p className="p2p-order-timer">
          <Trans>Canceled unless accepted within {due}</Trans>
        </p>
      );
    case 'payment':
      return (
        <p className="p2p-order-timer">
          {order.side === 'buyer' ? (
            <Trans>Time left to pay: {due}</Trans>
          ) : (
            <Trans>The buyer has {due} left to pay</Trans>
          )}
        </p>
      );
    case 'confirmation':
      return (
        <p className="p2p-order-timer">
          {order.side === 'buyer' ? (
            <Trans>You can open a dispute in {due}</Trans>
          ) : (
            <Trans>The buyer can open a dispute in {due}</Trans>
          )}
        </p>
      );
    case 'dispute_answer':
      return null;
  }
}
