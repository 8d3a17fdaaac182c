import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { sessionTokenHeader } from '../../src/contract/auth';
import { ownMarketProfile, publicMarketProfile, review, reviewStats } from '../../src/contract/p2p-profile';
import { p2pProfiles, p2pReviews, p2pTradeDays, p2pUsernameChanges } from '../../src/server/db/schema/p2p-profile';
import { userSettings } from '../../src/server/db/schema/users';
import { createSession } from '../../src/server/modules/auth/sessions';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { upsertUser } from '../../src/server/modules/users/service';
import { type Call, caller, expectError, ok, resultAnswer } from './helpers/security';
import { initData, miniAppFields, newTelegramId, unixSeconds } from './helpers/telegram';
import { createTestServer, type TestServer } from './helpers/test-server';
import { passBasic } from './helpers/verification';

const existsAnswer = z.object({ exists: z.boolean() });
const reviewPage = z.object({ items: z.array(review), nextCursor: z.nullable(z.string()) });

interface MarketUser {
  readonly userId: number;
  readonly send: Call;
}

describe('market profiles', () => {
  let server: TestServer;
  const clock = { now: new Date('2026-11-24T12:00:30Z') };

  beforeAll(async () => {
    server = await createTestServer({
      now: clock.now,
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
    });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  function setClock(iso: string): void {
    clock.now = new Date(iso);
    server.setNow(clock.now);
  }

  /** A signed-in user who has not opened the market yet. */
  async function signedIn(firstName = 'Anna', lastName: string | null = 'Petrova', telegramId = newTelegramId()) {
    await upsertUser(
      db(),
      { id: telegramId, firstName, lastName, username: `tg_${telegramId}`, photoUrl: 'https://t.me/i/userpic/a.jpg' },
      clock.now,
    );
    const { token } = await createSession(db(), telegramId, { now: clock.now });
    return { userId: telegramId, send: caller(server, token), token };
  }

  /** The same user signed in again now (sessions expire when the clock jumps months). */
  async function signedInAgain(user: MarketUser): Promise<MarketUser> {
    const { token } = await createSession(db(), user.userId, { now: clock.now });
    return { userId: user.userId, send: caller(server, token) };
  }

  async function ownProfile(user: MarketUser) {
    return ok(await user.send('GET', '/p2p/profile'), ownMarketProfile);
  }

  /** Trading as the next issue's orders will record it, on one day. */
  async function traded(userId: number, completedOrders: number, cancelledOrders: number, day = '2026-11-20') {
    await db().insert(p2pTradeDays).values({ userId, day, completedOrders, cancelledOrders, volumeUsdCents: 0n });
  }

  async function storedUsername(userId: number): Promise<string | undefined> {
    const [row] = await db().select().from(p2pProfiles).where(eq(p2pProfiles.userId, userId));
    return row?.username;
  }

  async function changesOf(userId: number) {
    return db().select().from(p2pUsernameChanges).where(eq(p2pUsernameChanges.userId, userId));
  }

  describe('the own profile', () => {
    it('is created on the first call with a generated username and empty stats', async () => {
      setClock('2026-11-24T12:00:30Z');
      const anna = await signedIn('Anna', 'Petrova', 300_000_004);

      const profile = await ownProfile(anna);

      expect(profile.user.username).toMatch(/^[A-Za-z][A-Za-z0-9_]{4,14}$/);
      expect(profile).toEqual({
        user: {
          id: profile.user.id,
          username: profile.user.username,
          name: 'Anna Petrova',
          // 300000004 = 7 × 42857143 + 3
          user_color_index: 3,
          orders: 0,
          orders_percent: 0,
          volume: '0.00',
          is_verified_merchant: false,
        },
        stats: {
          all_time: { completed_orders: 0, completion_percent: 0 },
          last_30_days: { completed_orders: 0, completion_percent: 0 },
          volume_usd: '0.00',
          positive_reviews: 0,
          negative_reviews: 0,
          account_age_days: 0,
        },
        is_online: true,
        last_seen_at: '2026-11-24T12:00:00.000Z',
        registered_at: '2026-11-24T12:00:30.000Z',
        account_info: { can_edit_remark: false },
        is_premium: false,
        username_changes_left: 2,
        quiet_hours: null,
        is_quiet_now: false,
      });
      expect(profile.user.id).not.toBe(300_000_004);
    });

    it('keeps its public id and username on later calls', async () => {
      const boris = await signedIn('Boris', null);

      const first = await ownProfile(boris);
      const second = await ownProfile(boris);

      expect(second.user).toEqual(first.user);
      expect(second.user.name).toBe('Boris');
    });

    it('is created once when the first calls come at the same time', async () => {
      const eager = await signedIn('Eager');

      const answers = await Promise.all([ownProfile(eager), ownProfile(eager), ownProfile(eager)]);

      expect(new Set(answers.map((answer) => `${answer.user.id} ${answer.user.username}`)).size).toBe(1);
      expect(await db().select().from(p2pProfiles).where(eq(p2pProfiles.userId, eager.userId))).toHaveLength(1);
    });

    it('says Premium when the last mini app sign-in said so', async () => {
      const id = newTelegramId();
      /** Signs in through the mini app and answers is_premium of the own profile. */
      const premiumAfterSignIn = async (user: Record<string, string | number | boolean>) => {
        const raw = initData(miniAppFields({ id, first_name: 'Gleb', ...user }, unixSeconds(clock.now)));
        const signIn = await server.app.inject({
          method: 'POST',
          url: '/api/v1/authentication/webapp',
          payload: { initData: raw },
        });
        const token = signIn.headers[sessionTokenHeader];
        if (typeof token !== 'string') throw new Error('No session token');
        return ok(await caller(server, token)('GET', '/p2p/profile'), ownMarketProfile).is_premium;
      };

      expect(await premiumAfterSignIn({ is_premium: true })).toBe(true);
      // Telegram leaves the field out for users without Premium.
      expect(await premiumAfterSignIn({})).toBe(false);
    });

    it('lets a user with the basic verification level write offer conditions, until they are blocked', async () => {
      const vera = await signedIn('Vera');
      await passBasic(vera.send, vera.userId, clock.now);

      expect((await ownProfile(vera)).account_info).toEqual({ can_edit_remark: true });

      await db().update(userSettings).set({ complianceLock: true }).where(eq(userSettings.userId, vera.userId));
      expect((await ownProfile(vera)).account_info).toEqual({ can_edit_remark: false });
    });

    it('is refused with 403 feature_disabled when the market is switched off for the user', async () => {
      const dina = await signedIn('Dina');
      await db()
        .update(userSettings)
        .set({ featureFlags: { show_p2p: false } })
        .where(eq(userSettings.userId, dina.userId));

      expectError(await dina.send('GET', '/p2p/profile'), 403, 'feature_disabled');
      expect(await storedUsername(dina.userId)).toBeUndefined();
    });

    it('answers 401 without a session', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/p2p/profile' });

      expectError(response, 401, 'unauthorized');
    });
  });

  describe("another user's profile", () => {
    it('shows the public fields only: no Telegram id, Telegram username, photo or Premium', async () => {
      const anna = await signedIn('Anna', 'Petrova', 300_000_011);
      const viewer = await signedIn('Viewer');
      const annasId = (await ownProfile(anna)).user.id;

      const response = await viewer.send('GET', `/p2p/profile/${annasId}`);

      const profile = ok(response, publicMarketProfile);
      expect(Object.keys(response.json()).sort()).toEqual([
        'is_online',
        'last_seen_at',
        'registered_at',
        'stats',
        'user',
      ]);
      expect(Object.keys(response.json().user).sort()).toEqual([
        'id',
        'is_verified_merchant',
        'name',
        'orders',
        'orders_percent',
        'user_color_index',
        'username',
        'volume',
      ]);
      expect(profile.user.name).toBe('Anna Petrova');
      expect(response.body).not.toContain('300000011');
      expect(response.body).not.toContain('tg_300000011');
      expect(response.body).not.toContain('userpic');
    });

    it('shows 30-day orders and completion, all-time stats and volume', async () => {
      const trader = await signedIn('Trader');
      const viewer = await signedIn('Viewer');
      const traderId = (await ownProfile(trader)).user.id;
      await db()
        .insert(p2pTradeDays)
        .values([
          {
            userId: trader.userId,
            day: '2026-11-24',
            completedOrders: 9,
            cancelledOrders: 1,
            volumeUsdCents: 125_050n,
          },
          { userId: trader.userId, day: '2026-09-01', completedOrders: 1, cancelledOrders: 1, volumeUsdCents: 1_000n },
        ]);

      const profile = ok(await viewer.send('GET', `/p2p/profile/${traderId}`), publicMarketProfile);

      expect(profile.user).toMatchObject({ orders: 9, orders_percent: 90, volume: '1260.50' });
      expect(profile.stats).toMatchObject({
        all_time: { completed_orders: 10, completion_percent: 83 },
        last_30_days: { completed_orders: 9, completion_percent: 90 },
        volume_usd: '1260.50',
      });
    });

    it('answers 404 profile_not_found for an unknown id and 400 for an id that is not a number', async () => {
      const viewer = await signedIn('Viewer');

      expectError(await viewer.send('GET', '/p2p/profile/2147483000'), 404, 'profile_not_found');
      expectError(await viewer.send('GET', '/p2p/profile/2147483000/reviews'), 404, 'profile_not_found');
      expectError(await viewer.send('GET', '/p2p/profile/2147483000/reviews/stats'), 404, 'profile_not_found');
      expectError(await viewer.send('GET', '/p2p/profile/abc'), 400, 'validation_failed');
    });
  });

  describe('presence', () => {
    it('is online within five minutes of the last request, then shows when it was, to the minute', async () => {
      setClock('2026-11-24T13:00:10Z');
      const seen = await signedIn('Seen');
      const viewer = await signedIn('Viewer');
      const seenId = (await ownProfile(seen)).user.id;
      const viewOf = async () => ok(await viewer.send('GET', `/p2p/profile/${seenId}`), publicMarketProfile);

      setClock('2026-11-24T13:05:10Z');
      expect(await viewOf()).toMatchObject({ is_online: true, last_seen_at: '2026-11-24T13:00:00.000Z' });

      setClock('2026-11-24T13:05:11Z');
      expect(await viewOf()).toMatchObject({ is_online: false, last_seen_at: '2026-11-24T13:00:00.000Z' });

      // Any signed-in request counts, not only market calls.
      await seen.send('GET', '/user/settings');
      expect(await viewOf()).toMatchObject({ is_online: true, last_seen_at: '2026-11-24T13:05:00.000Z' });
    });

    it('is written at most once a minute', async () => {
      setClock('2026-11-24T14:00:00Z');
      const busy = await signedIn('Busy');
      await ownProfile(busy);
      const lastSeen = async () =>
        (await db().select().from(p2pProfiles).where(eq(p2pProfiles.userId, busy.userId)))[0]?.lastSeenAt;

      setClock('2026-11-24T14:00:59Z');
      await busy.send('GET', '/user/settings');
      expect(await lastSeen()).toEqual(new Date('2026-11-24T14:00:00Z'));

      setClock('2026-11-24T14:01:00Z');
      await busy.send('GET', '/user/settings');
      expect(await lastSeen()).toEqual(new Date('2026-11-24T14:01:00Z'));
    });
  });

  describe('changing the username', () => {
    async function eligible(name = 'Eligible'): Promise<MarketUser> {
      const user = await signedIn(name);
      await ownProfile(user);
      await traded(user.userId, 12, 3);
      return user;
    }

    it('changes it for a user with more than 10 orders, at least 80% completed', async () => {
      setClock('2026-11-24T15:00:00Z');
      const user = await eligible();

      ok(await user.send('PATCH', '/p2p/profile', { username: 'Satoshi_1' }), resultAnswer);

      const profile = await ownProfile(user);
      expect(profile.user.username).toBe('Satoshi_1');
      expect(profile.username_changes_left).toBe(1);
    });

    it('refuses 10 orders, and 11 orders with 78% completed, with 403 NOT_ENOUGH_ORDERS', async () => {
      const ten = await signedIn('Ten');
      const before = (await ownProfile(ten)).user.username;
      await traded(ten.userId, 10, 0);
      const lowRate = await signedIn('LowRate');
      await ownProfile(lowRate);
      // 11 of 14 = 78.6 %
      await traded(lowRate.userId, 11, 3);

      expectError(await ten.send('PATCH', '/p2p/profile', { username: 'TenOrders' }), 403, 'NOT_ENOUGH_ORDERS');
      expectError(await lowRate.send('PATCH', '/p2p/profile', { username: 'LowRate' }), 403, 'NOT_ENOUGH_ORDERS');
      expect(await storedUsername(ten.userId)).toBe(before);
      expect(await changesOf(ten.userId)).toEqual([]);
    });

    it('answers true and changes nothing for the current username', async () => {
      const user = await signedIn('Same');
      const current = (await ownProfile(user)).user.username;

      ok(await user.send('PATCH', '/p2p/profile', { username: current }), resultAnswer);

      expect(await changesOf(user.userId)).toEqual([]);
      expect((await ownProfile(user)).username_changes_left).toBe(2);
    });

    it("refuses another user's username in any case with 409 USERNAME_TAKEN", async () => {
      const holder = await eligible('Holder');
      ok(await holder.send('PATCH', '/p2p/profile', { username: 'MoonTrader' }), resultAnswer);
      const user = await eligible();
      const before = await storedUsername(user.userId);

      expectError(await user.send('PATCH', '/p2p/profile', { username: 'moontrader' }), 409, 'USERNAME_TAKEN');

      expect(await storedUsername(user.userId)).toBe(before);
    });

    it('allows two changes a year: the third is 409 CANNOT_CHANGE_NOW until a year has passed', async () => {
      setClock('2026-11-24T16:00:00Z');
      const user = await eligible();
      ok(await user.send('PATCH', '/p2p/profile', { username: 'FirstName1' }), resultAnswer);
      setClock('2027-03-01T10:00:00Z');
      const inMarch = await signedInAgain(user);
      ok(await inMarch.send('PATCH', '/p2p/profile', { username: 'SecondName2' }), resultAnswer);
      expect((await ownProfile(inMarch)).username_changes_left).toBe(0);

      expectError(await inMarch.send('PATCH', '/p2p/profile', { username: 'ThirdName3' }), 409, 'CANNOT_CHANGE_NOW');
      expect(await storedUsername(user.userId)).toBe('SecondName2');

      // 365 days after the first change it no longer counts.
      setClock('2027-11-24T16:00:01Z');
      const nextYear = await signedInAgain(user);
      ok(await nextYear.send('PATCH', '/p2p/profile', { username: 'ThirdName3' }), resultAnswer);
      expect(await storedUsername(user.userId)).toBe('ThirdName3');
    });

    it('lets only one of several changes at once be the last one of the year', async () => {
      const user = await eligible();
      ok(await user.send('PATCH', '/p2p/profile', { username: 'OnlyOneLeft' }), resultAnswer);

      const answers = await Promise.all(
        ['Attempt_A', 'Attempt_B', 'Attempt_C', 'Attempt_D'].map((username) =>
          user.send('PATCH', '/p2p/profile', { username }),
        ),
      );

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json()).toMatchObject({ code: 'CANNOT_CHANGE_NOW' });
      }
      expect(await changesOf(user.userId)).toHaveLength(2);
    });

    it('lets one of two users claiming the same name at once have it; the other gets USERNAME_TAKEN', async () => {
      const first = await eligible('First');
      const second = await eligible('Second');

      const answers = await Promise.all([
        first.send('PATCH', '/p2p/profile', { username: 'RaceWinner' }),
        second.send('PATCH', '/p2p/profile', { username: 'racewinner' }),
      ]);

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      expect(loser?.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
      const holders = await db().select().from(p2pProfiles);
      expect(holders.filter((row) => row.username.toLowerCase() === 'racewinner')).toHaveLength(1);
    });

    it('refuses a username breaking the format with 400, changing nothing', async () => {
      const user = await eligible();
      const before = await storedUsername(user.userId);

      for (const username of ['Abcd', 'A234567890123456', '1abcde', '_abcde', 'abc-de', 'абвгде', 'abc de']) {
        expectError(await user.send('PATCH', '/p2p/profile', { username }), 400, 'validation_failed');
      }
      expectError(
        await user.send('PATCH', '/p2p/profile', { username: 'Fine_Name', photo: 'x' }),
        400,
        'validation_failed',
      );
      expectError(await user.send('PATCH', '/p2p/profile', {}), 400, 'validation_failed');

      expect(await storedUsername(user.userId)).toBe(before);
      expect(await changesOf(user.userId)).toEqual([]);
    });

    it('refuses a name passing its holder off as staff with 422 WRONG_USERNAME, in any case', async () => {
      const user = await eligible();
      const before = await storedUsername(user.userId);

      for (const username of ['KopilkaHelp', 'the_ADMIN', 'SupportDesk']) {
        expectError(await user.send('PATCH', '/p2p/profile', { username }), 422, 'WRONG_USERNAME');
      }

      expect(await storedUsername(user.userId)).toBe(before);
    });

    it('is refused with 403 blocked for a blocked user', async () => {
      const user = await eligible();
      const before = await storedUsername(user.userId);
      await db().update(userSettings).set({ complianceBan: true }).where(eq(userSettings.userId, user.userId));

      expectError(await user.send('PATCH', '/p2p/profile', { username: 'Blocked_1' }), 403, 'blocked');
      expect(await storedUsername(user.userId)).toBe(before);
    });
  });

  describe('checking a username', () => {
    it("says a name is taken regardless of case, free otherwise, and not taken when it is the user's own", async () => {
      const holder = await signedIn('Holder');
      const holderName = (await ownProfile(holder)).user.username;
      const user = await signedIn('Checker');
      const own = (await ownProfile(user)).user.username;

      const check = async (username: string) =>
        ok(await user.send('POST', '/p2p/profile/check-username', { username }), existsAnswer);

      expect(await check(holderName.toUpperCase())).toEqual({ exists: true });
      expect(await check('NobodyHasIt')).toEqual({ exists: false });
      expect(await check('Official_Desk')).toEqual({ exists: true });
      expect(await check(own.toLowerCase())).toEqual({ exists: false });
    });

    it('is limited to 30 checks in 10 minutes per account: the 31st is 429 rate_limited', async () => {
      setClock('2026-11-25T09:00:00Z');
      const user = await signedIn('Scraper');
      for (let index = 0; index < 30; index += 1) {
        ok(await user.send('POST', '/p2p/profile/check-username', { username: `Guess${index}x` }), existsAnswer);
      }

      expectError(
        await user.send('POST', '/p2p/profile/check-username', { username: 'Guess30x' }),
        429,
        'rate_limited',
      );
    });
  });

  describe('reviews', () => {
    let lastOrderId = 0;
    /** Reviews of distinct orders: one per side per order. */
    const nextOrderId = () => ++lastOrderId;

    async function reviewed() {
      setClock('2026-11-26T10:00:00Z');
      const subject = await signedIn('Subject');
      const author = await signedIn('Author', null, 300_000_005);
      const viewer = await signedIn('Viewer');
      const subjectId = (await ownProfile(subject)).user.id;
      const authorProfile = await ownProfile(author);
      await db()
        .insert(p2pReviews)
        .values([
          {
            subjectUserId: subject.userId,
            authorUserId: author.userId,
            orderId: nextOrderId(),
            type: 'positive',
            comment: 'Fast',
            createdAt: new Date('2026-11-01T10:00:00Z'),
          },
          {
            subjectUserId: subject.userId,
            authorUserId: author.userId,
            orderId: nextOrderId(),
            type: 'negative',
            comment: null,
            createdAt: new Date('2026-11-02T10:00:00Z'),
          },
          {
            subjectUserId: subject.userId,
            authorUserId: author.userId,
            orderId: nextOrderId(),
            type: 'positive',
            comment: 'Again fast',
            createdAt: new Date('2026-11-03T10:00:00Z'),
          },
          // Someone else's review is not theirs.
          {
            subjectUserId: author.userId,
            authorUserId: subject.userId,
            orderId: nextOrderId(),
            type: 'negative',
            comment: null,
            createdAt: new Date('2026-11-03T10:00:00Z'),
          },
        ]);
      return { subjectId, author: authorProfile.user, viewer };
    }

    it('counts positive and negative reviews in the stats and on the profile', async () => {
      const { subjectId, viewer } = await reviewed();

      expect(ok(await viewer.send('GET', `/p2p/profile/${subjectId}/reviews/stats`), reviewStats)).toEqual({
        positive: 2,
        negative: 1,
        total: 3,
      });
      const profile = ok(await viewer.send('GET', `/p2p/profile/${subjectId}`), publicMarketProfile);
      expect(profile.stats).toMatchObject({ positive_reviews: 2, negative_reviews: 1 });
    });

    it('lists them newest first, a page at a time, with the author by public id', async () => {
      const { subjectId, author, viewer } = await reviewed();

      const first = ok(await viewer.send('GET', `/p2p/profile/${subjectId}/reviews?count=2`), reviewPage);
      expect(first.items.map((item) => [item.type, item.comment, item.created_at])).toEqual([
        ['positive', 'Again fast', '2026-11-03T10:00:00.000Z'],
        ['negative', null, '2026-11-02T10:00:00.000Z'],
      ]);
      // 300000005 = 7 × 42857143 + 4
      expect(first.items[0]?.author).toEqual({ id: author.id, username: author.username, user_color_index: 4 });
      expect(first.nextCursor).not.toBeNull();

      const second = ok(
        await viewer.send('GET', `/p2p/profile/${subjectId}/reviews?count=2&cursor=${first.nextCursor}`),
        reviewPage,
      );
      expect(second.items.map((item) => item.comment)).toEqual(['Fast']);
      expect(second.nextCursor).toBeNull();
    });

    it('filters by type', async () => {
      const { subjectId, viewer } = await reviewed();

      const negative = ok(await viewer.send('GET', `/p2p/profile/${subjectId}/reviews?type=negative`), reviewPage);

      expect(negative.items.map((item) => item.created_at)).toEqual(['2026-11-02T10:00:00.000Z']);
      expect(negative.nextCursor).toBeNull();
    });

    it('answers an empty list for a user nobody reviewed, and 400 for a made-up cursor or type', async () => {
      const fresh = await signedIn('Fresh');
      const freshId = (await ownProfile(fresh)).user.id;

      expect(ok(await fresh.send('GET', `/p2p/profile/${freshId}/reviews`), reviewPage)).toEqual({
        items: [],
        nextCursor: null,
      });
      expectError(await fresh.send('GET', `/p2p/profile/${freshId}/reviews?cursor=abc`), 400, 'validation_failed');
      expectError(await fresh.send('GET', `/p2p/profile/${freshId}/reviews?type=neutral`), 400, 'validation_failed');
      expectError(await fresh.send('GET', `/p2p/profile/${freshId}/reviews?count=0`), 400, 'validation_failed');
    });
  });
});
