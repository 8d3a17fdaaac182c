import { describe, expect, it } from 'vitest';
import { p2cClientPayment } from '../../src/contract/p2c';
import { walletTransactionDetail, walletTransactionPage } from '../../src/contract/wallet-operations';
import { type Client, p2cClientServer } from './helpers/p2c-payments';
import { expectError, ok } from './helpers/security';

// A P2C operation's detail page leads to its payment (docs/p2c.md "In the wallet history"): the
// detail answers `p2c_payment_id` to the person whose operation it is, for all four types.
const twentyUsdt = 20n * 10n ** 18n;

describe("the P2C operations' detail pages", () => {
  const p2c = p2cClientServer();

  /** The person's P2C operations as the history lists them, newest first: [type, id]. */
  async function p2cOperations(who: Pick<Client, 'send'>): Promise<[string, string][]> {
    const page = ok(await who.send('GET', '/wallet/transactions'), walletTransactionPage);
    return page.items.filter((item) => item.type.startsWith('p2c_')).map((item) => [item.type, item.id]);
  }

  it('name the payment behind each of the four types to its own side, and stay hidden from the other', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const payment = await p2c.paid(client, (await p2c.issueCode(150000n)).id);
    const merchant = await p2c.merchant();
    await p2c.take(payment.id, merchant);
    await p2c.complete(payment.id, merchant);
    ok(
      await client.send('POST', `/p2c/payments/${payment.id}/dispute`, { reason: 'wrong_amount', message: 'Twice' }),
      p2cClientPayment,
    );
    await p2c.resolve(payment.id, 'refund');

    const clientOperations = await p2cOperations(client);
    const merchantOperations = await p2cOperations(merchant);
    expect(clientOperations.map(([type]) => type)).toEqual(['p2c_client_refund', 'p2c_client']);
    expect(merchantOperations.map(([type]) => type)).toEqual(['p2c_merchant_refund', 'p2c_merchant']);
    for (const [who, operations] of [
      [client, clientOperations],
      [merchant, merchantOperations],
    ] as const) {
      for (const [type, id] of operations) {
        const detail = ok(await who.send('GET', `/wallet/transactions/qr_pay/${id}`), walletTransactionDetail);
        expect([detail.type, detail.p2c_payment_id]).toEqual([type, payment.id]);
      }
    }
    const [, merchantReward] = merchantOperations[1] ?? [];
    expectError(await client.send('GET', `/wallet/transactions/qr_pay/${merchantReward}`), 404, 'not_found');
  });
});
