import { expect } from 'vitest';
import { p2cCheck, p2cMerchantPayment } from '../../../src/contract/p2c';
import { upsertUser } from '../../../src/server/modules/users/service';
import { creditUser, systemBalance } from './ledger';
import { multipartPost, sampleFiles } from './multipart';
import type { P2cTestServer, Person } from './p2c-merchants';
import { usdt } from './p2p-offers';
import { ok } from './security';

/** 1,500 RUB: the merchant's 18.9 USDT and the 1 % fee, 0.189 USDT; the client pays 19.089 USDT. */
export const coffeeTerms = {
  fiatAmount: '1500',
  asset: 'USDT',
  rate: '79.37',
  amount: usdt('18.9'),
  fee: usdt('0.189'),
} as const;

export type Merchant = Person & { readonly accountId: number };

/** A client with 100 USDT, named Zinaida Klientova (zina_client) so answers can be searched for them. */
export async function fundedClient(p2c: P2cTestServer): Promise<Person> {
  const who = await p2c.person();
  await upsertUser(p2c.db(), { id: who.userId, firstName: 'Zinaida', lastName: 'Klientova', username: 'zina_client' });
  await creditUser(p2c.db(), { userId: who.userId, asset: 'USDT', amount: usdt(100) });
  return who;
}

/** A merchant with one active card. */
export async function merchantWithAccount(p2c: P2cTestServer): Promise<Merchant> {
  const who = await p2c.merchant();
  return { ...who, accountId: (await p2c.activeAccount(who)).id };
}

/** Uploads a receipt (a PDF, or a PNG when the name ends so) for the payment as `who`. */
export function uploadCheck(p2c: P2cTestServer, who: Person, paymentId: number, name = 'receipt.pdf') {
  const png = name.endsWith('.png');
  return p2c.server().app.inject(
    multipartPost(`/api/v1/p2c/payments/${paymentId}/check`, who.token, [
      {
        name: 'file',
        filename: name,
        contentType: png ? 'image/png' : 'application/pdf',
        content: png ? sampleFiles.png : sampleFiles.pdf,
      },
    ]),
  );
}

export interface CompletedPayment {
  readonly paymentId: number;
  readonly client: Person;
  readonly merchant: Merchant;
  /** The fees account's USDT before the payment was made. */
  readonly feesBefore: bigint;
}

/** A funded client paid 1,500 RUB; a merchant took it, uploaded receipt.png and marked it paid. */
export async function completedPayment(p2c: P2cTestServer): Promise<CompletedPayment> {
  const feesBefore = await systemBalance(p2c.db(), 'USDT', 'fees');
  const client = await fundedClient(p2c);
  const merchant = await merchantWithAccount(p2c);
  const paymentId = await p2c.pendingPayment(client.userId, coffeeTerms);
  ok(await merchant.send('POST', `/p2c/payments/take/${paymentId}`), p2cMerchantPayment);
  ok(await uploadCheck(p2c, merchant, paymentId, 'receipt.png'), p2cCheck);
  const paid = ok(
    await merchant.send('POST', `/p2c/payments/${paymentId}/paid`, { account_id: merchant.accountId }),
    p2cMerchantPayment,
  );
  expect(paid).toMatchObject({ status: 'completed', method: 'qr-paid', account: { bank_name: 'Sberbank' } });
  return { paymentId, client, merchant, feesBefore };
}
