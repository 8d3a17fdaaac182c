import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  countryItem,
  personalDataAnswer,
  verificationFlow,
  verificationOverview,
  verificationStep,
} from '../../src/contract/verification';
import { userSettings } from '../../src/server/db/schema/users';
import { generateDepositAddress } from '../../src/server/integrations/chain/addresses';
import { hasLevel, identityChecksOf, verificationLevelsOf } from '../../src/server/modules/verification/state';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';
import { adultForm, passBasic, passProviderStep, sharePhone } from './helpers/verification';

const countriesAnswer = z.object({ data: z.array(countryItem) });

describe('verification', () => {
  let server: TestServer;
  const now = new Date('2026-11-01T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({ now, telegram: { localMode: true }, restrictedCountries: ['KP', 'IR'] });
  });
  afterAll(() => server.close());

  async function signedIn(): Promise<{ send: Call; userId: number; token: string }> {
    const { userId, token } = await signInTestUser(server.database);
    return { send: caller(server, token), userId, token };
  }

  async function levels(send: Call): Promise<Record<string, string>> {
    const overview = ok(await send('GET', '/verification'), verificationOverview);
    return Object.fromEntries(overview.levels.map(({ level, status }) => [level, status]));
  }

  async function flow(send: Call, section: string) {
    return ok(await send('GET', `/verification-flow/${section}`), verificationFlow);
  }

  describe('levels and flows', () => {
    it('shows a new person every level to do, the first step to take and the later ones blocked', async () => {
      const { send } = await signedIn();

      expect(ok(await send('GET', '/verification'), verificationOverview)).toEqual({
        levels: [
          { level: 'basic', status: 'action_required' },
          { level: 'withdraw', status: 'action_required' },
          { level: 'p2c-client', status: 'action_required' },
          { level: 'p2p-merchant', status: 'action_required' },
          { level: 'p2c-merchant', status: 'action_required' },
          { level: 'full', status: 'action_required' },
        ],
        passport: { completed: false },
        address: { completed: false },
        phone: null,
      });
      expect(await flow(send, 'p2c-client')).toEqual({
        section: 'p2c-client',
        status: 'action_required',
        steps: [
          { type: 'PHONE_NUMBER', status: 'not_started', result: null, reason: null, updated_at: null },
          { type: 'BASIC', status: 'blocked', result: null, reason: null, updated_at: null },
          { type: 'SUMSUB_BASIC', status: 'blocked', result: null, reason: null, updated_at: null },
        ],
      });
    });

    it('completes each level exactly when its steps are done, in order', async () => {
      const { send, userId, token } = await signedIn();

      await sharePhone(send, userId, now);
      expect(await levels(send)).toEqual({
        basic: 'action_required',
        withdraw: 'action_required',
        'p2c-client': 'action_required',
        'p2p-merchant': 'action_required',
        'p2c-merchant': 'action_required',
        full: 'action_required',
      });
      expect((await flow(send, 'basic')).steps.map((step) => step.status)).toEqual(['completed', 'not_started']);

      ok(await send('POST', '/verification/personal-data', { ...adultForm }), verificationStep);
      expect(await levels(send)).toEqual({
        basic: 'completed',
        withdraw: 'completed',
        'p2c-client': 'action_required',
        'p2p-merchant': 'action_required',
        'p2c-merchant': 'action_required',
        full: 'action_required',
      });

      await passProviderStep(server, send, token, 'SUMSUB_BASIC');
      expect(await levels(send)).toMatchObject({ 'p2c-client': 'completed', 'p2p-merchant': 'action_required' });
      expect(ok(await send('GET', '/verification'), verificationOverview)).toMatchObject({
        passport: { completed: true },
        address: { completed: false },
      });

      await passProviderStep(server, send, token, 'SUMSUB_ADDRESS');
      expect(await levels(send)).toMatchObject({ 'p2p-merchant': 'completed', 'p2c-merchant': 'action_required' });
      expect(await identityChecksOf(server.database.db, userId)).toEqual({ passport: true, address: true });

      await passProviderStep(server, send, token, 'SUMSUB_VIDEO');
      expect(await levels(send)).toEqual({
        basic: 'completed',
        withdraw: 'completed',
        'p2c-client': 'completed',
        'p2p-merchant': 'completed',
        'p2c-merchant': 'completed',
        full: 'completed',
      });
      expect(await flow(send, 'full')).toMatchObject({ section: 'full', status: 'completed' });
    });

    it('answers the same levels to other modules through the service functions', async () => {
      const { send, userId } = await signedIn();
      await passBasic(send, userId, now);

      const statuses = await verificationLevelsOf(server.database.db, userId);

      expect(statuses.get('withdraw')).toBe('completed');
      expect(statuses.get('p2c-client')).toBe('action_required');
      expect(await hasLevel(server.database.db, userId, 'basic')).toBe(true);
      expect(await hasLevel(server.database.db, userId, 'p2p-merchant')).toBe(false);
      expect(await identityChecksOf(server.database.db, userId)).toEqual({ passport: false, address: false });
    });

    it('blocks every level and step not completed for a banned account', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);
      await server.database.db.update(userSettings).set({ complianceBan: true }).where(eq(userSettings.userId, userId));

      expect(await flow(send, 'basic')).toMatchObject({
        status: 'blocked',
        steps: [
          { type: 'PHONE_NUMBER', status: 'completed' },
          { type: 'BASIC', status: 'blocked' },
        ],
      });
      expectError(await send('POST', '/verification/personal-data', { ...adultForm }), 409, 'step_unavailable');
    });

    it('refuses an unknown level with 400', async () => {
      const { send } = await signedIn();

      expectError(await send('GET', '/verification-flow/platinum'), 400, 'validation_failed');
    });

    it('answers 401 without a session', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/verification' });

      expectError(response, 401, 'unauthorized');
    });
  });

  describe('GET /geo/countries', () => {
    it('lists every ISO country with its English and Russian name, by English name, signed in or not', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/geo/countries' });
      const { data } = ok(response, countriesAnswer);

      expect(data).toHaveLength(249);
      expect(data.slice(0, 3).map((country) => country.code)).toEqual(['AF', 'AX', 'AL']);
      expect(data.find((country) => country.code === 'DE')).toEqual({
        code: 'DE',
        name: { en: 'Germany', ru: 'Германия' },
      });
      expect(data.find((country) => country.code === 'RU')?.name).toEqual({ en: 'Russia', ru: 'Россия' });
      expect(data.some((country) => country.code === 'EU' || country.code === 'XK')).toBe(false);
    });
  });

  describe('personal data (BASIC)', () => {
    it('waits for the phone number first', async () => {
      const { send } = await signedIn();

      expectError(await send('POST', '/verification/personal-data', { ...adultForm }), 409, 'step_unavailable');
      expect(ok(await send('GET', '/verification/personal-data'), personalDataAnswer)).toEqual({
        data: null,
        result: null,
      });
    });

    it('completes the step with OK and gives the form back to prefill', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      const step = ok(
        await send('POST', '/verification/personal-data', { ...adultForm, first_name: '  Alice  ', middle_name: '' }),
        verificationStep,
      );

      expect(step).toEqual({
        type: 'BASIC',
        status: 'completed',
        result: 'OK',
        reason: null,
        updated_at: '2026-11-01T12:00:00.000Z',
      });
      expect(ok(await send('GET', '/verification/personal-data'), personalDataAnswer)).toEqual({
        data: {
          first_name: 'Alice',
          last_name: 'Smith',
          date_of_birth: '1990-05-17',
          country: 'DE',
          city: 'Berlin',
          address: 'Unter den Linden 1',
          postal_code: '10117',
        },
        result: 'OK',
      });
      expectError(await send('POST', '/verification/personal-data', { ...adultForm }), 409, 'step_unavailable');
    });

    it('refuses a person one day short of 18 with UNDER_18 and rejects the step', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      const data = expectError(
        await send('POST', '/verification/personal-data', { ...adultForm, date_of_birth: '2008-11-02' }),
        422,
        'personal_data_refused',
      );

      expect(data).toEqual({ result: 'UNDER_18' });
      expect((await flow(send, 'basic')).steps[1]).toEqual({
        type: 'BASIC',
        status: 'rejected',
        result: 'UNDER_18',
        reason: null,
        updated_at: '2026-11-01T12:00:00.000Z',
      });
      expect(ok(await send('GET', '/verification/personal-data'), personalDataAnswer)).toMatchObject({
        data: { date_of_birth: '2008-11-02' },
        result: 'UNDER_18',
      });
    });

    it('accepts a person on their 18th birthday, after an earlier refusal', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);
      expectError(
        await send('POST', '/verification/personal-data', { ...adultForm, date_of_birth: '2008-11-02' }),
        422,
        'personal_data_refused',
      );

      const step = ok(
        await send('POST', '/verification/personal-data', { ...adultForm, date_of_birth: '2008-11-01' }),
        verificationStep,
      );

      expect(step).toMatchObject({ status: 'completed', result: 'OK' });
    });

    it.each([
      ['whose birthday month has passed this year', '2008-10-15', 'OK'],
      ['whose birthday month is still to come', '2008-12-01', 'UNDER_18'],
      ['born today', '2026-11-01', 'UNDER_18'],
    ])('counts the age of a person %s by the calendar', async (_name, dateOfBirth, result) => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      const response = await send('POST', '/verification/personal-data', { ...adultForm, date_of_birth: dateOfBirth });

      if (result === 'OK') expect(ok(response, verificationStep).result).toBe('OK');
      else expect(expectError(response, 422, 'personal_data_refused')).toEqual({ result: 'UNDER_18' });
    });

    it('accepts a date of birth on 1 January 1900', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      const step = ok(
        await send('POST', '/verification/personal-data', { ...adultForm, date_of_birth: '1900-01-01' }),
        verificationStep,
      );

      expect(step.result).toBe('OK');
    });

    it('keeps a middle name and leaves out an empty postal code', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      ok(
        await send('POST', '/verification/personal-data', { ...adultForm, middle_name: 'Marie', postal_code: '' }),
        verificationStep,
      );

      expect(ok(await send('GET', '/verification/personal-data'), personalDataAnswer).data).toEqual({
        first_name: 'Alice',
        last_name: 'Smith',
        middle_name: 'Marie',
        date_of_birth: '1990-05-17',
        country: 'DE',
        city: 'Berlin',
        address: 'Unter den Linden 1',
      });
    });

    it('forgets a middle name and postal code left out of a later submission', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);
      expectError(
        await send('POST', '/verification/personal-data', {
          ...adultForm,
          middle_name: 'Marie',
          date_of_birth: '2010-01-01',
        }),
        422,
        'personal_data_refused',
      );
      const { postal_code: _left, ...withoutPostalCode } = adultForm;

      ok(await send('POST', '/verification/personal-data', withoutPostalCode), verificationStep);

      const { data } = ok(await send('GET', '/verification/personal-data'), personalDataAnswer);
      expect(data).toEqual({
        first_name: 'Alice',
        last_name: 'Smith',
        date_of_birth: '1990-05-17',
        country: 'DE',
        city: 'Berlin',
        address: 'Unter den Linden 1',
      });
    });

    it('names the field it refuses', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      const country = expectError(
        await send('POST', '/verification/personal-data', { ...adultForm, country: 'EU' }),
        400,
        'validation_failed',
      );
      const birth = expectError(
        await send('POST', '/verification/personal-data', { ...adultForm, date_of_birth: '2030-01-01' }),
        400,
        'validation_failed',
      );

      expect(country).toEqual({
        location: 'body',
        issues: [{ path: ['country'], code: 'invalid_value', message: 'Not an ISO 3166-1 country code' }],
      });
      expect(birth).toEqual({
        location: 'body',
        issues: [
          {
            path: ['date_of_birth'],
            code: 'invalid_value',
            message: 'The date of birth must be a past date after 1900',
          },
        ],
      });
    });

    it('refuses a country of the configured restricted list with RESTRICTED_REGION', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      const data = expectError(
        await send('POST', '/verification/personal-data', { ...adultForm, country: 'IR' }),
        422,
        'personal_data_refused',
      );

      expect(data).toEqual({ result: 'RESTRICTED_REGION' });
      expect((await flow(send, 'basic')).steps[1]).toMatchObject({ status: 'rejected', result: 'RESTRICTED_REGION' });
      expect(await levels(send)).toMatchObject({ basic: 'action_required', withdraw: 'action_required' });
    });

    it('accepts a country of the default list that this server does not restrict', async () => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      const step = ok(
        await send('POST', '/verification/personal-data', { ...adultForm, country: 'CU' }),
        verificationStep,
      );

      expect(step.result).toBe('OK');
    });

    it.each([
      ['an unknown field', { ...adultForm, nationality: 'DE' }],
      ['a missing last name', { ...adultForm, last_name: undefined }],
      ['a blank city', { ...adultForm, city: '   ' }],
      ['a date that is not one', { ...adultForm, date_of_birth: '1990-02-30' }],
      ['a date of birth in the future', { ...adultForm, date_of_birth: '2026-11-02' }],
      ['a date of birth before 1900', { ...adultForm, date_of_birth: '1899-12-31' }],
      ['a country code that is not ISO', { ...adultForm, country: 'EU' }],
      ['a lower-case country code', { ...adultForm, country: 'de' }],
      ['a NUL byte', { ...adultForm, address: 'Main St\u0000 1' }],
      ['a huge name', { ...adultForm, first_name: 'A'.repeat(65) }],
    ])('refuses %s with 400 and changes nothing', async (_name, body) => {
      const { send, userId } = await signedIn();
      await sharePhone(send, userId, now);

      expectError(await send('POST', '/verification/personal-data', body), 400, 'validation_failed');

      expect(ok(await send('GET', '/verification/personal-data'), personalDataAnswer).data).toBeNull();
      expect((await flow(send, 'basic')).steps[1]?.status).toBe('not_started');
    });
  });

  describe('the withdraw gate', () => {
    async function withdraw(send: Call) {
      return send('POST', '/wallet/withdrawal', {
        asset: 'BTC',
        network: 'BTC',
        address: generateDepositAddress('BTC'),
        amount: '20000',
        idempotency_key: randomUUID(),
        token: 'confirmation-token-0000000000',
      });
    }

    async function flagWithdrawVerification(userId: number): Promise<void> {
      await server.database.db
        .update(userSettings)
        .set({ featureFlags: { show_withdraw_basic_verification: true } })
        .where(eq(userSettings.userId, userId));
    }

    it('refuses a withdrawal with verification_required while the flag is on and the level is not passed', async () => {
      const { send, userId } = await signedIn();
      await flagWithdrawVerification(userId);

      expect(expectError(await withdraw(send), 403, 'verification_required')).toEqual({ level: 'withdraw' });
      await sharePhone(send, userId, now);
      expect(expectError(await withdraw(send), 403, 'verification_required')).toEqual({ level: 'withdraw' });
    });

    it('lets the withdrawal on to its own checks once the withdraw level is passed', async () => {
      const { send, userId } = await signedIn();
      await flagWithdrawVerification(userId);
      await passBasic(send, userId, now);

      expectError(await withdraw(send), 422, 'insufficient_funds');
    });

    it('does not gate anyone without the flag', async () => {
      const { send } = await signedIn();

      expectError(await withdraw(send), 422, 'insufficient_funds');
    });
  });
});
