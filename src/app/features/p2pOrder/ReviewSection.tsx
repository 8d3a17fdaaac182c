import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { maxReviewCommentLength, type Order } from '../../../contract/p2p-orders.ts';
import type { ReviewType } from '../../../contract/p2p-profile.ts';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Section } from '../../ui/Section.tsx';
import { MessageField } from './MessageField.tsx';
import { orderCallErrorMessage } from './orderMessages.ts';
import type { OrderPageActor } from './useOrderPage.ts';

const reviewNames = {
  positive: <Trans context="one review">Positive</Trans>,
  negative: <Trans context="one review">Negative</Trans>,
} as const;

/**
 * After completion: the form for the viewer's one review (positive or negative, an optional
 * comment; "Send review" is the screen's main button), or the review they left; and the other
 * side's review of them once given.
 */
export function ReviewSection({ actor, order }: { actor: OrderPageActor; order: Order }) {
  const { i18n } = useLingui();
  const offered = useSelector(actor, (snapshot) => snapshot.context.actions.includes('review'));
  const draft = useSelector(actor, (snapshot) => snapshot.context.review);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const { mine, theirs } = order.reviews;
  return (
    <>
      {offered ? (
        <>
          <ChoiceSection header={<Trans>How did the trade go?</Trans>}>
            {(['positive', 'negative'] as const satisfies readonly ReviewType[]).map((type) => (
              <Choice
                key={type}
                title={reviewNames[type]}
                checked={draft.type === type}
                onSelect={() => actor.send({ type: 'review.type', reviewType: type })}
              />
            ))}
          </ChoiceSection>
          <MessageField
            id="order-review-comment"
            label={<Trans>Comment (optional)</Trans>}
            value={draft.comment}
            most={maxReviewCommentLength}
            rows={3}
            onChange={(comment) => actor.send({ type: 'review.comment', comment })}
          />
          {error?.action === 'review' ? (
            <p className="p2p-order-error" role="alert">
              {i18n._(orderCallErrorMessage(error))}
            </p>
          ) : null}
        </>
      ) : mine === null ? null : (
        <Section header={<Trans>Your review</Trans>}>
          <p className="p2p-order-text">
            <strong>{reviewNames[mine.type]}</strong>
            {mine.comment === null ? null : ` · ${mine.comment}`}
          </p>
        </Section>
      )}
      {theirs === null ? null : (
        <Section header={<Trans>Their review of you</Trans>}>
          <p className="p2p-order-text">
            <strong>{reviewNames[theirs.type]}</strong>
            {theirs.comment === null ? null : ` · ${theirs.comment}`}
          </p>
        </Section>
      )}
    </>
  );
}
