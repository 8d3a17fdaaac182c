import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offer } from '../../src/contract/p2p-offers';
import { p2pOfferMethods, p2pOffers } from '../../src/server/db/schema/p2p-offers';
import { userSettings } from '../../src/server/db/schema/users';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser, ledgerViolations, userBalance } from './helpers/ledger';
import {
  buyOfferBody,
  myOffers,
  passportVerified,
  savedMethodId,
  sellOfferBody,
  settablePriceFeed,
  usdt,
} from './helpers/p2p-offers';
import { type Call, caller, expectError, ok, resultAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';
import { passBasic } from './helpers/verification';

interface Maker {
  readonly userId: number;
  readonly send: Call;
  readonly methodId: number;
}

describe('P2P offers', () => {
  let server: TestServer;
  const prices = settablePriceFeed({ 'USDT/RUB': '81', 'USDT/EUR': '0.86' });
  const now = new Date('2026-11-24T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({
      now,
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
    });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  async function person(): Promise<{ userId: number; send: Call; token: string }> {
    const { userId, token } = await signInTestUser(server.database, { now });
    return { userId, send: caller(server, token), token };
  }

  /** A passport-verified user with 150 USDT and an SBP → Sberbank method. */
  async function maker(balance = usdt(150)): Promise<Maker> {
    const { userId, send } = await person();
    await passportVerified(db(), userId);
    if (balance > 0n) await creditUser(db(), { userId, asset: 'USDT', amount: balance });
    return { userId, send, methodId: await savedMethodId(send) };
  }

  async function create(who: Maker, body: Record<string, unknown> = sellOfferBody([who.methodId])) {
    return ok(await who.send('POST', '/p2p/offers', body), offer);
  }

  async function setActive(who: { send: Call }, id: number, active: boolean) {
    return who.send('PUT', `/p2p/offers/${id}/active`, { active });
  }

  async function storedOffer(id: number) {
    const [row] = await db().select().from(p2pOffers).where(eq(p2pOffers.id, id));
    return row;
  }

  describe('creating', () => {
    it('creates an inactive floating sell offer priced at 101.5 % of 81 RUB, with the maker and the masked method', async () => {
      const anna = await maker();

      const created = await create(anna);

      expect(created).toMatchObject({
        type: 'sell',
        asset: 'USDT',
        fiat: 'RUB',
        status: 'inactive',
        price: '82.22',
        price_type: 'floating',
        price_floating_ratio: '101.5',
        volume: '100000000000000000000',
        remaining_volume: '100000000000000000000',
        reserved: '0',
        limits: { min: '1000', max: '5000' },
        description: '',
        is_mine: true,
      });
      expect(created.user.name).toBe('Alice');
      expect(created.payment).toEqual({
        time_limit: 15,
        maker: [
          {
            identifier: 'sbp',
            locale: 'SBP (Faster Payments System)',
            child_identifier: 'sberbank_sbp',
            child_locale: 'Sberbank',
          },
        ],
        maker_accepts: [
          {
            id: anna.methodId,
            name: null,
            fiat: 'RUB',
            identifier: 'sbp',
            locale: 'SBP (Faster Payments System)',
            child_identifier: 'sberbank_sbp',
            child_locale: 'Sberbank',
            data: '•••• 4567',
          },
        ],
        maker_sends: [],
        taker_accepts: [],
      });
    });

    it('creates a fixed buy offer listing catalogue entries and holds nothing for it', async () => {
      const boris = await maker(0n);

      const created = await create(boris, buyOfferBody());

      expect(created).toMatchObject({ type: 'buy', price: '80', price_type: 'fixed', price_floating_ratio: null });
      expect(created.payment.maker_sends).toEqual([
        {
          identifier: 'sbp',
          locale: 'SBP (Faster Payments System)',
          child_identifier: 'sberbank_sbp',
          child_locale: 'Sberbank',
        },
      ]);
      expect(created.payment.maker_accepts).toEqual([]);
    });

    it.each([
      ['a floating ratio above 110', { price_floating_ratio: '110.01' }, 'price_floating_ratio'],
      [
        'a fixed price above 120 % of the reference',
        { price_type: 'fixed', price: '97.21', price_floating_ratio: null },
        'price',
      ],
      ['a fixed price with a ratio too', { price_type: 'fixed', price: '81', price_floating_ratio: '100' }, 'price'],
      ['a volume below 1 USDT', { volume: usdt('0.99').toString() }, 'volume'],
      ['a minimum above the maximum', { limits: { min: '5000', max: '1000' } }, 'limits'],
      ['a minimum order larger than the volume', { volume: usdt(10).toString() }, 'limits'],
      ['a maximum above 50,000 USDT', { limits: { min: '1000', max: '9000000' } }, 'limits'],
      ['no payment method', { payment_method_ids: [] }, 'payment_methods'],
      [
        'catalogue entries on a sell offer',
        { catalogue_methods: [{ identifier: 'tbank', child_identifier: null }] },
        'payment_methods',
      ],
      ['a currency the market does not trade', { fiat: 'XXX' }, 'fiat'],
      ['an asset the market does not trade', { asset: 'RUB' }, 'asset'],
    ])('refuses %s with 422 naming the field and saves nothing', async (_name, overrides, field) => {
      const anna = await maker();

      const refused = expectError(
        await anna.send('POST', '/p2p/offers', sellOfferBody([anna.methodId], overrides)),
        422,
        'invalid_offer',
      );

      expect(refused).toEqual({ field });
      expect(await db().select().from(p2pOffers).where(eq(p2pOffers.userId, anna.userId))).toEqual([]);
    });

    it('refuses another user’s saved method and a method of another currency', async () => {
      const anna = await maker();
      const boris = await maker();
      const euro = await savedMethodId(anna.send, {
        fiat: 'EUR',
        identifier: 'sepa',
        child_identifier: null,
        name: null,
        details: { iban: 'DE89 3704 0044 0532 0130 00', holder_name: 'Anna Petrova' },
      });

      for (const ids of [[boris.methodId], [euro]]) {
        const refused = expectError(await anna.send('POST', '/p2p/offers', sellOfferBody(ids)), 422, 'invalid_offer');
        expect(refused).toEqual({ field: 'payment_methods' });
      }
    });

    it('refuses conditions from someone who may not write them (403) and takes them after basic verification', async () => {
      const anna = await maker();
      const body = sellOfferBody([anna.methodId], { description: 'Only SBP, please' });

      expectError(await anna.send('POST', '/p2p/offers', body), 403, 'cannot_edit_remark');
      await passBasic(anna.send, anna.userId, now);

      expect((await create(anna, body)).description).toBe('Only SBP, please');
    });

    it('refuses a blocked user with 403 blocked', async () => {
      const anna = await maker();
      await db().update(userSettings).set({ complianceLock: true }).where(eq(userSettings.userId, anna.userId));

      expectError(await anna.send('POST', '/p2p/offers', sellOfferBody([anna.methodId])), 403, 'blocked');
      expect(await db().select().from(p2pOffers).where(eq(p2pOffers.userId, anna.userId))).toEqual([]);
    });
  });

  describe('turning online and offline', () => {
    it('holds 100 USDT plus the 1 % fee (101 USDT) when a sell offer goes online and returns it when it goes offline', async () => {
      const anna = await maker();
      const { id } = await create(anna);

      ok(await setActive(anna, id, true), resultAnswer);

      expect(await userBalance(db(), anna.userId, 'USDT')).toEqual({ available: usdt(49), held: usdt(101) });
      expect((await storedOffer(id))?.reserved).toBe('101000000000000000000');
      const online = ok(await anna.send('GET', `/p2p/offers/${id}`), offer);
      expect(online).toMatchObject({ status: 'active', reserved: '101000000000000000000' });

      ok(await setActive(anna, id, false), resultAnswer);

      expect(await userBalance(db(), anna.userId, 'USDT')).toEqual({ available: usdt(150), held: 0n });
      expect((await storedOffer(id))?.reserved).toBe('0');
      expect(await ledgerViolations(db())).toEqual([]);
    });

    it('rounds the fee up to the smallest unit: 1 USDT and 1 unit holds 1.010000000000000002 USDT', async () => {
      const anna = await maker();
      const { id } = await create(
        anna,
        sellOfferBody([anna.methodId], { volume: '1000000000000000001', limits: { min: '82.22', max: '82.22' } }),
      );

      ok(await setActive(anna, id, true), resultAnswer);

      expect((await userBalance(db(), anna.userId, 'USDT')).held).toBe(1010000000000000002n);
    });

    it('holds nothing for a buy offer', async () => {
      const boris = await maker(0n);
      const { id } = await create(boris, buyOfferBody());

      ok(await setActive(boris, id, true), resultAnswer);

      expect(await userBalance(db(), boris.userId, 'USDT')).toEqual({ available: 0n, held: 0n });
      expect((await storedOffer(id))?.status).toBe('active');
    });

    it('holds once when the same offer is turned online twice at the same time', async () => {
      const anna = await maker();
      const { id } = await create(anna);

      const answers = await Promise.all([setActive(anna, id, true), setActive(anna, id, true)]);

      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await userBalance(db(), anna.userId, 'USDT')).toEqual({ available: usdt(49), held: usdt(101) });
      expect(await ledgerViolations(db())).toEqual([]);
    });

    it('lets only one of two offers turned online at once take the 10th active place', async () => {
      const boris = await maker(0n);
      const ids: number[] = [];
      for (let index = 0; index < 11; index++) ids.push((await create(boris, buyOfferBody())).id);
      for (const id of ids.slice(0, 9)) ok(await setActive(boris, id, true), resultAnswer);

      const answers = await Promise.all([setActive(boris, ids[9] ?? 0, true), setActive(boris, ids[10] ?? 0, true)]);

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const active = await db().select().from(p2pOffers).where(eq(p2pOffers.userId, boris.userId));
      expect(active.filter((row) => row.status === 'active')).toHaveLength(10);
    });

    it('refuses with insufficient_funds when the balance does not cover volume and fee, holding nothing', async () => {
      const anna = await maker(usdt('100.99'));
      const { id } = await create(anna);

      expectError(await setActive(anna, id, true), 409, 'insufficient_funds');

      expect(await userBalance(db(), anna.userId, 'USDT')).toEqual({ available: usdt('100.99'), held: 0n });
      expect((await storedOffer(id))?.status).toBe('inactive');
    });

    it('refuses a sell offer of someone without passport or address verification', async () => {
      const { userId, send } = await person();
      await creditUser(db(), { userId, asset: 'USDT', amount: usdt(150) });
      const unverified = { userId, send, methodId: await savedMethodId(send) };
      const { id } = await create(unverified);

      expectError(await setActive(unverified, id, true), 409, 'verification_required');
      expect((await storedOffer(id))?.status).toBe('inactive');
    });

    it('refuses an 11th active offer with too_many_active_offers', async () => {
      const boris = await maker(0n);
      const ids: number[] = [];
      for (let index = 0; index < 11; index++) ids.push((await create(boris, buyOfferBody())).id);
      for (const id of ids.slice(0, 10)) ok(await setActive(boris, id, true), resultAnswer);

      expectError(await setActive(boris, ids[10] ?? 0, true), 409, 'too_many_active_offers');
    });

    it('refuses an offer whose saved method was deleted with payment_methods_missing', async () => {
      const anna = await maker();
      const { id } = await create(anna);
      // What a method deleted from under an offer leaves (the methods module normally refuses it).
      await db().update(p2pOfferMethods).set({ paymentMethodId: null }).where(eq(p2pOfferMethods.offerId, id));

      expectError(await setActive(anna, id, true), 409, 'payment_methods_missing');
    });

    it('refuses a blocked maker with 403 and leaves the offer offline', async () => {
      const anna = await maker();
      const { id } = await create(anna);
      await db()
        .update(userSettings)
        .set({ softBanUntil: new Date('2026-12-01T00:00:00Z') })
        .where(eq(userSettings.userId, anna.userId));

      expectError(await setActive(anna, id, true), 403, 'blocked');
      expect((await storedOffer(id))?.status).toBe('inactive');
    });

    it('keeps a saved method an offer lists from being deleted (409 payment_method_in_use)', async () => {
      const anna = await maker();
      await create(anna);

      expectError(await anna.send('DELETE', `/p2p/payment-methods/${anna.methodId}`), 409, 'payment_method_in_use');
    });
  });

  describe('editing', () => {
    it('changes a floating offer to a fixed price of 85 RUB while it is online', async () => {
      const anna = await maker();
      const { id } = await create(anna);
      ok(await setActive(anna, id, true), resultAnswer);

      const edited = ok(
        await anna.send('PUT', `/p2p/offers/${id}/price`, {
          price_type: 'fixed',
          price: '85',
          price_floating_ratio: null,
        }),
        offer,
      );

      expect(edited).toMatchObject({ price: '85', price_type: 'fixed', price_floating_ratio: null, status: 'active' });
    });

    it('refuses volume and method changes while online with 409 offer_active, changing nothing', async () => {
      const anna = await maker();
      const { id } = await create(anna);
      ok(await setActive(anna, id, true), resultAnswer);

      expectError(
        await anna.send('PUT', `/p2p/offers/${id}/volume`, { volume: usdt(120).toString() }),
        409,
        'offer_active',
      );
      expectError(
        await anna.send('PUT', `/p2p/offers/${id}/methods`, {
          payment_method_ids: [anna.methodId],
          catalogue_methods: [],
        }),
        409,
        'offer_active',
      );
      expect((await storedOffer(id))?.volume).toBe('100000000000000000000');
      expect((await userBalance(db(), anna.userId, 'USDT')).held).toBe(usdt(101));
    });

    it('holds the new volume plus fee after an offline volume edit: 120 USDT holds 121.2 USDT', async () => {
      const anna = await maker();
      const { id } = await create(anna);
      ok(await setActive(anna, id, true), resultAnswer);
      ok(await setActive(anna, id, false), resultAnswer);

      const edited = ok(await anna.send('PUT', `/p2p/offers/${id}/volume`, { volume: usdt(120).toString() }), offer);
      ok(await setActive(anna, id, true), resultAnswer);

      expect(edited).toMatchObject({ volume: '120000000000000000000', remaining_volume: '120000000000000000000' });
      expect(await userBalance(db(), anna.userId, 'USDT')).toEqual({ available: usdt('28.8'), held: usdt('121.2') });
    });

    it('edits limits, time limit, restrictions and methods with literal results', async () => {
      const anna = await maker();
      const second = await savedMethodId(anna.send, {
        fiat: 'RUB',
        identifier: 'tbank',
        child_identifier: null,
        name: 'Main',
        details: { card_number: '4111 1111 1111 1111', holder_name: 'Anna Petrova' },
      });
      const { id } = await create(anna);

      expect(
        ok(await anna.send('PUT', `/p2p/offers/${id}/limits`, { min: '500', max: '8000.5' }), offer).limits,
      ).toEqual({
        min: '500',
        max: '8000.5',
      });
      expect(ok(await anna.send('PUT', `/p2p/offers/${id}/time`, { time_limit: 45 }), offer).payment.time_limit).toBe(
        45,
      );
      const restrictions = {
        telegram_premium_required: true,
        completed_trades_percent: 90,
        trades_count_min: 5,
        trades_volume_usd_min: null,
        account_age_days_min: 30,
      };
      expect(ok(await anna.send('PUT', `/p2p/offers/${id}/restrictions`, restrictions), offer).restrictions).toEqual(
        restrictions,
      );
      const methods = ok(
        await anna.send('PUT', `/p2p/offers/${id}/methods`, { payment_method_ids: [second], catalogue_methods: [] }),
        offer,
      ).payment.maker_accepts;
      expect(methods.map((method) => [method.id, method.locale, method.data])).toEqual([
        [second, 'T-Bank', '•••• 1111'],
      ]);
    });

    it('refuses limits below the market minimum of 1 USDT (80 RUB at 82.22) and leaves them unchanged', async () => {
      const anna = await maker();
      const { id } = await create(anna);

      expectError(await anna.send('PUT', `/p2p/offers/${id}/limits`, { min: '80', max: '5000' }), 422, 'invalid_offer');
      expect((await storedOffer(id))?.limitMin).toBe('1000.00');
    });

    it('lets a maker without can_edit_remark clear conditions but not write them', async () => {
      const anna = await maker();
      const { id } = await create(anna);

      expectError(
        await anna.send('PUT', `/p2p/offers/${id}/conditions`, { description: 'Fast' }),
        403,
        'cannot_edit_remark',
      );
      expect(ok(await anna.send('PUT', `/p2p/offers/${id}/conditions`, { description: '  ' }), offer).description).toBe(
        '',
      );
    });
  });

  describe('deleting', () => {
    it('refuses an online offer with 409 and deletes it once offline, after which it is not found', async () => {
      const anna = await maker();
      const { id } = await create(anna);
      ok(await setActive(anna, id, true), resultAnswer);

      expectError(await anna.send('DELETE', `/p2p/offers/${id}`), 409, 'offer_active');
      ok(await setActive(anna, id, false), resultAnswer);
      expect(ok(await anna.send('DELETE', `/p2p/offers/${id}`), resultAnswer)).toEqual({ result: true });

      expectError(await anna.send('GET', `/p2p/offers/${id}`), 404, 'offer_not_found');
      expect(await userBalance(db(), anna.userId, 'USDT')).toEqual({ available: usdt(150), held: 0n });
    });
  });

  describe('another user’s offer', () => {
    it('answers 404 to every write and changes nothing, while anyone may read it', async () => {
      const anna = await maker();
      const mallory = await maker();
      const { id } = await create(anna);
      const before = await storedOffer(id);

      const writes: ['PUT' | 'DELETE', string, Record<string, unknown> | undefined][] = [
        ['PUT', `/p2p/offers/${id}/active`, { active: true }],
        ['DELETE', `/p2p/offers/${id}`, undefined],
        ['PUT', `/p2p/offers/${id}/price`, { price_type: 'fixed', price: '85', price_floating_ratio: null }],
        ['PUT', `/p2p/offers/${id}/volume`, { volume: usdt(120).toString() }],
        ['PUT', `/p2p/offers/${id}/limits`, { min: '1500', max: '5000' }],
        ['PUT', `/p2p/offers/${id}/methods`, { payment_method_ids: [mallory.methodId], catalogue_methods: [] }],
        ['PUT', `/p2p/offers/${id}/time`, { time_limit: 60 }],
        ['PUT', `/p2p/offers/${id}/conditions`, { description: '' }],
        // Mallory may not write conditions at all: the missing offer still answers first.
        ['PUT', `/p2p/offers/${id}/conditions`, { description: 'Pay me first' }],
        [
          'PUT',
          `/p2p/offers/${id}/restrictions`,
          { ...sellOfferBody([]).restrictions, telegram_premium_required: true },
        ],
      ];
      for (const [method, path, body] of writes) {
        expectError(await mallory.send(method, path, body), 404, 'offer_not_found');
      }

      expect(await storedOffer(id)).toEqual(before);
      expect(await userBalance(db(), anna.userId, 'USDT')).toEqual({ available: usdt(150), held: 0n });
      const seen = ok(await mallory.send('GET', `/p2p/offers/${id}`), offer);
      expect(seen).toMatchObject({ id, status: 'inactive', is_mine: false });
    });

    it('answers 404 for an offer that does not exist and 400 for an id that is not one', async () => {
      const anna = await maker(0n);

      expectError(await anna.send('GET', '/p2p/offers/2147483647'), 404, 'offer_not_found');
      expectError(await anna.send('GET', '/p2p/offers/abc'), 400, 'validation_failed');
    });
  });

  describe('my offers', () => {
    it('pages the maker’s offers newest first with the total', async () => {
      const boris = await maker(0n);
      const ids: number[] = [];
      for (let index = 0; index < 3; index++) ids.push((await create(boris, buyOfferBody())).id);

      const page = ok(await boris.send('GET', '/p2p/offers/my?count=2&offset=1'), myOffers);

      expect(page.total).toBe(3);
      expect(page.offers.map((item) => item.id)).toEqual([ids[1], ids[0]]);
    });
  });
});
