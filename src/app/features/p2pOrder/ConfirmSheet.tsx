import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { PageAction } from '../../../../machines/p2pOrderPage.machine.ts';
import { cancelReasons, type Order } from '../../../contract/p2p-orders.ts';
import { paymentWindowMessage } from '../../lib/p2p/paymentWindow.ts';
import { Button } from '../../ui/Button.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import type { OrderAmounts } from './orderAmounts.ts';
import { cancelReasonNames } from './orderMessages.ts';
import type { OrderPageActor } from './useOrderPage.ts';

/** The confirmation of a step that cannot be taken back; a cancel asks why first. */
export function ConfirmSheet({
  actor,
  order,
  amounts,
}: {
  actor: OrderPageActor;
  order: Order;
  amounts: OrderAmounts;
}) {
  const { i18n } = useLingui();
  const pending = useSelector(actor, (snapshot) => (snapshot.hasTag('confirming') ? snapshot.context.pending : null));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const reason = useSelector(actor, (snapshot) => snapshot.context.cancelReason);
  const texts =
    pending === null ? null : sheetTexts(pending, order, amounts, i18n._(paymentWindowMessage(order.time_limit)));
  const dismiss = () => {
    if (!busy) actor.send({ type: 'action.dismiss' });
  };
  return (
    <Sheet
      open={texts !== null}
      title={texts?.title}
      description={texts?.description}
      details={
        pending === 'cancel' ? (
          <ChoiceSection header={<Trans>Why do you cancel?</Trans>}>
            {cancelReasons.map((option) => (
              <Choice
                key={option}
                title={i18n._(cancelReasonNames[option])}
                checked={reason === option}
                disabled={busy}
                onSelect={() => actor.send({ type: 'cancel.reason', reason: option })}
              />
            ))}
          </ChoiceSection>
        ) : undefined
      }
      onClose={dismiss}
    >
      <Button
        stretched
        variant={pending === 'decline' || pending === 'cancel' ? 'destructive' : undefined}
        disabled={busy || (pending === 'cancel' && reason === null)}
        aria-busy={busy}
        onClick={() => actor.send({ type: 'action.confirm' })}
      >
        {texts?.confirm}
      </Button>
      <Button variant="plain" stretched disabled={busy} onClick={dismiss}>
        <Trans>Back</Trans>
      </Button>
    </Sheet>
  );
}

function sheetTexts(
  action: PageAction,
  order: Order,
  { fiat }: OrderAmounts,
  window: string,
): { title: ReactNode; description: ReactNode; confirm: ReactNode } {
  switch (action) {
    case 'accept':
      return {
        title: <Trans>Accept the order?</Trans>,
        description:
          order.side === 'seller' ? (
            <Trans>
              The buyer sees your payment details and has {window} to pay {fiat}.
            </Trans>
          ) : (
            <Trans>
              You see the seller’s payment details and have {window} to pay {fiat}.
            </Trans>
          ),
        confirm: <Trans>Accept</Trans>,
      };
    case 'decline':
      return {
        title: <Trans>Decline the order?</Trans>,
        description: <Trans>The order is canceled and the other side is told.</Trans>,
        confirm: <Trans>Decline order</Trans>,
      };
    case 'cancel':
      return {
        title: <Trans>Cancel the order?</Trans>,
        description:
          order.side === 'buyer' && order.status === 'accepted' ? (
            <Trans>Don’t cancel if you have already paid: open a dispute instead. The seller sees your reason.</Trans>
          ) : (
            <Trans>The other side sees your reason.</Trans>
          ),
        confirm: <Trans>Cancel order</Trans>,
      };
    case 'mark_paid':
      return {
        title: <Trans>Have you paid {fiat}?</Trans>,
        description: (
          <Trans>
            Confirm only once the money has left your account. Marking an unpaid order as paid can get your account
            blocked.
          </Trans>
        ),
        confirm: <Trans>Yes, I’ve paid</Trans>,
      };
    case 'unmark_paid':
      return {
        title: <Trans>You haven’t paid yet?</Trans>,
        description: <Trans>The order waits for your payment again, and the time to pay starts over.</Trans>,
        confirm: <Trans>I haven’t paid yet</Trans>,
      };
  }
}
