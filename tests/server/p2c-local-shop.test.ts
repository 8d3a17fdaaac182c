import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2cEndpoints } from '../../src/contract/p2c';
import { parseP2cQrLink } from '../../src/contract/p2c-qr-link';
import { uploadMediaTypeOf } from '../../src/contract/uploadFileType';
import { paymentSystemCodes } from '../../src/server/db/schema/p2c';
import { caller, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const origin = 'http://localhost';

describe('the local shop and bank stand-ins', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({
      telegram: { localMode: true },
      featureFlags: { public: ['show_p2c'], tester: [], testerIds: new Set() },
    });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const get = (url: string, language = 'en') =>
    server.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'accept-language': 'en', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  /** Issues a code through the shop's form; answers its id and link as stored. */
  async function issue(amount: string) {
    const issued = await post('/local/shop', { amount });
    expect(issued.statusCode).toBe(303);
    const id = /^\/local\/shop\?code=([A-Z0-9]+)$/.exec(String(issued.headers.location))?.[1];
    if (id === undefined) throw new Error(`unexpected redirect ${String(issued.headers.location)}`);
    const [row] = await db().select().from(paymentSystemCodes).where(eq(paymentSystemCodes.id, id));
    if (row === undefined) throw new Error('the code was not stored');
    return { id, link: row.link, row };
  }

  it('issues a 1,500 RUB code whose link is a real-format NSPK link the shared parser reads', async () => {
    const { id, link, row } = await issue('1500');

    expect(id).toMatch(/^AD[0-9A-Z]{30}$/);
    expect(link.startsWith(`https://qr.nspk.ru/${id}?type=02&bank=100000000111&sum=150000&cur=RUB&crc=`)).toBe(true);
    expect(parseP2cQrLink(link)).toEqual({
      ok: true,
      link: { type: 'nspk', id, codeKind: '02', bank: '100000000111', kopecks: 150000n },
    });
    expect(row).toMatchObject({ type: 'nspk', payeeName: 'Romashka Coffee', payeeBank: 'Sberbank', paidAt: null });
    expect(row.fiatAmount).toMatch(/^1500(\.00)?$/);

    const shown = await get(`/local/shop?code=${id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<svg class="qr" role="img" aria-label="Payment QR code"');
    expect(shown.body).toContain(`value="${link.replaceAll('&', '&amp;')}" readonly`);
    expect(shown.body).toContain('<p id="status" aria-live="polite"><span class="unpaid">Not paid yet</span></p>');
    expect(shown.body).toContain('<script src="/local/shop/shop.js" defer></script>');
    expect(shown.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers what the issued code asks for through GET /p2c/qr/{id}, then paid once the bank pays it', async () => {
    const { id, link } = await issue('1500');
    const { token } = await signInTestUser(server.database, { lifetimeMs: 86_400_000 });
    const send = caller(server, token);

    const answer = ok(await send('GET', `/p2c/qr/${id}`), p2cEndpoints.getQrCode.response);
    expect(answer.qr).toEqual({
      id,
      type: 'nspk',
      payee: { name: 'Romashka Coffee', bank_name: 'Sberbank' },
      fiat_amount: '1500',
      fiat: 'RUB',
      purpose: null,
      state: 'payable',
    });

    expect((await post('/local/bank', { link })).statusCode).toBe(303);
    expect(ok(await send('GET', `/p2c/qr/${id}`), p2cEndpoints.getQrCode.response).qr.state).toBe('paid');
  });

  it('refuses an amount that is not one, or out of range, and issues nothing', async () => {
    const before = await db().select({ id: paymentSystemCodes.id }).from(paymentSystemCodes);
    for (const amount of ['', 'abc', '0.5', '1500.555', '1000000.01']) {
      const refused = await post('/local/shop', { amount });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Enter an amount from 1 to 1,000,000 RUB, with at most two decimals.');
    }
    expect(await db().select({ id: paymentSystemCodes.id }).from(paymentSystemCodes)).toHaveLength(before.length);
  });

  it('pays a pasted code once: the shop then shows it paid, and Pay again is refused', async () => {
    const { id, link } = await issue('250.5');

    const paid = await post('/local/bank', { link: `  ${link}\n` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/local/bank?code=${id}`);
    const [row] = await db().select().from(paymentSystemCodes).where(eq(paymentSystemCodes.id, id));
    const paidAt = row?.paidAt;
    expect(paidAt).toBeInstanceOf(Date);

    const receiptPage = await get(`/local/bank?code=${id}`);
    expect(receiptPage.body).toContain('Payment made');
    expect(receiptPage.body).toContain(
      `<a href="/local/bank/receipt?code=${id}" download>Download the receipt (PDF)</a>`,
    );
    expect(receiptPage.body).not.toContain('<script');

    const shop = await get(`/local/shop?code=${id}`);
    expect(shop.body).toMatch(
      /<p id="status" aria-live="polite"><span class="paid">Paid · \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/span><\/p>/,
    );

    const again = await post('/local/bank', { link });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This code has already been paid.');
    const [after] = await db().select().from(paymentSystemCodes).where(eq(paymentSystemCodes.id, id));
    expect(after?.paidAt).toEqual(paidAt);
  });

  it('lets exactly one of ten simultaneous Pay presses pay a code', async () => {
    const { link } = await issue('100');
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/local/bank', { link })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      303, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
  });

  it('gives the paid code a PDF receipt the check upload accepts, and none to an unpaid code', async () => {
    const { id, link } = await issue('1500');
    expect((await get(`/local/bank/receipt?code=${id}`)).statusCode).toBe(404);
    await post('/local/bank', { link });

    const receipt = await get(`/local/bank/receipt?code=${id}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(`attachment; filename="receipt-${id}.pdf"`);
    expect(uploadMediaTypeOf(receipt.rawPayload.subarray(0, 16))).toBe('application/pdf');
    const text = receipt.rawPayload.toString('latin1');
    expect(text).toContain('(Paid to: Romashka Coffee)');
    expect(text).toContain('(Amount: 1500.00 RUB)');
    expect(text).toContain(`(QR code: ${id})`);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('refuses a damaged link, an unknown code and a form from another site, paying nothing', async () => {
    const { id, link } = await issue('300');
    const damaged = await post('/local/bank', { link: link.replace('sum=30000', 'sum=30001') });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.body).toContain('The link is damaged: its checksum does not match.');

    const notALink = await post('/local/bank', { link: 'hello' });
    expect(notALink.statusCode).toBe(400);
    expect(notALink.body).toContain('This is not a payment link.');

    const crossSite = await post('/local/bank', { link }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const [row] = await db().select().from(paymentSystemCodes).where(eq(paymentSystemCodes.id, id));
    expect(row?.paidAt).toBeNull();
  });

  it('speaks Russian to a Russian browser', async () => {
    const { id } = await issue('1500');
    const shop = await get(`/local/shop?code=${id}`, 'ru-RU,ru;q=0.9');
    expect(shop.body).toContain('<html lang="ru">');
    expect(shop.body).toContain('Магазин (локальный)');
    expect(shop.body).toContain('Ещё не оплачен');
    const bank = await get('/local/bank', 'ru');
    expect(bank.body).toContain('Банк (локальный)');
    expect(bank.body).toContain('>Оплатить</button>');
  });
});

describe('the local shop outside local mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('does not exist', async () => {
    for (const url of ['/local/shop', '/local/bank', '/local/shop/shop.js']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
