import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorOrderView, order } from '../../src/contract/p2p-orders';
import type { Database } from '../../src/server/db/database';
import { p2pNotifications } from '../../src/server/db/schema/p2p-notifications';
import { userSettings } from '../../src/server/db/schema/users';
import { noticesFor, type OrderChange } from '../../src/server/modules/p2p-notifications/notices';
import { maxAttempts, sendDueNotices } from '../../src/server/modules/p2p-notifications/worker';
import { disputeServer } from './helpers/p2p-dispute-setup';
import { expectError, fakeBotApi, ok } from './helpers/security';

const sellOffer = { orderId: 7, buyerId: 1, sellerId: 2, makerSide: 'seller' } as const;
const buyOffer = { orderId: 7, buyerId: 1, sellerId: 2, makerSide: 'buyer' } as const;

/** Receiver side, kind and deep link of each notice a change gives. */
function told(change: OrderChange): string[] {
  return noticesFor(change).map((notice) => `${notice.side} ${notice.kind}`);
}

describe('who is told of each order change', () => {
  it.each<[string, OrderChange, string[]]>([
    ['a new order tells the maker', { ...sellOffer, from: null, to: 'processed', actor: 'buyer' }, ['seller created']],
    [
      'a new order on a buy offer tells the buying maker',
      { ...buyOffer, from: null, to: 'processed', actor: 'seller' },
      ['buyer created'],
    ],
    [
      'the maker accepting tells the buyer to pay',
      { ...sellOffer, from: 'processed', to: 'accepted', actor: 'seller' },
      ['buyer accepted_pay'],
    ],
    [
      'the buying maker accepting tells the seller to wait',
      { ...buyOffer, from: 'processed', to: 'accepted', actor: 'buyer' },
      ['seller accepted_wait'],
    ],
    [
      'an auto-accepted sell offer tells its maker, the seller',
      { ...sellOffer, from: 'processed', to: 'accepted', actor: 'system' },
      ['seller accepted_wait'],
    ],
    [
      'an auto-accepted buy offer tells its maker to pay',
      { ...buyOffer, from: 'processed', to: 'accepted', actor: 'system' },
      ['buyer accepted_pay'],
    ],
    ["I've paid tells the seller", { ...sellOffer, from: 'accepted', to: 'pending', actor: 'buyer' }, ['seller paid']],
    [
      "withdrawing I've paid tells the seller",
      { ...sellOffer, from: 'pending', to: 'accepted', actor: 'buyer' },
      ['seller unpaid'],
    ],
    ['the seller confirming tells no one yet', { ...sellOffer, from: 'pending', to: 'confirmed', actor: 'seller' }, []],
    [
      'the settlement tells the buyer',
      { ...sellOffer, from: 'confirmed', to: 'completed', actor: 'system' },
      ['buyer completed'],
    ],
    [
      'the maker declining tells the taker',
      { ...sellOffer, from: 'processed', to: 'canceled', actor: 'seller' },
      ['buyer declined'],
    ],
    [
      'the taking buyer canceling tells the seller',
      { ...sellOffer, from: 'processed', to: 'canceled', actor: 'buyer' },
      ['seller canceled_by_buyer'],
    ],
    [
      'the taking seller canceling tells the buyer',
      { ...buyOffer, from: 'processed', to: 'canceled', actor: 'seller' },
      ['buyer canceled_by_seller'],
    ],
    [
      'the buyer canceling an accepted order tells the seller',
      { ...sellOffer, from: 'accepted', to: 'canceled', actor: 'buyer' },
      ['seller canceled_by_buyer'],
    ],
    [
      'a missed acceptance tells both',
      { ...sellOffer, from: 'processed', to: 'canceled', actor: 'timer' },
      ['buyer canceled_maker_timeout', 'seller canceled_maker_timeout'],
    ],
    [
      'a missed payment tells both',
      { ...sellOffer, from: 'accepted', to: 'canceled', actor: 'timer' },
      ['buyer canceled_buyer_timeout', 'seller canceled_buyer_timeout'],
    ],
    [
      'the confirmation window passing reminds the seller and unlocks the buyer',
      { ...sellOffer, from: 'pending', to: 'pending', actor: 'timer', event: 'confirmation_expired' },
      ['seller confirm_reminder', 'buyer dispute_unlocked'],
    ],
    [
      'a dispute opened by the seller tells the buyer',
      { ...sellOffer, from: 'pending', to: 'disputed', actor: 'seller' },
      ['buyer dispute_opened'],
    ],
    [
      'a dispute opened by the buyer tells the seller',
      { ...sellOffer, from: 'pending', to: 'disputed', actor: 'buyer' },
      ['seller dispute_opened'],
    ],
    [
      'an answer tells the opener',
      { ...sellOffer, from: 'disputed', to: 'disputed', actor: 'buyer', event: 'respond_dispute' },
      ['seller dispute_answered'],
    ],
    [
      'a release by support tells both',
      { ...sellOffer, from: 'disputed', to: 'completed', actor: 'support' },
      ['buyer dispute_released', 'seller dispute_released'],
    ],
    [
      'a return by support tells both',
      { ...sellOffer, from: 'disputed', to: 'canceled', actor: 'support' },
      ['buyer dispute_returned', 'seller dispute_returned'],
    ],
  ])('%s', (_name, change, expected) => {
    expect(told(change)).toEqual(expected);
  });
});

