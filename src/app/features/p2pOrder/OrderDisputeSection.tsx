import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DisputeSideStatement, Order, OrderDispute } from '../../../contract/p2p-orders.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Section } from '../../ui/Section.tsx';
import { disputeReasonNames } from './orderMessages.ts';

/**
 * The dispute as both sides see it: the reason and who opened it, each side's statement (the
 * other side's images only counted: support sees them), and support's decision with its note.
 */
export function OrderDisputeSection({ order, dispute }: { order: Order; dispute: OrderDispute }) {
  const { i18n } = useLingui();
  const mine = dispute.opened_by === order.side ? dispute.opening : dispute.response;
  const theirs = dispute.opened_by === order.side ? dispute.response : dispute.opening;
  return (
    <>
      <Section header={<Trans>Dispute</Trans>}>
        <Cell
          title={i18n._(disputeReasonNames[dispute.reason])}
          subtitle={
            dispute.opened_by === order.side ? <Trans>Opened by you</Trans> : <Trans>Opened by the other side</Trans>
          }
        />
      </Section>
      {dispute.resolution === null ? null : (
        <Section header={<Trans>Support’s decision</Trans>}>
          <Cell
            title={
              dispute.resolution.outcome === 'release' ? (
                <Trans>The crypto was released to the buyer</Trans>
              ) : (
                <Trans>The crypto was returned to the seller</Trans>
              )
            }
          />
          <p className="p2p-order-text">{dispute.resolution.note}</p>
        </Section>
      )}
      <Statement header={<Trans>Your statement</Trans>} statement={mine} own />
      <Statement header={<Trans>The other side’s statement</Trans>} statement={theirs} own={false} />
    </>
  );
}

function Statement({
  header,
  statement,
  own,
}: {
  header: React.ReactNode;
  statement: DisputeSideStatement | null;
  own: boolean;
}) {
  const count = statement?.file_count ?? 0;
  return (
    <Section
      header={header}
      footer={
        statement === null ? undefined : own ? (
          <Plural value={count} _0="No images" one="# image" other="# images" />
        ) : (
          <Plural value={count} _0="No images" one="# image, seen by support" other="# images, seen by support" />
        )
      }
    >
      <p className="p2p-order-text">{statement === null ? <Trans>No answer yet.</Trans> : statement.message}</p>
    </Section>
  );
}
