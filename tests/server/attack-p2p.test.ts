import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { p2pMarketEndpoints } from '../../src/contract/p2p-market';
import { offer, type p2pOfferEndpoints } from '../../src/contract/p2p-offers';
import { type p2pPaymentMethodEndpoints, paymentMethod } from '../../src/contract/p2p-payment-methods';
import type { p2pProfileEndpoints } from '../../src/contract/p2p-profile';
import { resultAnswer } from '../../src/contract/security';
import { userSettings } from '../../src/server/db/schema/users';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser } from './helpers/ledger';
import { buyOfferBody, sbpSberbank, sellOfferBody, settablePriceFeed, usdt } from './helpers/p2p-offers';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';
import { passBasic } from './helpers/verification';

// Attack review of the P2P market (docs/p2p.md "Attack review"): what a hostile user sends.

const zelle = (email: string) => ({
  fiat: 'USD',
  identifier: 'zelle',
  child_identifier: null,
  name: null,
  details: { email, holder_name: 'Anna Petrova' },
});

describe('the P2P market against a hostile user', () => {
  let server: TestServer;
  const prices = settablePriceFeed({ 'USDT/RUB': '81', 'USDT/USD': '1' });

  beforeAll(async () => {
    server = await createTestServer({
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
      rateLimits: {
        p2p_payment_method_add: { perAccount: { limit: 3, windowMs: 60_000 } },
        p2p_offer_read: { perAccount: { limit: 40, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  async function newUser(): Promise<{ userId: number; send: Call }> {
    const { userId, token } = await signInTestUser(server.database);
    return { userId, send: caller(server, token) };
  }

  it('refuses a payment method name with a bidi override or a control character, and saves nothing', async () => {
    const mallory = await newUser();

    const bidi = await mallory.send('POST', '/p2p/payment-methods', { ...sbpSberbank, name: 'Sber\u202Ekcab' });
    const terminalEscape = await mallory.send('POST', '/p2p/payment-methods', {
      ...sbpSberbank,
      name: 'Sber\u001b[31m',
    });
    const zeroWidth = await mallory.send('POST', '/p2p/payment-methods', { ...sbpSberbank, name: 'Sb\u200Ber' });

    expectError(bidi, 400, 'validation_failed');
    expectError(terminalEscape, 400, 'validation_failed');
    expectError(zeroWidth, 400, 'validation_failed');
    expect((await mallory.send('GET', '/p2p/payment-methods')).json()).toEqual({ methods: [] });
  });

  it('refuses a rename to a name with a bidi override', async () => {
    const mallory = await newUser();
    const saved = ok(await mallory.send('POST', '/p2p/payment-methods', sbpSberbank), paymentMethod);

    expectError(
      await mallory.send('PATCH', `/p2p/payment-methods/${saved.id}`, { name: 'Tinkoff\u202E' }),
      400,
      'validation_failed',
    );
    expect(ok(await mallory.send('GET', `/p2p/payment-methods/${saved.id}`), paymentMethod).name).toBe(null);
  });

  it('refuses an e-mail payee with a bidi override or a zero-width space, so the masked tail cannot be spoofed', async () => {
    const mallory = await newUser();

    const bidi = await mallory.send('POST', '/p2p/payment-methods', zelle('anna@mail.co\u202Em'));
    const zeroWidth = await mallory.send('POST', '/p2p/payment-methods', zelle('an\u200Bna@mail.com'));

    expect(expectError(bidi, 422, 'invalid_payment_details')).toEqual({ fields: { email: 'invalid_format' } });
    expect(expectError(zeroWidth, 422, 'invalid_payment_details')).toEqual({ fields: { email: 'invalid_format' } });
    expect(ok(await mallory.send('POST', '/p2p/payment-methods', zelle('anna@mail.com')), paymentMethod).data).toBe(
      '•••• .com',
    );
  });

  it('refuses offer conditions with a bidi override but keeps line breaks', async () => {
    const maker = await newUser();
    // Basic verification lets a maker write conditions (can_edit_remark).
    await passBasic(maker.send, maker.userId, new Date());
    const created = ok(await maker.send('POST', '/p2p/offers', buyOfferBody()), offer);

    expectError(
      await maker.send('PUT', `/p2p/offers/${created.id}/conditions`, { description: 'Pay to \u202Eanna' }),
      400,
      'validation_failed',
    );
    expectError(
      await maker.send('POST', '/p2p/offers', buyOfferBody({ description: 'Fast\u200B payment' })),
      400,
      'validation_failed',
    );
    const edited = ok(
      await maker.send('PUT', `/p2p/offers/${created.id}/conditions`, {
        description: 'Fast payment.\nNo third parties.',
      }),
      offer,
    );
    expect(edited.description).toBe('Fast payment.\nNo third parties.');
  });

  it('answers another user’s offer and saved method as unknown on every write, and never with their details', async () => {
    const alice = await newUser();
    const mallory = await newUser();
    const methodId = ok(await alice.send('POST', '/p2p/payment-methods', sbpSberbank), paymentMethod).id;
    const { id } = ok(await alice.send('POST', '/p2p/offers', sellOfferBody([methodId])), offer);

    const writes = await Promise.all([
      mallory.send('PUT', `/p2p/offers/${id}/active`, { active: true }),
      mallory.send('PUT', `/p2p/offers/${id}/time`, { time_limit: 30 }),
      mallory.send('PUT', `/p2p/offers/${id}/volume`, { volume: usdt(1).toString() }),
      mallory.send('PUT', `/p2p/offers/${id}/limits`, { min: '100', max: '200' }),
      mallory.send('PUT', `/p2p/offers/${id}/price`, { price_type: 'fixed', price: '81', price_floating_ratio: null }),
      mallory.send('PUT', `/p2p/offers/${id}/methods`, { payment_method_ids: [methodId], catalogue_methods: [] }),
      mallory.send('PUT', `/p2p/offers/${id}/conditions`, { description: '' }),
      mallory.send('DELETE', `/p2p/offers/${id}`),
    ]);
    for (const response of writes) expectError(response, 404, 'offer_not_found');
    expectError(await mallory.send('GET', `/p2p/payment-methods/${methodId}`), 404, 'payment_method_not_found');
    expectError(
      await mallory.send('PATCH', `/p2p/payment-methods/${methodId}`, { name: 'x' }),
      404,
      'payment_method_not_found',
    );
    expectError(await mallory.send('DELETE', `/p2p/payment-methods/${methodId}`), 404, 'payment_method_not_found');
    const stolen = await mallory.send('POST', '/p2p/offers', sellOfferBody([methodId]));
    expect(expectError(stolen, 422, 'invalid_offer')).toEqual({ field: 'payment_methods' });

    const seen = await mallory.send('GET', `/p2p/offers/${id}`);
    // The phone is saved as +79001234567, the Telegram id is the user's internal id.
    expect(seen.body).not.toContain('900123');
    expect(seen.body).not.toContain('Petrova');
    expect(seen.body).not.toContain(String(alice.userId));
    const shown = ok(seen, offer);
    expect(shown.payment.maker_accepts.map((method) => method.data)).toEqual(['•••• 4567']);
    expect(shown.user.name).toBe('Alice');
  });

  it('limits how many payment methods one account adds in a window', async () => {
    const mallory = await newUser();
    for (let index = 0; index < 3; index++) {
      const { id } = ok(await mallory.send('POST', '/p2p/payment-methods', sbpSberbank), paymentMethod);
      ok(await mallory.send('DELETE', `/p2p/payment-methods/${id}`), resultAnswer);
    }

    expectError(await mallory.send('POST', '/p2p/payment-methods', sbpSberbank), 429, 'rate_limited');
  });

  it('limits how many offer lists and offers by id one account reads in a window', async () => {
    const mallory = await newUser();
    const list = '/p2p/offers?type=sell&asset=USDT&fiat=RUB&payment_methods=sbp&payment_methods=tinkoff&amount=1000';
    for (let index = 0; index < 20; index++) expect((await mallory.send('GET', list)).statusCode).toBe(200);
    for (let index = 0; index < 20; index++)
      expect((await mallory.send('GET', `/p2p/offers/${index + 1}`)).statusCode).not.toBe(429);

    expectError(await mallory.send('GET', list), 429, 'rate_limited');
    expectError(await mallory.send('GET', '/p2p/offers/1'), 429, 'rate_limited');
    expectError(
      await mallory.send('GET', '/p2p/offers/prices-by-payment-method?type=sell&asset=USDT&fiat=RUB'),
      429,
      'rate_limited',
    );
  });

  it('refuses a repeated list filter that takes one value, and a forged cursor, with 400', async () => {
    const mallory = await newUser();
    const forged = Buffer.from('["1e999",0,0,1]').toString('base64url');

    expectError(
      await mallory.send('GET', '/p2p/offers?type=sell&type=buy&asset=USDT&fiat=RUB'),
      400,
      'validation_failed',
    );
    expectError(
      await mallory.send('GET', '/p2p/offers?type=sell&asset=USDT&fiat=RUB&cursor=a&cursor=b'),
      400,
      'validation_failed',
    );
    expectError(
      await mallory.send('GET', `/p2p/offers?type=sell&asset=USDT&fiat=RUB&cursor=${forged}`),
      400,
      'validation_failed',
    );
    const twentyOne = Array.from({ length: 21 }, (_, index) => `payment_methods=m${index}`).join('&');
    expectError(
      await mallory.send('GET', `/p2p/offers?type=sell&asset=USDT&fiat=RUB&${twentyOne}`),
      400,
      'validation_failed',
    );
  });

  it('answers every P2P endpoint 403 feature_disabled to a user whose flags hide the market', async () => {
    const hidden = await newUser();
    await db()
      .update(userSettings)
      .set({ featureFlags: { show_p2p: false } })
      .where(eq(userSettings.userId, hidden.userId));

    for (const [name, request] of Object.entries(sampleRequests)) {
      const response = await hidden.send(request.method, request.url, request.body);
      expect({ name, status: response.statusCode, code: response.json().code }).toEqual({
        name,
        status: 403,
        code: 'feature_disabled',
      });
    }
  });

  it('answers every P2P write 403 blocked to a soft-banned user, and lets them read', async () => {
    const banned = await newUser();
    await creditUser(db(), { userId: banned.userId, asset: 'USDT', amount: usdt(1) });
    await db()
      .update(userSettings)
      .set({ softBanUntil: new Date('2100-01-01T00:00:00Z') })
      .where(eq(userSettings.userId, banned.userId));

    for (const [name, request] of Object.entries(sampleRequests)) {
      const response = await banned.send(request.method, request.url, request.body);
      if (request.write) {
        expect({ name, status: response.statusCode, code: response.json().code }).toEqual({
          name,
          status: 403,
          code: 'blocked',
        });
      } else {
        expect({ name, forbidden: response.statusCode === 403 }).toEqual({ name, forbidden: false });
      }
    }
  });
});

interface SampleRequest {
  readonly method: Parameters<Call>[0];
  readonly url: string;
  readonly body?: Record<string, unknown>;
  /** Whether the call changes something (refused to a blocked user). */
  readonly write: boolean;
}

type EndpointNames =
  | keyof typeof p2pMarketEndpoints
  | keyof typeof p2pOfferEndpoints
  | keyof typeof p2pPaymentMethodEndpoints
  | keyof typeof p2pProfileEndpoints;

const restrictions = sellOfferBody([]).restrictions;

/** One valid request of every P2P endpoint: a new endpoint does not compile until it is listed here. */
const sampleRequests: Readonly<Record<EndpointNames, SampleRequest>> = {
  getMarketConfig: { method: 'GET', url: '/p2p/config', write: false },
  listMarketAssets: { method: 'GET', url: '/p2p/currencies/assets', write: false },
  listMarketFiats: { method: 'GET', url: '/p2p/currencies/fiats', write: false },
  getFiatPaymentCatalogue: { method: 'GET', url: '/p2p/currencies/fiat/RUB', write: false },
  getPaymentCatalogueItem: { method: 'GET', url: '/p2p/currencies/fiat/RUB/sbp', write: false },
  getMarketTerms: { method: 'GET', url: '/p2p/marketTerms', write: false },
  listPaymentMethods: { method: 'GET', url: '/p2p/payment-methods', write: false },
  getPaymentMethod: { method: 'GET', url: '/p2p/payment-methods/1', write: false },
  renamePaymentMethod: { method: 'PATCH', url: '/p2p/payment-methods/1', body: { name: 'Main' }, write: true },
  addPaymentMethod: { method: 'POST', url: '/p2p/payment-methods', body: sbpSberbank, write: true },
  deletePaymentMethod: { method: 'DELETE', url: '/p2p/payment-methods/1', write: true },
  listOffers: { method: 'GET', url: '/p2p/offers?type=sell&asset=USDT&fiat=RUB', write: false },
  listMyOffers: { method: 'GET', url: '/p2p/offers/my', write: false },
  listPricesByPaymentMethod: {
    method: 'GET',
    url: '/p2p/offers/prices-by-payment-method?type=sell&asset=USDT&fiat=RUB',
    write: false,
  },
  getOffer: { method: 'GET', url: '/p2p/offers/1', write: false },
  createOffer: { method: 'POST', url: '/p2p/offers', body: buyOfferBody(), write: true },
  setOfferActive: { method: 'PUT', url: '/p2p/offers/1/active', body: { active: true }, write: true },
  deleteOffer: { method: 'DELETE', url: '/p2p/offers/1', write: true },
  editOfferPrice: {
    method: 'PUT',
    url: '/p2p/offers/1/price',
    body: { price_type: 'fixed', price: '81', price_floating_ratio: null },
    write: true,
  },
  editOfferVolume: { method: 'PUT', url: '/p2p/offers/1/volume', body: { volume: '1' }, write: true },
  editOfferLimits: { method: 'PUT', url: '/p2p/offers/1/limits', body: { min: '100', max: '200' }, write: true },
  editOfferMethods: {
    method: 'PUT',
    url: '/p2p/offers/1/methods',
    body: { payment_method_ids: [1], catalogue_methods: [] },
    write: true,
  },
  editOfferTimeLimit: { method: 'PUT', url: '/p2p/offers/1/time', body: { time_limit: 30 }, write: true },
  editOfferConditions: { method: 'PUT', url: '/p2p/offers/1/conditions', body: { description: '' }, write: true },
  editOfferRestrictions: { method: 'PUT', url: '/p2p/offers/1/restrictions', body: restrictions, write: true },
  getOwnMarketProfile: { method: 'GET', url: '/p2p/profile', write: false },
  updateOwnMarketProfile: { method: 'PATCH', url: '/p2p/profile', body: { username: 'Mallory_1' }, write: true },
  checkUsername: { method: 'POST', url: '/p2p/profile/check-username', body: { username: 'Mallory_2' }, write: false },
  getMarketProfile: { method: 'GET', url: '/p2p/profile/10000001', write: false },
  getReviewStats: { method: 'GET', url: '/p2p/profile/10000001/reviews/stats', write: false },
  listReviews: { method: 'GET', url: '/p2p/profile/10000001/reviews?cursor=forged', write: false },
};