async function queued(db: Database, orderId: number) {
  return db
    .select({
      userId: p2pNotifications.userId,
      startParam: p2pNotifications.startParam,
      sentAt: p2pNotifications.sentAt,
    })
    .from(p2pNotifications)
    .where(eq(p2pNotifications.orderId, orderId))
    .orderBy(asc(p2pNotifications.id));
}

const never = async () => false;

describe('notices of a real order', () => {
  const market = disputeServer();

  it('queues one notice per change, each with its deep link, and sends each once after commit', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'other',
        message: 'Nothing.',
        file_ids: [],
      }),
      order,
    );
    ok(
      await buyer.send('POST', `/p2p/orders/${orderId}/dispute/response`, { message: 'I paid.', file_ids: [] }),
      order,
    );
    ok(
      await market.support().send('POST', `/operator/p2p/orders/${orderId}/resolve`, {
        outcome: 'release',
        at_fault: null,
        note: 'Paid.',
      }),
      operatorOrderView,
    );

    expect((await queued(market.db(), orderId)).map((row) => [row.userId, row.startParam])).toEqual([
      [seller.userId, `order-${orderId}`],
      [seller.userId, `order-${orderId}-confirm-payment`],
      [buyer.userId, `order-${orderId}-dispute-response`],
      [seller.userId, `order-${orderId}`],
      [buyer.userId, `order-${orderId}`],
      [seller.userId, `order-${orderId}`],
    ]);

    const bot = fakeBotApi();
    const deps = { db: market.db(), botApi: bot, botUsername: 'kopilka_test_bot', isInQuietHours: never };
    await sendDueNotices(deps, new Date());
    const mine = bot.sent.filter((message) => message.chat_id === buyer.userId || message.chat_id === seller.userId);
    expect(mine.map((message) => [message.chat_id, message.reply_markup.inline_keyboard[0]?.[0]?.url])).toEqual([
      [seller.userId, `https://t.me/kopilka_test_bot?startapp=order-${orderId}`],
      [seller.userId, `https://t.me/kopilka_test_bot?startapp=order-${orderId}-confirm-payment`],
      [buyer.userId, `https://t.me/kopilka_test_bot?startapp=order-${orderId}-dispute-response`],
      [seller.userId, `https://t.me/kopilka_test_bot?startapp=order-${orderId}`],
      [buyer.userId, `https://t.me/kopilka_test_bot?startapp=order-${orderId}`],
      [seller.userId, `https://t.me/kopilka_test_bot?startapp=order-${orderId}`],
    ]);
    expect(mine[2]?.text).toBe(
      `A dispute was opened on P2P order #${orderId}. Answer it within 12 hours and add your receipts.`,
    );
    expect(mine[2]?.reply_markup.inline_keyboard[0]?.[0]?.text).toBe('Answer the dispute');

    const again = fakeBotApi();
    await sendDueNotices({ ...deps, botApi: again }, new Date(Date.now() + 3_600_000));
    expect(again.sent.filter((message) => message.chat_id === buyer.userId)).toEqual([]);
  });

  it("writes in the receiver's language, and sends the dispute notice even in their quiet hours", async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    await market.db().update(userSettings).set({ language: 'ru' }).where(eq(userSettings.userId, buyer.userId));
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'other',
        message: 'Nothing.',
        file_ids: [],
      }),
      order,
    );

    const bot = fakeBotApi();
    const alwaysQuiet = async () => true;
    await sendDueNotices(
      { db: market.db(), botApi: bot, botUsername: 'kopilka_test_bot', isInQuietHours: alwaysQuiet },
      new Date(),
    );

    const toBuyer = bot.sent.filter((message) => message.chat_id === buyer.userId);
    expect(toBuyer.map((message) => message.text)).toEqual([
      `По сделке №${orderId} открыт спор. Ответьте в течение 12 часов и приложите подтверждения.`,
    ]);
    expect(toBuyer[0]?.reply_markup.inline_keyboard[0]?.[0]?.text).toBe('Ответить на спор');
    // The seller's "paid" notice asks them to act and goes; "accepted" can wait, and is held.
    expect(
      bot.sent
        .filter((message) => message.chat_id === seller.userId)
        .map((message) => message.reply_markup.inline_keyboard[0]?.[0]?.url),
    ).toEqual([`https://t.me/kopilka_test_bot?startapp=order-${orderId}-confirm-payment`]);
    const held = (await queued(market.db(), orderId)).filter((row) => row.sentAt === null);
    expect(held.map((row) => [row.userId, row.startParam])).toEqual([[seller.userId, `order-${orderId}`]]);
  });

  it('queues nothing for a change that was refused', async () => {
    const { orderId, seller, buyer } = await market.pendingOrder();
    const before = await queued(market.db(), orderId);
    expectError(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'other',
        message: 'With a file that is not mine.',
        file_ids: ['00000000-0000-4000-8000-000000000000'],
      }),
      422,
      'file_invalid',
    );
    expectError(
      await buyer.send('POST', `/p2p/orders/${orderId}/dispute`, { reason: 'other', message: 'Early.', file_ids: [] }),
      409,
      'dispute_too_early',
    );
    expect(await queued(market.db(), orderId)).toEqual(before);
  });
});

