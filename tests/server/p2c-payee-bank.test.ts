import { describe, expect, it } from 'vitest';
import { p2cClientPayment, p2cMerchantPayment, p2cSocketEvents } from '../../src/contract/p2c';
import { buildP2cQrLink } from '../../src/contract/p2c-qr-link';
import { paymentSystemCodes } from '../../src/server/db/schema/p2c';
import { createSession } from '../../src/server/modules/auth/sessions';
import { connected, type ListSocket, listening, listSocket } from './helpers/p2c-live-list';
import { grantP2cMerchantLevel } from './helpers/p2c-merchants';
import { type Client, p2cClientServer } from './helpers/p2c-payments';

// The payment system stand-in keeps the payee's bank as the shop wrote it ("Sberbank"); the code's
// link names the bank by its member id (100000000111 is Sberbank's), so each person reads the
// bank's name in their own language, from the merchants' bank list (docs/p2c.md).
const twentyUsdt = 20n * 10n ** 18n;

describe("the payee's bank in the reader's language", () => {
  const p2c = p2cClientServer();

  async function speaking(who: { send: Client['send'] }, language: 'en' | 'ru'): Promise<void> {
    expect((await who.send('PUT', '/user/settings', { language })).statusCode).toBe(200);
  }

  it('the quote names it in English, then in Russian once the person switches', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    const code = await p2c.issueCode(150000n);
    expect((await p2c.lookup(client, code.id)).qr.payee).toEqual({ name: 'Coffee House', bank_name: 'Sberbank' });
    await speaking(client, 'ru');
    expect((await p2c.lookup(client, code.id)).qr.payee).toEqual({ name: 'Coffee House', bank_name: 'Сбербанк' });
  });

  it("the client's payment and the merchant's page name it in each one's language", async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    await speaking(client, 'ru');
    const payment = await p2c.paid(client, (await p2c.issueCode(150000n)).id);
    expect(payment.payee).toEqual({ name: 'Coffee House', bank_name: 'Сбербанк' });
    const read = await client.send('GET', `/p2c/payments/${payment.id}`);
    expect(p2cClientPayment.parse(read.json().payment).payee.bank_name).toBe('Сбербанк');

    const merchant = await p2c.merchant();
    expect(await p2c.take(payment.id, merchant)).toBe(true);
    const inEnglish = await merchant.send('GET', `/p2c/payments/${payment.id}`);
    expect(p2cMerchantPayment.parse(inEnglish.json().payment).qr.payee.bank_name).toBe('Sberbank');
    await speaking(merchant, 'ru');
    const inRussian = await merchant.send('GET', `/p2c/payments/${payment.id}`);
    expect(p2cMerchantPayment.parse(inRussian.json().payment).qr.payee.bank_name).toBe('Сбербанк');
  });

  it('a bank whose member id is not on the list keeps the name the payment system gave', async () => {
    const client = await p2c.client({ usdt: twentyUsdt });
    await speaking(client, 'ru');
    const id = 'AS999999UNKNOWNBANK0000000000001';
    await p2c
      .db()
      .insert(paymentSystemCodes)
      .values({
        id,
        type: 'nspk',
        link: buildP2cQrLink({ type: 'nspk', id, codeKind: '02', bank: '100000099999', kopecks: 150000n }),
        payeeName: 'Flower Shop',
        payeeBank: 'Small Regional Bank',
        payeeBankId: '100000099999',
        fiatAmount: '1500.00',
        purpose: null,
        issuedAt: p2c.now(),
      });
    expect((await p2c.lookup(client, id)).qr.payee).toEqual({ name: 'Flower Shop', bank_name: 'Small Regional Bank' });
  });

  it("the live list names it in each watching merchant's language", async () => {
    const origin = await listening(p2c.server());
    const watch = async (language: 'en' | 'ru'): Promise<ListSocket> => {
      const merchant = await p2c.merchant();
      await grantP2cMerchantLevel(p2c.db(), merchant.userId);
      await speaking(merchant, language);
      const { token } = await createSession(p2c.db(), merchant.userId, { now: p2c.now() });
      const socket = listSocket(origin, { cookie: token });
      await connected(socket.socket);
      socket.socket.emit(p2cSocketEvents.initialize);
      await socket.heardAtLeast(1);
      return socket;
    };
    const [english, russian] = [await watch('en'), await watch('ru')];
    try {
      const client = await p2c.client({ usdt: twentyUsdt });
      await p2c.paid(client, (await p2c.issueCode(150000n)).id);
      const banksHeard = async (socket: ListSocket) => {
        const heard = await socket.heardAtLeast(2);
        return heard.flatMap((message) =>
          message.event === 'snapshot'
            ? message.message.items.map((item) => item.payee_bank)
            : message.event === 'update'
              ? message.message.operations.flatMap((operation) =>
                  operation.op === 'add' ? [operation.data.payee_bank] : [],
                )
              : [],
        );
      };
      // The earlier tests left nothing pending: the snapshots were empty, the update adds the payment.
      expect(await banksHeard(english)).toEqual(['Sberbank']);
      expect(await banksHeard(russian)).toEqual(['Сбербанк']);
    } finally {
      english.close();
      russian.close();
    }
  });
});
