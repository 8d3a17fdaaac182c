import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Review, ReviewStats, ReviewType } from '../../../contract/p2p-profile';
import type { Database } from '../../db/database';
import { p2pReviews } from '../../db/schema/p2p-profile';
import { validationFailed } from '../../http/api-error';
import { ensureProfiles } from './profiles';
import { userColorIndex } from './summaries';

// Reviews of a market user (P2P.md: one per side per completed order, written by the next issue's
// orders). Newest first, paged by a keyset cursor: "<created_at ms>_<id>" of the last review shown.

/** Page size when the client does not say. */
export const defaultReviewPageSize = 20;

interface Cursor {
  readonly createdAt: Date;
  readonly id: number;
}

function encodeCursor(cursor: Cursor): string {
  return `${cursor.createdAt.getTime()}_${cursor.id}`;
}

function decodeCursor(text: string): Cursor {
  const match = /^(\d{1,15})_(\d{1,10})$/.exec(text);
  const createdAt = new Date(Number(match?.[1]));
  const id = Number(match?.[2]);
  if (match === null || Number.isNaN(createdAt.getTime()) || id > 2_147_483_647) {
    throw validationFailed({
      location: 'query',
      issues: [{ path: ['cursor'], code: 'invalid_format', message: 'Not a cursor this list gave' }],
    });
  }
  return { createdAt, id };
}

export async function reviewStatsOf(db: Database, subjectUserId: number): Promise<ReviewStats> {
  const rows = await db
    .select({ type: p2pReviews.type, total: count() })
    .from(p2pReviews)
    .where(eq(p2pReviews.subjectUserId, subjectUserId))
    .groupBy(p2pReviews.type);
  const of = (type: ReviewType) => rows.find((row) => row.type === type)?.total ?? 0;
  return { positive: of('positive'), negative: of('negative'), total: of('positive') + of('negative') };
}

export interface ReviewPageQuery {
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
  readonly type?: ReviewType | undefined;
}

export async function listReviewsOf(
  db: Database,
  subjectUserId: number,
  query: ReviewPageQuery,
  now: Date,
): Promise<{ items: Review[]; nextCursor: string | null }> {
  const pageSize = query.count ?? defaultReviewPageSize;
  const conditions: SQL[] = [eq(p2pReviews.subjectUserId, subjectUserId)];
  if (query.type !== undefined) conditions.push(eq(p2pReviews.type, query.type));
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor);
    const older = or(
      lt(p2pReviews.createdAt, after.createdAt),
      and(eq(p2pReviews.createdAt, after.createdAt), lt(p2pReviews.id, after.id)),
    );
    if (older !== undefined) conditions.push(older);
  }
  const rows = await db
    .select()
    .from(p2pReviews)
    .where(and(...conditions))
    .orderBy(desc(p2pReviews.createdAt), desc(p2pReviews.id))
    // One more than the page: whether there is a next page, without a count.
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const authors = await ensureProfiles(
    db,
    page.map((row) => row.authorUserId),
    now,
  );
  const items = page.flatMap((row): Review[] => {
    const author = authors.get(row.authorUserId);
    if (author === undefined) return [];
    return [
      {
        id: row.id,
        type: row.type,
        comment: row.comment,
        author: { id: author.publicId, username: author.username, user_color_index: userColorIndex(row.authorUserId) },
        created_at: row.createdAt.toISOString(),
      },
    ];
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > pageSize && last !== undefined ? encodeCursor(last) : null,
  };
}
