import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { order } from '../../src/contract/p2p-orders';
import { ownMarketProfile, review, reviewStats } from '../../src/contract/p2p-profile';
import { p2pOrders } from '../../src/server/db/schema/p2p-orders';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { usdt } from './helpers/p2p-offers';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const reviewPage = z.object({ items: z.array(review), nextCursor: z.nullable(z.string()) });

describe('order reviews', () => {
  let server: TestServer;
  const now = new Date('2026-11-24T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({
      now,
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
    });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  async function person() {
    const { userId, token } = await signInTestUser(server.database, { now });
    const send = caller(server, token);
    const profile = ok(await send('GET', '/p2p/profile'), ownMarketProfile);
    return { userId, send, publicId: profile.user.id, username: profile.user.username };
  }

  /** An order on a sell offer: the maker sells 10 USDT for 810 RUB to the taker. */
  async function orderBetween(
    maker: { userId: number },
    taker: { userId: number },
    status: 'completed' | 'accepted',
  ): Promise<number> {
    const amount = usdt(10);
    const fee = usdt('0.1');
    const [row] = await db()
      .insert(p2pOrders)
      .values({
        offerId: 1,
        offerType: 'sell',
        makerId: maker.userId,
        takerId: taker.userId,
        uniqueHash: `hash-${maker.userId}-${taker.userId}-${status}`.padEnd(64, 'x'),
        requestDigest: 'digest',
        assetCode: 'USDT',
        fiatCode: 'RUB',
        status,
        price: '81.00',
        amount: amount.toString(),
        fiatAmount: '810.00',
        amountType: 'fiat',
        fee: fee.toString(),
        escrow: status === 'completed' ? '0' : (amount + fee).toString(),
        timeLimit: 15,
        methodIdentifier: 'sbp',
        methodChildIdentifier: 'sberbank_sbp',
        methodSealedDetails: 'sealed',
        methodDataTail: '4567',
        conditions: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: p2pOrders.id });
    if (row === undefined) throw new Error('the order was not written');
    return row.id;
  }

  const reviewsOf = async (send: Call, publicId: number) =>
    ok(await send('GET', `/p2p/profile/${publicId}/reviews`), reviewPage).items;

  it('lets each side review a completed order once, about the other side', async () => {
    const seller = await person();
    const buyer = await person();
    const id = await orderBetween(seller, buyer, 'completed');

    const afterBuyer = ok(
      await buyer.send('POST', `/p2p/orders/${id}/review`, { type: 'positive', comment: '  Fast and polite  ' }),
      order,
    );
    expect(afterBuyer.reviews).toEqual({ mine: { type: 'positive', comment: 'Fast and polite' }, theirs: null });
    expect(afterBuyer.actions).not.toContain('review');
    expectError(
      await buyer.send('POST', `/p2p/orders/${id}/review`, { type: 'negative', comment: null }),
      409,
      'already_reviewed',
    );

    const afterSeller = ok(
      await seller.send('POST', `/p2p/orders/${id}/review`, { type: 'negative', comment: '' }),
      order,
    );
    expect(afterSeller.reviews).toEqual({
      mine: { type: 'negative', comment: null },
      theirs: { type: 'positive', comment: 'Fast and polite' },
    });

    const aboutSeller = await reviewsOf(buyer.send, seller.publicId);
    expect(aboutSeller.map((item) => [item.type, item.comment, item.author.username])).toEqual([
      ['positive', 'Fast and polite', buyer.username],
    ]);
    const aboutBuyer = await reviewsOf(seller.send, buyer.publicId);
    expect(aboutBuyer.map((item) => [item.type, item.comment, item.author.username])).toEqual([
      ['negative', null, seller.username],
    ]);
    expect(ok(await buyer.send('GET', `/p2p/profile/${seller.publicId}/reviews/stats`), reviewStats)).toEqual({
      positive: 1,
      negative: 0,
      total: 1,
    });
    const sellerStats = ok(await seller.send('GET', '/p2p/profile'), ownMarketProfile).stats;
    expect([sellerStats.positive_reviews, sellerStats.negative_reviews]).toEqual([1, 0]);
  });

  it('refuses a review before completion with 409 order_status_conflict and the status', async () => {
    const seller = await person();
    const buyer = await person();
    const id = await orderBetween(seller, buyer, 'accepted');

    expect(
      expectError(
        await buyer.send('POST', `/p2p/orders/${id}/review`, { type: 'positive', comment: null }),
        409,
        'order_status_conflict',
      ),
    ).toEqual({ status: 'accepted' });
    expect(await reviewsOf(buyer.send, seller.publicId)).toEqual([]);
  });

  it('answers 404 order_not_found to someone who is not a party, and writes nothing', async () => {
    const seller = await person();
    const buyer = await person();
    const stranger = await person();
    const id = await orderBetween(seller, buyer, 'completed');

    expectError(
      await stranger.send('POST', `/p2p/orders/${id}/review`, { type: 'negative', comment: 'Spam' }),
      404,
      'order_not_found',
    );
    expect(await reviewsOf(buyer.send, seller.publicId)).toEqual([]);
  });

  it('keeps one review when the same side sends two at once', async () => {
    const seller = await person();
    const buyer = await person();
    const id = await orderBetween(seller, buyer, 'completed');

    const answers = await Promise.all([
      buyer.send('POST', `/p2p/orders/${id}/review`, { type: 'positive', comment: 'One' }),
      buyer.send('POST', `/p2p/orders/${id}/review`, { type: 'positive', comment: 'Two' }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await reviewsOf(buyer.send, seller.publicId)).toHaveLength(1);
  });
});
