import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2pProfiles, p2pTradeDays } from '../../src/server/db/schema/p2p-profile';
import { offerUsersOf, profileFacts } from '../../src/server/modules/p2p-profile/summaries';
import { recordTradeOutcome } from '../../src/server/modules/p2p-profile/trade-days';
import { generateUsername, isReservedUsername } from '../../src/server/modules/p2p-profile/usernames';
import { upsertUser } from '../../src/server/modules/users/service';
import { createTestServer, type TestServer } from './helpers/test-server';

const marketUsernameFormat = /^[A-Za-z][A-Za-z0-9_]{4,14}$/;

describe('market user summaries', () => {
  let server: TestServer;
  const now = new Date('2026-11-24T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({ now });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  it('shows a maker by public id, generated username, full name and colour index, never the Telegram id', async () => {
    await upsertUser(db(), { id: 700_000_003, firstName: 'Anna', lastName: 'Petrova' }, now);

    const user = (await offerUsersOf(db(), [700_000_003], now)).get(700_000_003);

    expect(user).toMatchObject({
      name: 'Anna Petrova',
      // 700000003 = 7 × 100000000 + 3
      user_color_index: 3,
      orders: 0,
      orders_percent: 0,
      volume: '0.00',
      is_verified_merchant: false,
    });
    expect(user?.id).not.toBe(700_000_003);
    expect(user?.username).toMatch(marketUsernameFormat);
  });

  it('keeps the same public id and username on every later read', async () => {
    await upsertUser(db(), { id: 700_000_010, firstName: 'Boris' }, now);

    const first = (await offerUsersOf(db(), [700_000_010], now)).get(700_000_010);
    const second = (await offerUsersOf(db(), [700_000_010], now)).get(700_000_010);

    expect(second).toEqual(first);
    expect(second?.name).toBe('Boris');
  });

  it('counts 30-day orders and completion, and all-time volume, from the trade days', async () => {
    await upsertUser(db(), { id: 700_000_020, firstName: 'Vera' }, now);
    await db()
      .insert(p2pTradeDays)
      .values([
        // Today and 29 days ago are inside the 30 days; 30 days ago is not.
        { userId: 700_000_020, day: '2026-11-24', completedOrders: 3, cancelledOrders: 1, volumeUsdCents: 10_050n },
        { userId: 700_000_020, day: '2026-10-26', completedOrders: 4, cancelledOrders: 0, volumeUsdCents: 20_000n },
        { userId: 700_000_020, day: '2026-10-25', completedOrders: 5, cancelledOrders: 2, volumeUsdCents: 7n },
      ]);

    const user = (await offerUsersOf(db(), [700_000_020], now)).get(700_000_020);
    const facts = await profileFacts(db(), 700_000_020, now);

    // 7 completed of 8 in 30 days: 87.5 % rounds down to 87.
    expect(user).toMatchObject({ orders: 7, orders_percent: 87, volume: '300.57' });
    expect(facts).toEqual({
      isPremium: false,
      accountAgeDays: 0,
      // 12 completed of 15 all time: 80 %.
      allTime: { completedOrders: 12, completionPercent: 80 },
      last30Days: { completedOrders: 7, completionPercent: 87 },
      volumeUsdCents: 30_057n,
    });
  });

  it('reads Premium and account age from the user: whole days since the first sign-in', async () => {
    await upsertUser(db(), { id: 700_000_030, firstName: 'Gleb', isPremium: true }, new Date('2026-11-01T13:00:00Z'));
    // A later sign-in (the web one says nothing of Premium) keeps both.
    await upsertUser(db(), { id: 700_000_030, firstName: 'Gleb' }, new Date('2026-11-20T10:00:00Z'));

    const facts = await profileFacts(db(), 700_000_030, now);

    expect(facts).toMatchObject({ isPremium: true, accountAgeDays: 22 });
  });

  it('adds each recorded order end to the day it happened on', async () => {
    await upsertUser(db(), { id: 700_000_040, firstName: 'Dmitry' }, now);
    const completed = (volumeUsdCents: bigint) => ({ kind: 'completed', volumeUsdCents }) as const;

    await recordTradeOutcome(db(), 700_000_040, completed(1_999n), new Date('2026-11-24T00:10:00Z'));
    await recordTradeOutcome(db(), 700_000_040, completed(1n), new Date('2026-11-24T23:50:00Z'));
    await recordTradeOutcome(db(), 700_000_040, { kind: 'cancelled_by_user' }, new Date('2026-11-24T11:00:00Z'));
    await recordTradeOutcome(db(), 700_000_040, completed(500n), new Date('2026-09-01T11:00:00Z'));

    expect(await profileFacts(db(), 700_000_040, now)).toMatchObject({
      allTime: { completedOrders: 3, completionPercent: 75 },
      // 2 completed of 3 in 30 days: 66.7 % rounds down to 66.
      last30Days: { completedOrders: 2, completionPercent: 66 },
      volumeUsdCents: 2_500n,
    });
  });

  it('answers no facts and no offer user for an unknown user', async () => {
    expect(await profileFacts(db(), 700_000_999, now)).toBeNull();
    expect((await offerUsersOf(db(), [700_000_999], now)).size).toBe(0);
  });

  it('gives many users at once distinct public ids and usernames, distinct regardless of case', async () => {
    const ids = Array.from({ length: 60 }, (_, index) => 700_001_000 + index);
    for (const id of ids) await upsertUser(db(), { id, firstName: 'Many' }, now);

    const answer = await offerUsersOf(db(), ids, now);

    const profiles = await db().select().from(p2pProfiles);
    expect(answer.size).toBe(60);
    expect(new Set(profiles.map((profile) => profile.publicId)).size).toBe(profiles.length);
    expect(new Set(profiles.map((profile) => profile.username.toLowerCase())).size).toBe(profiles.length);
  });
});

describe('generated usernames', () => {
  it('always have a letter first and 5 to 15 letters or digits, and never a reserved part', () => {
    for (let index = 0; index < 2000; index += 1) {
      const username = generateUsername();
      expect(username).toMatch(marketUsernameFormat);
      expect(isReservedUsername(username)).toBe(false);
    }
  });
});
