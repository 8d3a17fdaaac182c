import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offer } from '../../src/contract/p2p-offers';
import { ownMarketProfile } from '../../src/contract/p2p-profile';
import { userSettings } from '../../src/server/db/schema/users';
import { isInQuietHours } from '../../src/server/modules/p2p-profile/quiet-hours';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { creditUser } from './helpers/ledger';
import {
  offerList,
  passportVerified,
  savedMethodId,
  sellOfferBody,
  settablePriceFeed,
  usdt,
} from './helpers/p2p-offers';
import { type Call, caller, expectError, ok, resultAnswer } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('quiet hours', () => {
  let server: TestServer;
  const prices = settablePriceFeed({ 'USDT/RUB': '81' });

  beforeAll(async () => {
    server = await createTestServer({
      now: new Date('2026-11-24T12:00:00Z'),
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
    });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const at = (iso: string) => server.setNow(new Date(iso));

  async function person(timezone: string | null): Promise<{ userId: number; send: Call }> {
    const { userId, token } = await signInTestUser(server.database, { now: new Date('2026-11-24T12:00:00Z') });
    await db().update(userSettings).set({ timezone }).where(eq(userSettings.userId, userId));
    return { userId, send: caller(server, token) };
  }

  async function ownProfile(send: Call) {
    return ok(await send('GET', '/p2p/profile'), ownMarketProfile);
  }

  it('keeps a window across midnight in the user’s time zone and says when it is running', async () => {
    at('2026-11-24T12:00:00Z');
    const anna = await person('Europe/Moscow');

    ok(await anna.send('PATCH', '/p2p/profile', { quiet_hours: { from: '23:00', to: '07:00' } }), resultAnswer);

    // 21:30 UTC is 00:30 in Moscow (UTC+3): inside.
    at('2026-11-24T21:30:00Z');
    const night = await ownProfile(anna.send);
    expect(night.quiet_hours).toEqual({ from: '23:00', to: '07:00' });
    expect(night.is_quiet_now).toBe(true);
    // 03:59 UTC is 06:59 in Moscow: still inside; 04:00 UTC is 07:00: the window has ended.
    at('2026-11-25T03:59:00Z');
    expect((await ownProfile(anna.send)).is_quiet_now).toBe(true);
    at('2026-11-25T04:00:00Z');
    expect((await ownProfile(anna.send)).is_quiet_now).toBe(false);
    // 19:59 UTC is 22:59 in Moscow: not yet; 20:00 UTC is 23:00: it starts.
    at('2026-11-25T19:59:00Z');
    expect(await isInQuietHours(db(), anna.userId, new Date('2026-11-25T19:59:00Z'))).toBe(false);
    expect(await isInQuietHours(db(), anna.userId, new Date('2026-11-25T20:00:00Z'))).toBe(true);
  });

  it('reads a window within one day, and UTC while the app has not sent a time zone', async () => {
    at('2026-11-24T12:00:00Z');
    const boris = await person(null);

    ok(await boris.send('PATCH', '/p2p/profile', { quiet_hours: { from: '13:30', to: '18:00' } }), resultAnswer);

    expect(await isInQuietHours(db(), boris.userId, new Date('2026-11-24T13:29:00Z'))).toBe(false);
    expect(await isInQuietHours(db(), boris.userId, new Date('2026-11-24T13:30:00Z'))).toBe(true);
    expect(await isInQuietHours(db(), boris.userId, new Date('2026-11-24T17:59:00Z'))).toBe(true);
    expect(await isInQuietHours(db(), boris.userId, new Date('2026-11-24T18:00:00Z'))).toBe(false);
  });

  it('refuses a window that starts when it ends with 422 WRONG_SLEEP and keeps the old one', async () => {
    at('2026-11-24T12:00:00Z');
    const vera = await person('Asia/Tokyo');
    ok(await vera.send('PATCH', '/p2p/profile', { quiet_hours: { from: '01:00', to: '06:00' } }), resultAnswer);

    expectError(
      await vera.send('PATCH', '/p2p/profile', { quiet_hours: { from: '08:15', to: '08:15' } }),
      422,
      'WRONG_SLEEP',
    );
    expectError(
      await vera.send('PATCH', '/p2p/profile', { quiet_hours: { from: '24:00', to: '06:00' } }),
      400,
      'validation_failed',
    );

    expect((await ownProfile(vera.send)).quiet_hours).toEqual({ from: '01:00', to: '06:00' });
  });

  it('switches the window off with null', async () => {
    at('2026-11-24T12:00:00Z');
    const gleb = await person('UTC');
    ok(await gleb.send('PATCH', '/p2p/profile', { quiet_hours: { from: '10:00', to: '14:00' } }), resultAnswer);
    expect((await ownProfile(gleb.send)).is_quiet_now).toBe(true);

    ok(await gleb.send('PATCH', '/p2p/profile', { quiet_hours: null }), resultAnswer);

    const profile = await ownProfile(gleb.send);
    expect(profile.quiet_hours).toBeNull();
    expect(profile.is_quiet_now).toBe(false);
  });

  it('hides a maker’s offers from lists while their window runs; the offer still opens by its link', async () => {
    at('2026-11-24T12:00:00Z');
    const maker = await person('Europe/Moscow');
    await passportVerified(db(), maker.userId);
    await creditUser(db(), { userId: maker.userId, asset: 'USDT', amount: usdt(150) });
    const methodId = await savedMethodId(maker.send);
    const created = ok(await maker.send('POST', '/p2p/offers', sellOfferBody([methodId])), offer);
    ok(await maker.send('PUT', `/p2p/offers/${created.id}/active`, { active: true }), resultAnswer);
    ok(await maker.send('PATCH', '/p2p/profile', { quiet_hours: { from: '22:00', to: '08:00' } }), resultAnswer);
    const looker = await person('UTC');
    const listed = async () =>
      ok(await looker.send('GET', '/p2p/offers?type=sell&asset=USDT&fiat=RUB'), offerList).offers.map(
        (item) => item.id,
      );

    // 12:00 UTC is 15:00 in Moscow: listed.
    expect(await listed()).toContain(created.id);
    // 20:00 UTC is 23:00 in Moscow: hidden, but the link opens it.
    at('2026-11-24T20:00:00Z');
    expect(await listed()).not.toContain(created.id);
    expect(ok(await looker.send('GET', `/p2p/offers/${created.id}`), offer).id).toBe(created.id);
    // 05:00 UTC is 08:00 in Moscow: listed again.
    at('2026-11-25T05:00:00Z');
    expect(await listed()).toContain(created.id);
  });
});
