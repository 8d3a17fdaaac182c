import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { success } from '../../src/contract/auth';
import { userReferrals, users, userTracking } from '../../src/server/db/schema/users';
import { sessionCookieName } from '../../src/server/modules/auth/sessions';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('referrals and tracking', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const inviteHashOf = async (userId: number): Promise<string> => {
    const [row] = await server.database.db.select({ hash: users.inviteHash }).from(users).where(eq(users.id, userId));
    if (row === undefined) throw new Error(`No user ${userId}`);
    return row.hash;
  };
  const become = (token: string, inviteHash: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/referrals/become',
      headers: { authorization: `Bearer ${token}` },
      payload: { invite_hash: inviteHash },
    });
  const track = (token: string, trackingHash: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: { authorization: `Bearer ${token}` },
      payload: { tracking_hash: trackingHash },
    });
  const answer = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    body: z.parse(success, response.json()),
  });

  it('gives every user their own alphanumeric invite hash', async () => {
    const first = await signInTestUser(server.database);
    const second = await signInTestUser(server.database);

    const [a, b] = [await inviteHashOf(first.userId), await inviteHashOf(second.userId)];

    expect(a).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(b).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(a).not.toBe(b);
  });

  it('makes a user the referral of an invite hash’s owner, once: the first hash wins', async () => {
    const referrer = await signInTestUser(server.database);
    const later = await signInTestUser(server.database);
    const referral = await signInTestUser(server.database);

    expect(answer(await become(referral.token, await inviteHashOf(referrer.userId)))).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(answer(await become(referral.token, await inviteHashOf(later.userId)))).toEqual({
      status: 200,
      body: { success: false },
    });
    expect(answer(await become(referral.token, await inviteHashOf(referrer.userId)))).toEqual({
      status: 200,
      body: { success: false },
    });

    const stored = await server.database.db
      .select()
      .from(userReferrals)
      .where(eq(userReferrals.userId, referral.userId));
    expect(stored).toMatchObject([{ referrerId: referrer.userId, inviteHash: await inviteHashOf(referrer.userId) }]);
  });

  it('refuses a user’s own invite hash and stores nothing', async () => {
    const user = await signInTestUser(server.database);

    expect(answer(await become(user.token, await inviteHashOf(user.userId)))).toEqual({
      status: 200,
      body: { success: false },
    });
    expect(await server.database.db.select().from(userReferrals).where(eq(userReferrals.userId, user.userId))).toEqual(
      [],
    );
  });

  it('refuses an unknown invite hash without using up the user’s one referral', async () => {
    const referrer = await signInTestUser(server.database);
    const user = await signInTestUser(server.database);

    expect(answer(await become(user.token, 'NoSuchHash123'))).toEqual({ status: 200, body: { success: false } });
    expect(answer(await become(user.token, await inviteHashOf(referrer.userId)))).toEqual({
      status: 200,
      body: { success: true },
    });
  });

  it('stores the tracking hash once: the first one wins', async () => {
    const user = await signInTestUser(server.database);

    expect(answer(await track(user.token, 'campaign1'))).toEqual({ status: 200, body: { success: true } });
    expect(answer(await track(user.token, 'campaign2'))).toEqual({ status: 200, body: { success: false } });

    const stored = await server.database.db.select().from(userTracking).where(eq(userTracking.userId, user.userId));
    expect(stored).toMatchObject([{ trackingHash: 'campaign1' }]);
  });

  it.each([
    ['/api/v1/referrals/become', { invite_hash: 'abc' }],
    ['/api/v1/tracking', { tracking_hash: 'abc' }],
  ])('answers 401 on %s without a session', async (url, payload) => {
    const response = await server.app.inject({ method: 'POST', url, payload });

    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['/api/v1/referrals/become', { invite_hash: 'not-alphanumeric' }],
    ['/api/v1/tracking', { tracking_hash: '' }],
  ])('answers 400 on %s for a hash that is not alphanumeric', async (url, payload) => {
    const { token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });

    expect(response.statusCode).toBe(400);
  });

  it('accepts the cookie session with a JSON body, as the web wallet sends it', async () => {
    const { token } = await signInTestUser(server.database);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      cookies: { [sessionCookieName]: token },
      payload: { tracking_hash: 'web1' },
    });

    expect(answer(response)).toEqual({ status: 200, body: { success: true } });
  });
});