describe('sending notices', () => {
  const market = disputeServer();

  it('holds a notice that can wait until the quiet hours end, then sends it', async () => {
    const { orderId, seller } = await market.pendingOrder();
    const bot = fakeBotApi();
    let quiet = true;
    const deps = { db: market.db(), botApi: bot, botUsername: 'kopilka_test_bot', isInQuietHours: async () => quiet };
    const start = Date.now();

    await sendDueNotices(deps, new Date(start));
    // The paid notice asks the seller to act: it goes at once; the accepted one waits.
    expect(
      bot.sent
        .filter((message) => message.chat_id === seller.userId)
        .map((message) => message.reply_markup.inline_keyboard[0]?.[0]?.url),
    ).toEqual([`https://t.me/kopilka_test_bot?startapp=order-${orderId}-confirm-payment`]);

    quiet = false;
    await sendDueNotices(deps, new Date(start + 60_000));
    expect(bot.sent.filter((message) => message.chat_id === seller.userId)).toHaveLength(1);
    await sendDueNotices(deps, new Date(start + 5 * 60_000));
    expect(
      bot.sent
        .filter((message) => message.chat_id === seller.userId)
        .map((message) => message.reply_markup.inline_keyboard[0]?.[0]?.url),
    ).toEqual([
      `https://t.me/kopilka_test_bot?startapp=order-${orderId}-confirm-payment`,
      `https://t.me/kopilka_test_bot?startapp=order-${orderId}`,
    ]);
  });

  it('sends each notice once when two server instances run their passes at the same time', async () => {
    const { orderId, seller } = await market.pendingOrder();
    const bot = fakeBotApi();
    const deps = { db: market.db(), botApi: bot, botUsername: 'kopilka_test_bot', isInQuietHours: never };
    const now = new Date(Date.now() + 3_600_000);

    await Promise.all([sendDueNotices(deps, now), sendDueNotices(deps, now)]);

    expect(
      bot.sent
        .filter((message) => message.chat_id === seller.userId)
        .map((message) => message.reply_markup.inline_keyboard[0]?.[0]?.url),
    ).toEqual([
      `https://t.me/kopilka_test_bot?startapp=order-${orderId}`,
      `https://t.me/kopilka_test_bot?startapp=order-${orderId}-confirm-payment`,
    ]);
  });

  it('retries a notice the bot refused, and gives it up after 8 tries', async () => {
    const { orderId, seller } = await market.pendingOrder();
    // Everything queued so far (other tests' notices too) is sent first.
    await sendDueNotices(
      { db: market.db(), botApi: fakeBotApi(), botUsername: 'b', isInQuietHours: never },
      new Date(),
    );
    ok(
      await seller.send('POST', `/p2p/orders/${orderId}/dispute`, {
        reason: 'other',
        message: 'Nothing.',
        file_ids: [],
      }),
      order,
    );
    const bot = fakeBotApi();
    bot.failing = true;
    const deps = { db: market.db(), botApi: bot, botUsername: 'kopilka_test_bot', isInQuietHours: never };
    let at = Date.now();
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      await expect(sendDueNotices(deps, new Date(at))).rejects.toThrow('1 P2P notice(s) could not be sent');
      at += 2 * 3_600_000;
    }
    const [row] = await market
      .db()
      .select()
      .from(p2pNotifications)
      .where(eq(p2pNotifications.startParam, `order-${orderId}-dispute-response`));
    expect({ attempts: row?.attempts, failed: row?.failedAt !== null, sent: row?.sentAt }).toEqual({
      attempts: 8,
      failed: true,
      sent: null,
    });
    bot.failing = false;
    expect(await sendDueNotices(deps, new Date(at))).toBe(0);
  });
});
