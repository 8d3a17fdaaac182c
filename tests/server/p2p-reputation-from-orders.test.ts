import { describe, expect, it } from 'vitest';
import { order } from '../../src/contract/p2p-orders';
import { ownMarketProfile, publicMarketProfile } from '../../src/contract/p2p-profile';
import { inTransaction } from '../../src/server/ledger/ledger';
import { runDueOrderTimers } from '../../src/server/modules/p2p-orders/timers';
import { applyTransition } from '../../src/server/modules/p2p-orders/transitions';
import { disputeServer } from './helpers/p2p-dispute-setup';
import { ok } from './helpers/security';

describe('reputation from real orders', () => {
  const market = disputeServer();

  it('counts a completed order in both profiles and shows the reviews both sides leave', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    market.setNow(now);
    const { orderId, seller, buyer } = await market.pendingOrder();
    await inTransaction(market.db(), (tx) =>
      applyTransition(tx, {
        orderId,
        actor: { kind: 'user', userId: seller.userId },
        event: { type: 'confirm_receipt' },
        now,
      }),
    );
    await runDueOrderTimers(market.db(), now);

    const byBuyer = ok(
      await buyer.send('POST', `/p2p/orders/${orderId}/review`, { type: 'positive', comment: 'Released at once' }),
      order,
    );
    expect(byBuyer.status).toBe('completed');
    ok(await seller.send('POST', `/p2p/orders/${orderId}/review`, { type: 'positive', comment: null }), order);
    expect(ok(await buyer.send('GET', `/p2p/orders/${orderId}`), order).reviews).toEqual({
      mine: { type: 'positive', comment: 'Released at once' },
      theirs: { type: 'positive', comment: null },
    });

    const sellerOwn = ok(await seller.send('GET', '/p2p/profile'), ownMarketProfile);
    // 25 USDT at 1 USD each.
    expect(sellerOwn.stats).toEqual({
      all_time: { completed_orders: 1, completion_percent: 100 },
      last_30_days: { completed_orders: 1, completion_percent: 100 },
      volume_usd: '25.00',
      positive_reviews: 1,
      negative_reviews: 0,
      account_age_days: 0,
    });
    const buyerSeenBySeller = ok(
      await seller.send('GET', `/p2p/profile/${ok(await buyer.send('GET', '/p2p/profile'), ownMarketProfile).user.id}`),
      publicMarketProfile,
    );
    expect([buyerSeenBySeller.user.orders, buyerSeenBySeller.user.orders_percent]).toEqual([1, 100]);
    expect([buyerSeenBySeller.stats.positive_reviews, buyerSeenBySeller.stats.negative_reviews]).toEqual([1, 0]);
  });
});
