import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Review, ReviewType } from '../../../contract/p2p-profile.ts';
import { reviewStatsQueryOptions, reviewsQueryOptions } from '../../api/p2pProfileQueries.ts';
import { flexDate } from '../../lib/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Section } from '../../ui/Section.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { profileFailure } from './profileErrors.ts';
import './p2p-profile.css';

function ReviewDate({ at, timeZone }: { at: string; timeZone: string | null }) {
  const { i18n } = useLingui();
  const flex = flexDate(at, { locale: i18n.locale, timeZone });
  switch (flex.kind) {
    case 'today': {
      const { time } = flex;
      return <Trans>Today at {time}</Trans>;
    }
    case 'yesterday': {
      const { time } = flex;
      return <Trans>Yesterday at {time}</Trans>;
    }
    case 'date':
      return <>{flex.text}</>;
    case 'invalid':
      return null;
  }
}

function ReviewItem({ review, timeZone }: { review: Review; timeZone: string | null }) {
  return (
    <article className="p2p-review">
      <UserAvatar name={review.author.username} colorIndex={review.author.user_color_index} size={32} />
      <div className="p2p-review-body">
        <p className="p2p-review-head">
          <span className="p2p-review-author">@{review.author.username}</span>
          <span className={`p2p-review-type p2p-review-type--${review.type}`}>
            {review.type === 'positive' ? <Trans>Positive</Trans> : <Trans>Negative</Trans>}
          </span>
        </p>
        {review.comment ? <p className="p2p-review-comment">{review.comment}</p> : null}
        <p className="p2p-review-date">
          <ReviewDate at={review.created_at} timeZone={timeZone} />
        </p>
      </div>
    </article>
  );
}

/**
 * A market user's reviews: the counts as a filter (all, positive, negative), the reviews newest
 * first a page at a time by cursor ("Show more"), refreshed every 60 s (spec 001 s.9).
 */
export function ReviewsSection({ userId, timeZone }: { userId: number; timeZone: string | null }) {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<ReviewType | null>(null);
  const stats = useQuery(reviewStatsQueryOptions(userId));
  const reviews = useInfiniteQuery(reviewsQueryOptions(userId, type));
  const filters: Array<{ value: ReviewType | null; label: string; count: number | undefined }> = [
    { value: null, label: t`All`, count: stats.data?.total },
    { value: 'positive', label: t`Positive`, count: stats.data?.positive },
    { value: 'negative', label: t`Negative`, count: stats.data?.negative },
  ];
  return (
    <section className="p2p-reviews" aria-labelledby="p2p-reviews-title">
      <h2 className="ui-section-header" id="p2p-reviews-title">
        {stats.data ? <Plural value={stats.data.total} one="# review" other="# reviews" /> : <Trans>Reviews</Trans>}
      </h2>
      <fieldset className="p2p-reviews-filter" aria-label={t`Show reviews`}>
        {filters.map((filter) => (
          <button
            key={filter.value ?? 'all'}
            type="button"
            className="p2p-reviews-filter-button"
            aria-pressed={type === filter.value}
            onClick={() => setType(filter.value)}
          >
            {filter.label}
            {filter.count !== undefined ? (
              <>
                {' '}
                <span className="p2p-reviews-count">{filter.count}</span>
              </>
            ) : null}
          </button>
        ))}
      </fieldset>
      {reviews.isPending ? (
        <Loading />
      ) : reviews.isError ? (
        <LoadFailed message={i18n._(profileFailure(reviews.error, 'reviews'))} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.pages[0]?.items.length === 0 ? (
        <Empty>
          <p>
            {type === null ? (
              <Trans>No reviews yet. Reviews are left after completed orders.</Trans>
            ) : type === 'positive' ? (
              <Trans>No positive reviews yet.</Trans>
            ) : (
              <Trans>No negative reviews yet.</Trans>
            )}
          </p>
        </Empty>
      ) : (
        <>
          <Section>
            {reviews.data.pages
              .flatMap((page) => page.items)
              .map((review) => (
                <ReviewItem key={review.id} review={review} timeZone={timeZone} />
              ))}
          </Section>
          {reviews.hasNextPage ? (
            <Button
              variant="plain"
              stretched
              disabled={reviews.isFetchingNextPage}
              aria-busy={reviews.isFetchingNextPage || undefined}
              onClick={() => void reviews.fetchNextPage()}
            >
              <Trans>Show more</Trans>
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
