import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { offer } from '../../src/contract/p2p-offers';
import { operatorOrderView, order } from '../../src/contract/p2p-orders';
import { runDueOrderTimers } from '../../src/server/modules/p2p-orders/timers';
import { ledgerViolations, systemBalance, userBalance } from './helpers/ledger';
import { multipartPost, sampleFiles } from './helpers/multipart';
import { disputeServer, supportId } from './helpers/p2p-dispute-setup';
import { usdt } from './helpers/p2p-offers';
import { expectError, ok, resultAnswer } from './helpers/security';

describe('opening a dispute', () => {
  const market = disputeServer();

  it('lets the seller dispute a pending order at once, with a message and two receipts', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    const first = await market.upload(seller, orderId);
    const second = await market.upload(seller, orderId);

    const opened = ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'payment_not_received',
        message: 'Nothing arrived on my card.',
        file_ids: [first.id, second.id],
      }),
      order,
    );

    expect(opened.status).toBe('disputed');
    expect(opened.dispute).toMatchObject({
      reason: 'payment_not_received',
      opened_by: 'seller',
      opening: { side: 'seller', message: 'Nothing arrived on my card.', file_count: 2 },
      response: null,
      resolution: null,
    });
    expect(opened.dispute?.opening.files.map((file) => file.id)).toEqual([first.id, second.id]);
    const buyerView = ok(await buyer.send('GET', `/p2p/orders/${orderId}`), order);
    expect(buyerView.dispute?.opening).toMatchObject({
      message: 'Nothing arrived on my card.',
      files: [],
      file_count: 2,
    });
  });

  it('gives the other side 12 hours to answer and support 24 hours to decide', async () => {
    const { orderId, seller } = await market.pendingOrder();
    const opened = ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'payment_not_received',
        message: 'No money.',
        file_ids: [],
      }),
      order,
    );
    const openedAt = Date.parse(opened.dispute?.opening.at ?? '');
    expect(Date.parse(opened.dispute?.response_due_at ?? '') - openedAt).toBe(12 * 3_600_000);
    expect(Date.parse(opened.dispute?.support_due_at ?? '') - openedAt).toBe(24 * 3_600_000);
  });

  it('refuses the buyer before the confirmation window has passed, then lets them', async () => {
    const { orderId, buyer } = await market.pendingOrder();
    const body = { reason: 'paid_not_released', message: 'I paid 2000 RUB by SBP.', file_ids: [] };

    expectError(await buyer.send('POST', `/p2p/orders/${orderId}/dispute`, body), 409, 'dispute_too_early');

    // The window is the order's 15 minutes; it has passed once the timers worker has run it.
    const later = new Date(Date.now() + 16 * 60_000);
    market.setNow(later);
    await runDueOrderTimers(market.db(), later);
    const opened = ok(await buyer.send('POST', `/p2p/orders/${orderId}/dispute`, body), order);
    expect(opened.dispute?.opened_by).toBe('buyer');
    market.setNow(new Date());
  });

  it('refuses a file the caller did not upload for this order, and opens nothing', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    const other = await market.pendingOrder();
    const buyersFile = await market.upload(buyer, orderId);
    const otherOrdersFile = await market.upload(other.seller, other.orderId);

    for (const fileId of [buyersFile.id, otherOrdersFile.id, 'not-a-file-id']) {
      expectError(
        await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
          reason: 'other',
          message: 'See the receipt.',
          file_ids: [fileId],
        }),
        422,
        'file_invalid',
      );
    }
    const own = await market.upload(seller, orderId);
    expectError(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'other',
        message: 'The same file twice.',
        file_ids: [own.id, own.id],
      }),
      422,
      'file_invalid',
    );
    expect(ok(await seller.send('GET', `/p2p/orders/${orderId}`), order).status).toBe('pending');
  });

  it('refuses more than 5 files in the contract', async () => {
    const { orderId, seller } = await market.pendingOrder();
    const files = [];
    for (let index = 0; index < 6; index += 1) files.push((await market.upload(seller, orderId)).id);
    expectError(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'other',
        message: 'Six.',
        file_ids: files,
      }),
      400,
      'validation_failed',
    );
  });
  it('opens one dispute when the seller sends it twice at once', async () => {
    const { orderId, seller } = await market.pendingOrder();
    const answers = await Promise.all(
      [0, 1].map(() =>
        seller.send('POST', `/p2p/orders/${orderId}/dispute`, { reason: 'other', message: 'Twice.', file_ids: [] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('answering a dispute', () => {
  const market = disputeServer();

  it('lets the other side answer once, with its own receipts', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'payment_not_received',
        message: 'Nothing arrived.',
        file_ids: [],
      }),
      order,
    );
    const receipt = await market.upload(buyer, orderId);

    const answered = ok(
      await buyer.send('POST', `/p2p/orders/${orderId}/dispute/response`, {
        message: 'Here is my bank receipt.',
        file_ids: [receipt.id],
      }),
      order,
    );

    expect(answered.status).toBe('disputed');
    expect(answered.dispute?.response).toMatchObject({
      side: 'buyer',
      message: 'Here is my bank receipt.',
      file_count: 1,
    });
    expect(answered.dispute?.response?.files.map((file) => file.id)).toEqual([receipt.id]);
    const sellerView = ok(await seller.send('GET', `/p2p/orders/${orderId}`), order);
    expect(sellerView.dispute?.response).toMatchObject({
      message: 'Here is my bank receipt.',
      files: [],
      file_count: 1,
    });

    expectError(
      await buyer.send('POST', `/p2p/orders/${orderId}/dispute/response`, { message: 'Again.', file_ids: [] }),
      409,
      'order_status_conflict',
    );
    await expect(market.upload(buyer, orderId)).rejects.toThrow();
  });

  it('takes one of two answers sent at once', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, { reason: 'other', message: 'Help.', file_ids: [] }),
      order,
    );
    const answers = await Promise.all(
      ['First answer.', 'Second answer.'].map((message) =>
        buyer.send('POST', `/p2p/orders/${orderId}/dispute/response`, { message, file_ids: [] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? 'First answer.' : 'Second answer.';
    expect(ok(await seller.send('GET', `/p2p/orders/${orderId}`), order).dispute?.response?.message).toBe(winner);
  });

  it('refuses the opener an answer to their own dispute', async () => {
    const { orderId, seller } = await market.pendingOrder();
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, { reason: 'other', message: 'Help.', file_ids: [] }),
      order,
    );
    expectError(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute/response`, { message: 'Me again.', file_ids: [] }),
      409,
      'order_status_conflict',
    );
  });
});

describe('who reads a dispute', () => {
  const market = disputeServer();

  it('shows another user no dispute, no statement and no file of an order they are not on', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    const receipt = await market.upload(seller, orderId);
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'fraud_suspected',
        message: 'Secret statement.',
        file_ids: [receipt.id],
      }),
      order,
    );
    const stranger = await market.person();

    expectError(await stranger.send('GET', `/p2p/orders/${orderId}`), 404, 'order_not_found');
    expectError(await stranger.send('GET', `/user/files/${receipt.id}`), 404, 'file_not_found');
    expectError(await buyer.send('GET', `/user/files/${receipt.id}`), 404, 'file_not_found');
    expectError(
      await stranger.send('POST', `/p2p/orders/${orderId}/dispute/response`, { message: 'Me?', file_ids: [] }),
      404,
      'order_not_found',
    );
    const upload = await market
      .server()
      .app.inject(
        multipartPost(`/api/v1/p2p/orders/${orderId}/dispute/files`, stranger.token, [
          { name: 'file', filename: 'x.png', content: sampleFiles.png },
        ]),
      );
    expectError(upload, 404, 'order_not_found');
    const own = await seller.send('GET', `/user/files/${receipt.id}`);
    expect(own.statusCode).toBe(200);
  });

  it('lets only operators reach the operator calls; everyone else gets 404', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    const receipt = await market.upload(seller, orderId);
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'payment_not_received',
        message: 'Nothing came.',
        file_ids: [receipt.id],
      }),
      order,
    );
    const calls = [
      ['GET', '/operator/p2p/disputes'],
      ['GET', `/operator/p2p/orders/${orderId}`],
      ['GET', `/operator/p2p/orders/${orderId}/files/${receipt.id}`],
      ['POST', `/operator/p2p/orders/${orderId}/resolve`],
    ] as const;
    const body = { outcome: 'release', at_fault: 'seller', note: 'Paid in full.' };
    for (const who of [seller, buyer]) {
      for (const [method, url] of calls) {
        expectError(await who.send(method, url, method === 'POST' ? body : undefined), 404, 'not_found');
      }
    }
    for (const [method, url] of calls) {
      const response = await market.server().app.inject({ method, url: `/api/v1${url}` });
      expect(response.statusCode).toBe(404);
    }
    expect(ok(await buyer.send('GET', `/p2p/orders/${orderId}`), order).status).toBe('disputed');

    const support = market.support();
    const view = ok(await support.send('GET', `/operator/p2p/orders/${orderId}`), operatorOrderView);
    expect(view.seller.telegram_id).toBe(seller.userId);
    expect(view.buyer.telegram_id).toBe(buyer.userId);
    expect(view.dispute?.opening.files.map((file) => file.id)).toEqual([receipt.id]);
    const file = await support.send('GET', `/operator/p2p/orders/${orderId}/files/${receipt.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(supportId).toBe(support.userId);
  });

  it('lists open disputes for support, the earliest target first', async () => {
    const first = await market.pendingOrder();
    const second = await market.pendingOrder();
    for (const { orderId, seller } of [first, second]) {
      ok(
        await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
          reason: 'other',
          message: 'Help.',
          file_ids: [],
        }),
        order,
      );
    }
    const list = ok(
      await market.support().send('GET', '/operator/p2p/disputes'),
      z.object({
        disputes: z.array(z.object({ order_id: z.int(), has_response: z.boolean(), opened_by: z.string() })),
      }),
    );
    const ids = list.disputes.map((dispute) => dispute.order_id);
    expect(ids.indexOf(first.orderId)).toBeLessThan(ids.indexOf(second.orderId));
    expect(list.disputes.find((dispute) => dispute.order_id === first.orderId)).toMatchObject({
      has_response: false,
      opened_by: 'seller',
    });
  });
});

describe("support's decision", () => {
  const market = disputeServer();
  const resolve = (orderId: number, body: Record<string, unknown>) =>
    market.support().send('POST', `/operator/p2p/orders/${orderId}/resolve`, body);

  async function disputed() {
    const pending = await market.pendingOrder();
    ok(
      await pending.seller.send('POST', `/p2p/orders/${pending.orderId}/dispute`, {
        reason: 'payment_not_received',
        message: 'Nothing came.',
        file_ids: [],
      }),
      order,
    );
    return pending;
  }

  it('releases the escrow to the buyer: 25 USDT to the buyer, the 0.25 USDT fee to the fees account', async () => {
    const { orderId, seller, buyer } = await disputed();
    const feesBefore = await systemBalance(market.db(), 'USDT', 'fees');

    const decided = ok(
      await resolve(orderId, { outcome: 'release', at_fault: 'seller', note: 'The bank confirms the payment.' }),
      operatorOrderView,
    );

    expect(decided.status).toBe('completed');
    expect(decided.dispute?.resolution).toMatchObject({
      outcome: 'release',
      at_fault: 'seller',
      note: 'The bank confirms the payment.',
    });
    expect(await userBalance(market.db(), buyer.userId, 'USDT')).toEqual({ available: usdt(25), held: 0n });
    expect(await userBalance(market.db(), seller.userId, 'USDT')).toEqual({
      available: usdt('0.01'),
      held: usdt('74.74'),
    });
    expect((await systemBalance(market.db(), 'USDT', 'fees')) - feesBefore).toBe(usdt('0.25'));
    const buyerView = ok(await buyer.send('GET', `/p2p/orders/${orderId}`), order);
    expect(buyerView.status).toBe('completed');
    expect(decided.history.at(-1)).toMatchObject({ from: 'disputed', to: 'completed', actor: 'support' });
    expect(await ledgerViolations(market.db())).toEqual([]);
  });

  it("returns the escrow to the seller's still-active offer: its reservation is whole again", async () => {
    const { orderId, offerId, seller, buyer } = await disputed();

    const decided = ok(
      await resolve(orderId, { outcome: 'return', at_fault: 'buyer', note: 'No payment reached the seller.' }),
      operatorOrderView,
    );

    expect(decided.status).toBe('canceled');
    expect(await userBalance(market.db(), buyer.userId, 'USDT')).toEqual({ available: 0n, held: 0n });
    expect(await userBalance(market.db(), seller.userId, 'USDT')).toEqual({
      available: usdt('0.01'),
      held: usdt('99.99'),
    });
    const mine = ok(await seller.send('GET', `/p2p/offers/${offerId}`), offer);
    expect({ remaining: mine.remaining_volume, reserved: mine.reserved }).toEqual({
      remaining: usdt(99).toString(),
      reserved: usdt('99.99').toString(),
    });
    const buyerView = ok(await buyer.send('GET', `/p2p/orders/${orderId}`), order);
    expect(buyerView.cancel).toMatchObject({ cause: 'support' });
    expect(await ledgerViolations(market.db())).toEqual([]);
  });

  it("returns the escrow to the seller's available balance once the offer is offline", async () => {
    const { orderId, offerId, seller } = await disputed();
    ok(await seller.send('PUT', `/p2p/offers/${offerId}/active`, { active: false }), resultAnswer);
    const offline = await userBalance(market.db(), seller.userId, 'USDT');

    ok(await resolve(orderId, { outcome: 'return', at_fault: 'buyer', note: 'No payment.' }), operatorOrderView);

    expect(offline).toEqual({ available: usdt('74.75'), held: usdt('25.25') });
    expect(await userBalance(market.db(), seller.userId, 'USDT')).toEqual({ available: usdt(100), held: 0n });
    expect(await ledgerViolations(market.db())).toEqual([]);
  });

  it('decides once: a second decision, or one on an undisputed order, is refused and moves nothing', async () => {
    const { orderId, buyer } = await disputed();
    ok(await resolve(orderId, { outcome: 'release', at_fault: null, note: 'Paid.' }), operatorOrderView);

    expectError(
      await resolve(orderId, { outcome: 'return', at_fault: null, note: 'Changed my mind.' }),
      409,
      'order_status_conflict',
    );
    expect(await userBalance(market.db(), buyer.userId, 'USDT')).toEqual({ available: usdt(25), held: 0n });

    const pending = await market.pendingOrder();
    expectError(
      await resolve(pending.orderId, { outcome: 'release', at_fault: null, note: 'Early.' }),
      409,
      'order_status_conflict',
    );
    expectError(
      await resolve(999_999, { outcome: 'release', at_fault: null, note: 'Nobody.' }),
      404,
      'order_not_found',
    );
  });

  it('takes one of two decisions sent at once, and moves the money once', async () => {
    const { orderId, buyer, seller } = await disputed();

    const answers = await Promise.all([
      resolve(orderId, { outcome: 'release', at_fault: null, note: 'Paid.' }),
      resolve(orderId, { outcome: 'return', at_fault: null, note: 'Not paid.' }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const released = answers[0]?.statusCode === 200;
    expect(await userBalance(market.db(), buyer.userId, 'USDT')).toEqual({
      available: released ? usdt(25) : 0n,
      held: 0n,
    });
    expect((await userBalance(market.db(), seller.userId, 'USDT')).held).toBe(released ? usdt('74.74') : usdt('99.99'));
    expect(await ledgerViolations(market.db())).toEqual([]);
  });

  it('refuses a decision without a note', async () => {
    const { orderId } = await disputed();
    expectError(await resolve(orderId, { outcome: 'release', at_fault: null, note: '   ' }), 400, 'validation_failed');
  });
});
