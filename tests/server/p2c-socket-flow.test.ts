import { describe, expect, it } from 'vitest';
import { p2cSocketEvents } from '../../src/contract/p2c';
import { createSession } from '../../src/server/modules/auth/sessions';
import { connected, type ListSocket, listening, listSocket } from './helpers/p2c-live-list';
import { grantP2cMerchantLevel } from './helpers/p2c-merchants';
import { p2cClientServer } from './helpers/p2c-payments';
import { caller } from './helpers/security';

// USDT at 81 RUB: the client's rate is 79.38 RUB, so 1,500 RUB is 18.896448 USDT for the merchant
// (150000 × 10^18 / 7938 rounded up to the millionth; tests/server/p2c-pay.test.ts works it out).
const reward1500 = '18896448000000000000';
const twentyUsdt = 20n * 10n ** 18n;

describe('the live list following real payments', () => {
  const p2c = p2cClientServer();

  /** A merchant (level, active account) watching the list; answers the socket after its empty snapshot. */
  async function watchingMerchant(origin: string): Promise<ListSocket> {
    const merchant = await p2c.merchant();
    await grantP2cMerchantLevel(p2c.db(), merchant.userId);
    const { token } = await createSession(p2c.db(), merchant.userId, { now: p2c.now() });
    const socket = listSocket(origin, { cookie: token });
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize);
    expect(await socket.heardAtLeast(1)).toEqual([{ event: 'snapshot', message: { seq: 1, items: [] } }]);
    return socket;
  }

  it("adds a client's payment to a watching merchant's list, and removes it when no one takes it in time", async () => {
    const origin = await listening(p2c.server());
    const watcher = await watchingMerchant(origin);
    try {
      const client = await p2c.client({ usdt: twentyUsdt });
      const code = await p2c.issueCode(150000n);

      const payment = await p2c.paid(client, code.id);
      const [, added] = await watcher.heardAtLeast(2);
      expect(added).toEqual({
        event: 'update',
        message: {
          seq: 2,
          operations: [
            {
              op: 'add',
              data: {
                id: payment.id,
                type: 'nspk',
                fiat_amount: '1500',
                fiat: 'RUB',
                asset: 'USDT',
                reward: reward1500,
                payee_bank: 'Sberbank',
                created_at: '2026-11-24T12:00:00.000Z',
                expires_at: '2026-11-24T12:05:00.000Z',
              },
            },
          ],
        },
      });

      p2c.advance(300_000);
      await p2c.runTimers();
      const [, , removed] = await watcher.heardAtLeast(3);
      expect(removed).toEqual({ event: 'update', message: { seq: 3, operations: [{ op: 'remove', pos: 0 }] } });
    } finally {
      watcher.close();
    }
  });

  it("removes a payment from every watching merchant's list when one merchant takes it", async () => {
    const origin = await listening(p2c.server());
    const [first, second] = [await watchingMerchant(origin), await watchingMerchant(origin)];
    try {
      const client = await p2c.client({ usdt: 2n * twentyUsdt });
      const older = await p2c.paid(client, (await p2c.issueCode(50000n)).id);
      const payment = await p2c.paid(client, (await p2c.issueCode(150000n)).id);
      // Both adds arrive, in one update or two.
      const addedIds = (watcher: ListSocket) =>
        watcher.heard.flatMap((heard) =>
          heard.event === 'update'
            ? heard.message.operations.flatMap((operation) => (operation.op === 'add' ? [operation.data.id] : []))
            : [],
        );
      for (const watcher of [first, second]) {
        await expect.poll(() => addedIds(watcher)).toEqual([older.id, payment.id]);
      }

      const taker = await p2c.merchant();
      await grantP2cMerchantLevel(p2c.db(), taker.userId);
      const heardBefore = [first.heard.length, second.heard.length];
      const { token } = await createSession(p2c.db(), taker.userId, { now: p2c.now() });
      const taken = await caller(p2c.server(), token)('POST', `/p2c/payments/take/${payment.id}`);
      expect(taken.statusCode).toBe(200);

      // The list was [older, payment]: the taken one goes from position 1 on both, numbered next.
      for (const [index, watcher] of [first, second].entries()) {
        const before = heardBefore[index] ?? 0;
        const last = await watcher.heardAtLeast(before + 1);
        expect(last[before]).toEqual({
          event: 'update',
          message: { seq: before + 1, operations: [{ op: 'remove', pos: 1 }] },
        });
      }
      expect(older.status).toBe('pending');
    } finally {
      first.close();
      second.close();
    }
  });
});
