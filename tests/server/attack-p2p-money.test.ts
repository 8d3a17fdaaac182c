import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offer } from '../../src/contract/p2p-offers';
import { resultAnswer } from '../../src/contract/security';
import { assets } from '../../src/server/db/schema/catalogue';
import { p2pOffers } from '../../src/server/db/schema/p2p-offers';
import { ledgerViolations, userBalance } from './helpers/ledger';
import { p2pMarketServer } from './helpers/p2p-market';
import { buyOfferBody, offerList, sellOfferBody, usdt } from './helpers/p2p-offers';
import { expectError, ok } from './helpers/security';

// Attack review of the P2P market's money (docs/p2p.md "Attack review"): races, disabled pairs, huge amounts.

describe('the P2P market’s money against a hostile maker', () => {
  const { db, fundedMaker } = p2pMarketServer();
  const seller = () => fundedMaker(300);

  async function setEnabled(code: string, isEnabled: boolean): Promise<void> {
    await db().update(assets).set({ isEnabled }).where(eq(assets.code, code));
  }

  it('holds an offer once when it is turned online many times at once, and releases it once', async () => {
    const maker = await seller();
    const { id } = ok(await maker.send('POST', '/p2p/offers', sellOfferBody([maker.methodId])), offer);

    const online = await Promise.all(
      Array.from({ length: 6 }, () => maker.send('PUT', `/p2p/offers/${id}/active`, { active: true })),
    );
    expect(online.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // 100 USDT and its 1 % fee.
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(199), held: usdt(101) });

    await Promise.all(
      Array.from({ length: 6 }, () => maker.send('PUT', `/p2p/offers/${id}/active`, { active: false })),
    );
    expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(300), held: 0n });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('leaves no hold behind when online, offline, volume edits and a delete of one offer cross', async () => {
    const maker = await seller();
    const { id } = ok(await maker.send('POST', '/p2p/offers', sellOfferBody([maker.methodId])), offer);
    const url = `/p2p/offers/${id}`;

    await Promise.all([
      maker.send('PUT', `${url}/active`, { active: true }),
      maker.send('PUT', `${url}/volume`, { volume: usdt(150).toString() }),
      maker.send('PUT', `${url}/active`, { active: false }),
      maker.send('PUT', `${url}/volume`, { volume: usdt(50).toString() }),
      maker.send('PUT', `${url}/active`, { active: true }),
      maker.send('DELETE', url),
      maker.send('PUT', `${url}/active`, { active: false }),
      maker.send('DELETE', url),
    ]);

    const rows = await db().select().from(p2pOffers).where(eq(p2pOffers.userId, maker.userId));
    const held = rows.reduce((sum, row) => sum + BigInt(row.reserved), 0n);
    expect((await userBalance(db(), maker.userId, 'USDT')).held).toBe(held);
    expect((await userBalance(db(), maker.userId, 'USDT')).available + held).toBe(usdt(300));
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('does not list offers of a fiat the market stopped trading, nor let one go online', async () => {
    const maker = await seller();
    const looker = await seller();
    const listed = ok(await maker.send('POST', '/p2p/offers', sellOfferBody([maker.methodId])), offer);
    const waiting = ok(await maker.send('POST', '/p2p/offers', buyOfferBody()), offer);
    ok(await maker.send('PUT', `/p2p/offers/${listed.id}/active`, { active: true }), resultAnswer);
    const list = '/p2p/offers?type=sell&asset=USDT&fiat=RUB';
    expect(ok(await looker.send('GET', list), offerList).offers.map((shown) => shown.id)).toContain(listed.id);

    await setEnabled('RUB', false);
    try {
      expect(ok(await looker.send('GET', list), offerList).offers).toEqual([]);
      expect(
        (await looker.send('GET', '/p2p/offers/prices-by-payment-method?type=sell&asset=USDT&fiat=RUB')).json(),
      ).toEqual({ items: [] });
      const refused = await maker.send('PUT', `/p2p/offers/${waiting.id}/active`, { active: true });
      expect(expectError(refused, 422, 'invalid_offer')).toEqual({ field: 'fiat' });
      // The maker can still take the listed one offline, which frees what it held.
      ok(await maker.send('PUT', `/p2p/offers/${listed.id}/active`, { active: false }), resultAnswer);
      expect(await userBalance(db(), maker.userId, 'USDT')).toEqual({ available: usdt(300), held: 0n });
    } finally {
      await setEnabled('RUB', true);
    }
  });

  it('does not let a buy offer of a disabled asset go online', async () => {
    const maker = await seller();
    const { id } = ok(await maker.send('POST', '/p2p/offers', buyOfferBody()), offer);

    await setEnabled('USDT', false);
    try {
      const refused = await maker.send('PUT', `/p2p/offers/${id}/active`, { active: true });
      expect(expectError(refused, 422, 'invalid_offer')).toEqual({ field: 'asset' });
    } finally {
      await setEnabled('USDT', true);
    }
    const [row] = await db().select().from(p2pOffers).where(eq(p2pOffers.id, id));
    expect(row?.status).toBe('inactive');
  });

  it('refuses a volume the ledger cannot hold with 422 when the asset sets no market maximum', async () => {
    const maker = await seller();
    const [usdtRow] = await db().select({ marketMax: assets.marketMax }).from(assets).where(eq(assets.code, 'USDT'));
    await db().update(assets).set({ marketMax: '0' }).where(eq(assets.code, 'USDT'));
    try {
      const huge = await maker.send('POST', '/p2p/offers', buyOfferBody({ volume: '9'.repeat(90) }));
      expect(expectError(huge, 422, 'invalid_offer')).toEqual({ field: 'volume' });
      const edge = await maker.send('POST', '/p2p/offers', buyOfferBody({ volume: `1${'0'.repeat(76)}` }));
      expect(expectError(edge, 422, 'invalid_offer')).toEqual({ field: 'volume' });
      const largest = await maker.send('POST', '/p2p/offers', buyOfferBody({ volume: '9'.repeat(76) }));
      expect(ok(largest, offer).volume).toBe('9'.repeat(76));
    } finally {
      await db()
        .update(assets)
        .set({ marketMax: usdtRow?.marketMax ?? '0' })
        .where(eq(assets.code, 'USDT'));
    }
  });
});
