import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { operatorMerchantApplication, verifiedMerchantState } from '../../src/contract/p2p-merchant';
import { ownMarketProfile } from '../../src/contract/p2p-profile';
import { p2pTradeDays } from '../../src/server/db/schema/p2p-profile';
import { verificationSteps } from '../../src/server/db/schema/verification';
import { createSession } from '../../src/server/modules/auth/sessions';
import { isVerifiedMerchant } from '../../src/server/modules/p2p-merchant/badge';
import { merchantWorkerPass, releaseDueDeposits } from '../../src/server/modules/p2p-merchant/refunds';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { upsertUser } from '../../src/server/modules/users/service';
import { creditUser, ledgerViolations, userBalance } from './helpers/ledger';
import { usdt } from './helpers/p2p-offers';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const applications = z.object({ applications: z.array(operatorMerchantApplication) });
const start = '2026-11-24T12:00:00Z';

describe('verified merchants', () => {
  let server: TestServer;
  let operator: Call;
  const operatorId = 100_900_001;

  beforeAll(async () => {
    server = await createTestServer({
      now: new Date(start),
      featureFlags: { public: p2pFeatureFlags, tester: [], testerIds: new Set() },
      operatorIds: [operatorId],
      telegram: { localMode: true },
    });
    operator = await sessionOf(operatorId);
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const at = (iso: string) => server.setNow(new Date(iso));

  async function sessionOf(userId: number): Promise<Call> {
    await upsertUser(db(), { id: userId, firstName: 'Olga', username: `op${userId}` });
    const { token } = await createSession(db(), userId, { now: new Date(start), lifetimeMs: 30 * 86_400_000 });
    return caller(server, token);
  }

  async function person() {
    const { userId, token } = await signInTestUser(server.database, {
      now: new Date(start),
      lifetimeMs: 30 * 86_400_000,
    });
    return { userId, send: caller(server, token) };
  }

  /** 60 completed orders and 2 caused cancels this month (96 %), the p2p-merchant level, and `balance` USDT. */
  async function qualified(balance: number) {
    const user = await person();
    await db()
      .insert(p2pTradeDays)
      .values({ userId: user.userId, day: '2026-11-20', completedOrders: 60, cancelledOrders: 2, volumeUsdCents: 0n });
    await db()
      .insert(verificationSteps)
      .values(
        (['PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC', 'SUMSUB_ADDRESS'] as const).map((type) => ({
          userId: user.userId,
          type,
          status: 'completed' as const,
          result: 'OK' as const,
          updatedAt: new Date(start),
        })),
      );
    await creditUser(db(), { userId: user.userId, asset: 'USDT', amount: usdt(balance) });
    return user;
  }

  const stateOf = async (send: Call) => ok(await send('GET', '/p2p/profile/verified-merchant'), verifiedMerchantState);

  it('shows a newcomer every condition with its progress', async () => {
    at(start);
    const newcomer = await person();

    expect(await stateOf(newcomer.send)).toEqual({
      status: 'conditions_not_met',
      conditions: [
        { kind: 'completed_orders', required: '50', current: '0', met: false },
        { kind: 'completion_percent_30d', required: '95', current: '0', met: false },
        { kind: 'verification_level', required: 'p2p-merchant', current: 'false', met: false },
        { kind: 'deposit_balance', required: '500000000000000000000', current: '0', met: false },
      ],
      deposit: { asset: 'USDT', amount: '500000000000000000000' },
      deposit_held: false,
      refund_at: null,
      rejection_note: null,
      updated_at: null,
    });
    expectError(await newcomer.send('POST', '/p2p/profile/verified-merchant/apply'), 409, 'merchant_status_conflict');
  });

  it('refuses an application the balance cannot cover with 409 insufficient_funds', async () => {
    at(start);
    const short = await qualified(499);

    expect((await stateOf(short.send)).conditions.at(3)).toEqual({
      kind: 'deposit_balance',
      required: '500000000000000000000',
      current: '499000000000000000000',
      met: false,
    });
    expectError(await short.send('POST', '/p2p/profile/verified-merchant/apply'), 409, 'insufficient_funds');
    expect(await userBalance(db(), short.userId, 'USDT')).toEqual({ available: usdt(499), held: 0n });
  });

  it('holds the deposit on applying, gives the badge on approval, and releases the deposit 7 days after leaving', async () => {
    at(start);
    const merchant = await qualified(600);
    expect((await stateOf(merchant.send)).status).toBe('can_apply');

    const applied = ok(await merchant.send('POST', '/p2p/profile/verified-merchant/apply'), verifiedMerchantState);
    expect(applied.status).toBe('on_review');
    expect(applied.deposit_held).toBe(true);
    expect(await userBalance(db(), merchant.userId, 'USDT')).toEqual({ available: usdt(100), held: usdt(500) });
    expect(
      expectError(await merchant.send('POST', '/p2p/profile/verified-merchant/apply'), 409, 'merchant_status_conflict'),
    ).toEqual({ status: 'on_review' });

    const waiting = ok(await operator('GET', '/operator/p2p/merchant-applications'), applications).applications;
    expect(waiting.map((application) => [application.user_id, application.status])).toContainEqual([
      merchant.userId,
      'on_review',
    ]);
    at('2026-11-24T13:00:00Z');
    const approved = ok(
      await operator('POST', `/operator/p2p/merchant-applications/${merchant.userId}`, {
        decision: 'approve',
        note: 'Trades well',
      }),
      operatorMerchantApplication,
    );
    expect(approved.status).toBe('verified_merchant');
    expect((await stateOf(merchant.send)).status).toBe('verified_merchant');
    expect(ok(await merchant.send('GET', '/p2p/profile'), ownMarketProfile).user.is_verified_merchant).toBe(true);
    expect(await isVerifiedMerchant(db(), merchant.userId)).toBe(true);

    at('2026-11-25T09:30:00Z');
    const leaving = ok(await merchant.send('POST', '/p2p/profile/verified-merchant/leave'), verifiedMerchantState);
    expect(leaving.status).toBe('refund_pending');
    expect(leaving.refund_at).toBe('2026-12-02T09:30:00.000Z');
    expect(leaving.deposit_held).toBe(true);
    expect(await isVerifiedMerchant(db(), merchant.userId)).toBe(false);
    expectError(await merchant.send('POST', '/p2p/profile/verified-merchant/leave'), 409, 'merchant_status_conflict');

    expect(await releaseDueDeposits(db(), new Date('2026-12-02T09:29:59Z'))).not.toContain(merchant.userId);
    expect(await userBalance(db(), merchant.userId, 'USDT')).toEqual({ available: usdt(100), held: usdt(500) });
    expect(await releaseDueDeposits(db(), new Date('2026-12-02T09:30:00Z'))).toContain(merchant.userId);
    expect(await releaseDueDeposits(db(), new Date('2026-12-02T09:31:00Z'))).not.toContain(merchant.userId);
    expect(await userBalance(db(), merchant.userId, 'USDT')).toEqual({ available: usdt(600), held: 0n });
    expect(await ledgerViolations(db())).toEqual([]);

    at('2026-12-02T10:00:00Z');
    // A week idle ends a session: the user signs in again.
    const { token } = await createSession(db(), merchant.userId, { now: new Date('2026-12-02T10:00:00Z') });
    const after = await stateOf(caller(server, token));
    expect([after.status, after.deposit_held, after.refund_at]).toEqual(['can_apply', false, null]);
  });

  async function approvedMerchant() {
    const merchant = await qualified(600);
    ok(await merchant.send('POST', '/p2p/profile/verified-merchant/apply'), verifiedMerchantState);
    ok(
      await operator('POST', `/operator/p2p/merchant-applications/${merchant.userId}`, {
        decision: 'approve',
        note: 'Trades well',
      }),
      operatorMerchantApplication,
    );
    return merchant;
  }

  it('takes the status from a merchant whose 30-day completion falls below 95 % and releases the deposit 7 days later', async () => {
    at(start);
    const slipping = await approvedMerchant();
    const steady = await approvedMerchant();

    const quiet = await merchantWorkerPass(db(), new Date('2026-11-24T12:01:00Z'));
    expect(quiet.revoked).not.toContain(slipping.userId);
    expect(await isVerifiedMerchant(db(), slipping.userId)).toBe(true);

    // 60 completed and 2 + 3 caused cancels: 60 / 65 is 92 %.
    await db().insert(p2pTradeDays).values({
      userId: slipping.userId,
      day: '2026-11-24',
      completedOrders: 0,
      cancelledOrders: 3,
      volumeUsdCents: 0n,
    });
    const pass = await merchantWorkerPass(db(), new Date('2026-11-25T08:00:00Z'));
    expect(pass.revoked).toContain(slipping.userId);
    expect(pass.revoked).not.toContain(steady.userId);
    expect((await merchantWorkerPass(db(), new Date('2026-11-25T08:01:00Z'))).revoked).not.toContain(slipping.userId);

    at('2026-11-25T08:05:00Z');
    const lost = await stateOf(slipping.send);
    expect([lost.status, lost.refund_at, lost.deposit_held]).toEqual([
      'refund_pending',
      '2026-12-02T08:00:00.000Z',
      true,
    ]);
    expect(lost.conditions.at(1)).toEqual({
      kind: 'completion_percent_30d',
      required: '95',
      current: '92',
      met: false,
    });
    expect(ok(await slipping.send('GET', '/p2p/profile'), ownMarketProfile).user.is_verified_merchant).toBe(false);
    expect(await isVerifiedMerchant(db(), steady.userId)).toBe(true);
    expect((await stateOf(steady.send)).status).toBe('verified_merchant');

    expect((await merchantWorkerPass(db(), new Date('2026-12-02T07:59:59Z'))).released).not.toContain(slipping.userId);
    expect(await userBalance(db(), slipping.userId, 'USDT')).toEqual({ available: usdt(100), held: usdt(500) });
    expect((await merchantWorkerPass(db(), new Date('2026-12-02T08:00:00Z'))).released).toContain(slipping.userId);
    expect((await merchantWorkerPass(db(), new Date('2026-12-02T08:01:00Z'))).released).not.toContain(slipping.userId);
    expect(await userBalance(db(), slipping.userId, 'USDT')).toEqual({ available: usdt(600), held: 0n });
    expect(await isVerifiedMerchant(db(), steady.userId)).toBe(true);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('takes the status once when two workers find the same lapsed merchant', async () => {
    at(start);
    const unverified = await approvedMerchant();
    await db().delete(verificationSteps).where(eq(verificationSteps.userId, unverified.userId));

    const due = new Date('2026-11-24T12:10:00Z');
    const [first, second] = await Promise.all([merchantWorkerPass(db(), due), merchantWorkerPass(db(), due)]);

    expect([...first.revoked, ...second.revoked].filter((userId) => userId === unverified.userId)).toEqual([
      unverified.userId,
    ]);
    expect(await isVerifiedMerchant(db(), unverified.userId)).toBe(false);
    expect(await userBalance(db(), unverified.userId, 'USDT')).toEqual({ available: usdt(100), held: usdt(500) });
  });

  it('releases the deposit at once on rejection and shows support’s note', async () => {
    at(start);
    const applicant = await qualified(500);
    ok(await applicant.send('POST', '/p2p/profile/verified-merchant/apply'), verifiedMerchantState);
    expect(await userBalance(db(), applicant.userId, 'USDT')).toEqual({ available: 0n, held: usdt(500) });

    const rejected = ok(
      await operator('POST', `/operator/p2p/merchant-applications/${applicant.userId}`, {
        decision: 'reject',
        note: 'Too many disputes last week',
      }),
      operatorMerchantApplication,
    );

    expect(rejected.status).toBe('can_apply');
    expect(await userBalance(db(), applicant.userId, 'USDT')).toEqual({ available: usdt(500), held: 0n });
    const state = await stateOf(applicant.send);
    expect([state.status, state.rejection_note, state.deposit_held]).toEqual([
      'can_apply',
      'Too many disputes last week',
      false,
    ]);
    expectError(
      await operator('POST', `/operator/p2p/merchant-applications/${applicant.userId}`, {
        decision: 'approve',
        note: 'x',
      }),
      409,
      'merchant_status_conflict',
    );
  });

  it('keeps the operator calls hidden from everyone else (404)', async () => {
    at(start);
    const someone = await qualified(600);
    ok(await someone.send('POST', '/p2p/profile/verified-merchant/apply'), verifiedMerchantState);

    expectError(await someone.send('GET', '/operator/p2p/merchant-applications'), 404, 'not_found');
    expectError(
      await someone.send('POST', `/operator/p2p/merchant-applications/${someone.userId}`, {
        decision: 'approve',
        note: 'Me',
      }),
      404,
      'not_found',
    );
    expect((await stateOf(someone.send)).status).toBe('on_review');
  });

  it('holds one deposit when applications arrive at once, and releases it once when two workers run', async () => {
    at(start);
    const eager = await qualified(1000);

    const answers = await Promise.all([1, 2, 3].map(() => eager.send('POST', '/p2p/profile/verified-merchant/apply')));

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await userBalance(db(), eager.userId, 'USDT')).toEqual({ available: usdt(500), held: usdt(500) });
    at('2026-11-24T12:05:00Z');
    ok(await eager.send('POST', '/p2p/profile/verified-merchant/leave'), verifiedMerchantState);
    const due = new Date('2026-12-01T12:05:00Z');
    const [first, second] = await Promise.all([releaseDueDeposits(db(), due), releaseDueDeposits(db(), due)]);
    expect([...(first ?? []), ...(second ?? [])].filter((userId) => userId === eager.userId)).toEqual([eager.userId]);
    expect(await userBalance(db(), eager.userId, 'USDT')).toEqual({ available: usdt(1000), held: 0n });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('lets a person acting as support decide on the local stand-in page', async () => {
    at(start);
    const applicant = await qualified(600);
    ok(await applicant.send('POST', '/p2p/profile/verified-merchant/apply'), verifiedMerchantState);
    const form = (fields: Record<string, string>, origin = 'http://localhost') =>
      server.app.inject({
        method: 'POST',
        url: '/local/operator/merchants',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: new URLSearchParams(fields).toString(),
      });

    const english = await server.app.inject({ method: 'GET', url: '/local/operator/merchants' });
    expect(english.statusCode).toBe(200);
    expect(english.body).not.toContain('<script');
    expect(english.body).toContain(`<b>id ${applicant.userId}</b>`);
    expect(english.body).toContain('Completed orders: 60 / 50 <span class="met">(met)</span>');
    const russian = await server.app.inject({
      method: 'GET',
      url: '/local/operator/merchants',
      headers: { 'accept-language': 'ru' },
    });
    expect(russian.body).toContain('Завершённые сделки: 60 / 50 <span class="met">(выполнено)</span>');

    const user_id = String(applicant.userId);
    expect((await form({ user_id, decision: 'approve', note: 'Fine' }, 'https://evil.example')).statusCode).toBe(403);
    expect((await form({ user_id, decision: 'approve', note: '' })).statusCode).toBe(400);
    expect(await isVerifiedMerchant(db(), applicant.userId)).toBe(false);

    const approved = await form({ user_id, decision: 'approve', note: 'Trades well' });
    expect([approved.statusCode, approved.headers.location]).toEqual([303, '/local/operator/merchants']);
    expect(await isVerifiedMerchant(db(), applicant.userId)).toBe(true);
    expect((await server.app.inject({ method: 'GET', url: '/local/operator/merchants' })).body).not.toContain(
      `<b>id ${applicant.userId}</b>`,
    );
  });
});
