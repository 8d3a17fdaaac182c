import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { paymentMethod } from '../../src/contract/p2p-payment-methods';
import { p2pPaymentMethods } from '../../src/server/db/schema/p2p-market';
import { userSettings } from '../../src/server/db/schema/users';
import { detailsCipher, detailsKeyFrom } from '../../src/server/modules/p2p-payment-methods/details-cipher';
import { paymentMethodsByIds } from '../../src/server/modules/p2p-payment-methods/service';
import { p2pFeatureFlags } from '../../src/server/modules/settings/feature-flags';
import { type Call, caller, expectError, ok, resultAnswer } from './helpers/security';
import { testBotToken } from './helpers/telegram';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const p2pOn = { public: p2pFeatureFlags, tester: [], testerIds: new Set<number>() };
const methodList = z.object({ methods: z.array(paymentMethod) });

const sbpSberbank = {
  fiat: 'RUB',
  identifier: 'sbp',
  child_identifier: 'sberbank_sbp',
  name: null,
  details: { phone: '+7 (900) 123-45-67', holder_name: 'Anna Petrova' },
};
const sberbankCard = {
  fiat: 'RUB',
  identifier: 'sberbank',
  child_identifier: null,
  name: 'Salary card',
  details: { card_number: '4111 1111 1111 1111', holder_name: 'Anna Petrova' },
};
const sepa = {
  fiat: 'EUR',
  identifier: 'sepa',
  child_identifier: null,
  name: null,
  details: { iban: 'DE89 3704 0044 0532 0130 00', holder_name: 'Anna Petrova' },
};

describe('saved payment methods', () => {
  let server: TestServer;
  const logLines: string[] = [];
  /** Methods in use by an offer (the offers module's answer, faked). */
  const inUse = new Set<number>();
  beforeAll(async () => {
    server = await createTestServer({
      featureFlags: p2pOn,
      paymentMethodUsage: async (_tx, _userId, methodId) => inUse.has(methodId),
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(() => server.close());

  async function newUser(): Promise<{ readonly userId: number; readonly send: Call }> {
    const { userId, token } = await signInTestUser(server.database);
    return { userId, send: caller(server, token) };
  }

  async function add(send: Call, body: Record<string, unknown>) {
    return ok(await send('POST', '/p2p/payment-methods', body), paymentMethod);
  }

  async function listOf(send: Call) {
    return ok(await send('GET', '/p2p/payment-methods'), methodList).methods;
  }

  it('adds a bank of the SBP group and answers it with the phone masked to its last 4 digits', async () => {
    const { send } = await newUser();

    const added = await add(send, sbpSberbank);

    expect(added).toEqual({
      id: added.id,
      name: null,
      fiat: 'RUB',
      identifier: 'sbp',
      locale: 'SBP (Faster Payments System)',
      child_identifier: 'sberbank_sbp',
      child_locale: 'Sberbank',
      data: '•••• 4567',
    });
    expect(ok(await send('GET', `/p2p/payment-methods/${added.id}`), paymentMethod)).toEqual(added);
  });

  it('keeps the details sealed in the database, readable only with the key, for their owner', async () => {
    const { userId, send } = await newUser();
    const added = await add(send, sberbankCard);

    const [row] = await server.database.db.select().from(p2pPaymentMethods).where(eq(p2pPaymentMethods.id, added.id));

    expect(row?.dataTail).toBe('1111');
    expect(row?.sealedDetails).not.toContain('4111');
    expect(row?.sealedDetails).not.toContain('Petrova');
    expect(detailsCipher(detailsKeyFrom(testBotToken)).open(userId, row?.sealedDetails ?? '')).toEqual({
      card_number: '4111111111111111',
      holder_name: 'Anna Petrova',
    });
  });

  it('writes no payment detail to the log, accepted or refused', async () => {
    const { send } = await newUser();
    logLines.length = 0;

    await add(send, { ...sberbankCard, details: { card_number: '5555 5555 5555 4444', holder_name: 'Ivan Sidorov' } });
    await send('POST', '/p2p/payment-methods', {
      ...sberbankCard,
      details: { card_number: '4012 8888 8888 1882', holder_name: 'Ivan Sidorov' },
    });

    const log = logLines.join('\n');
    expect(log).not.toMatch(/5555|4012|Sidorov/);
  });

  it('lists the user’s methods in the order they were added, and by fiat when asked', async () => {
    const { send } = await newUser();
    const first = await add(send, sberbankCard);
    const second = await add(send, sepa);

    expect((await listOf(send)).map((method) => method.id)).toEqual([first.id, second.id]);
    expect(ok(await send('GET', '/p2p/payment-methods?fiat=EUR'), methodList).methods).toEqual([
      {
        id: second.id,
        name: null,
        fiat: 'EUR',
        identifier: 'sepa',
        locale: 'SEPA transfer',
        child_identifier: null,
        child_locale: null,
        data: '•••• 3000',
      },
    ]);
    expect(ok(await send('GET', '/p2p/payment-methods?fiat=USD'), methodList).methods).toEqual([]);
  });

  it('names the methods in Russian for a user whose language is Russian', async () => {
    const { userId, send } = await newUser();
    await server.database.db.update(userSettings).set({ language: 'ru' }).where(eq(userSettings.userId, userId));

    const added = await add(send, sbpSberbank);

    expect(added.locale).toBe('СБП (Система быстрых платежей)');
    expect(added.child_locale).toBe('Сбербанк');
  });

  it.each([
    ['a group without its bank', { ...sbpSberbank, child_identifier: null }],
    ['a bank that is not in the group', { ...sbpSberbank, child_identifier: 'monzo' }],
    ['a child given to a plain method', { ...sberbankCard, child_identifier: 'sberbank_sbp' }],
    ['a method of another currency', { ...sberbankCard, fiat: 'EUR' }],
    ['a currency the market does not trade', { ...sberbankCard, fiat: 'XYZ' }],
  ])('answers 404 catalogue_entry_not_found for %s and saves nothing', async (_case, body) => {
    const { send } = await newUser();

    expectError(await send('POST', '/p2p/payment-methods', body), 404, 'catalogue_entry_not_found');
    expect(await listOf(send)).toEqual([]);
  });

  it.each([
    [
      'a card number whose Luhn digit is wrong',
      { ...sberbankCard, details: { card_number: '4111 1111 1111 1112', holder_name: 'Anna Petrova' } },
      { card_number: 'invalid_checksum' },
    ],
    [
      'a missing holder name',
      { ...sberbankCard, details: { card_number: '4111 1111 1111 1111' } },
      { holder_name: 'required' },
    ],
    [
      'a detail the method does not ask for',
      { ...sbpSberbank, details: { ...sbpSberbank.details, card_number: '4111111111111111' } },
      { card_number: 'unknown_field' },
    ],
    [
      'an IBAN whose check digits are wrong and a name with digits',
      { ...sepa, details: { iban: 'DE89 3704 0044 0532 0130 01', holder_name: 'Anna 2' } },
      { iban: 'invalid_checksum', holder_name: 'invalid_format' },
    ],
    [
      'a phone number not in international format',
      { ...sbpSberbank, details: { phone: '0900 12', holder_name: 'Anna Petrova' } },
      { phone: 'invalid_format' },
    ],
  ])('answers 422 invalid_payment_details naming each field for %s, and saves nothing', async (_case, body, fields) => {
    const { send } = await newUser();

    expect(expectError(await send('POST', '/p2p/payment-methods', body), 422, 'invalid_payment_details')).toEqual({
      fields,
    });
    expect(await listOf(send)).toEqual([]);
  });

  it('answers 400 for a name longer than 20 characters after trimming, and saves nothing', async () => {
    const { send } = await newUser();

    const response = await send('POST', '/p2p/payment-methods', { ...sberbankCard, name: 'A name far too long!!' });

    expectError(response, 400, 'validation_failed');
    expect(response.body).toContain('Name must be no more than 20 characters');
    expect(await listOf(send)).toEqual([]);
  });

  it('renames a method (trimmed, up to 20 characters) and clears the name with null or an empty text', async () => {
    const { send } = await newUser();
    const { id } = await add(send, sberbankCard);
    const nameOf = async () => ok(await send('GET', `/p2p/payment-methods/${id}`), paymentMethod).name;

    expect(ok(await send('PATCH', `/p2p/payment-methods/${id}`, { name: '  Rent  ' }), resultAnswer)).toEqual({
      result: true,
    });
    expect(await nameOf()).toBe('Rent');
    ok(await send('PATCH', `/p2p/payment-methods/${id}`, { name: 'Exactly twenty chars' }), resultAnswer);
    expect(await nameOf()).toBe('Exactly twenty chars');
    expectError(
      await send('PATCH', `/p2p/payment-methods/${id}`, { name: 'Twenty-one characters' }),
      400,
      'validation_failed',
    );
    expect(await nameOf()).toBe('Exactly twenty chars');
    ok(await send('PATCH', `/p2p/payment-methods/${id}`, { name: '   ' }), resultAnswer);
    expect(await nameOf()).toBeNull();
    ok(await send('PATCH', `/p2p/payment-methods/${id}`, { name: 'Rent' }), resultAnswer);
    ok(await send('PATCH', `/p2p/payment-methods/${id}`, { name: null }), resultAnswer);
    expect(await nameOf()).toBeNull();
  });

  it('deletes a method, after which it is gone', async () => {
    const { send } = await newUser();
    const { id } = await add(send, sberbankCard);

    expect(ok(await send('DELETE', `/p2p/payment-methods/${id}`), resultAnswer)).toEqual({ result: true });
    expectError(await send('GET', `/p2p/payment-methods/${id}`), 404, 'payment_method_not_found');
    expectError(await send('DELETE', `/p2p/payment-methods/${id}`), 404, 'payment_method_not_found');
  });

  it('refuses with 409 payment_method_in_use to delete a method an offer lists, and keeps it', async () => {
    const { send } = await newUser();
    const { id } = await add(send, sberbankCard);
    inUse.add(id);

    expectError(await send('DELETE', `/p2p/payment-methods/${id}`), 409, 'payment_method_in_use');
    expect((await listOf(send)).map((method) => method.id)).toEqual([id]);
    inUse.delete(id);
  });

  it('treats another user’s method as missing: 404 to read, rename or delete, and it stays as it was', async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const method = await add(owner.send, sberbankCard);

    expectError(await intruder.send('GET', `/p2p/payment-methods/${method.id}`), 404, 'payment_method_not_found');
    expectError(
      await intruder.send('PATCH', `/p2p/payment-methods/${method.id}`, { name: 'Mine now' }),
      404,
      'payment_method_not_found',
    );
    expectError(await intruder.send('DELETE', `/p2p/payment-methods/${method.id}`), 404, 'payment_method_not_found');
    expect(await listOf(intruder.send)).toEqual([]);
    expect(ok(await owner.send('GET', `/p2p/payment-methods/${method.id}`), paymentMethod)).toEqual(method);
  });

  it('gives the offers module methods by id with their owners, masked, and leaves unknown ids out', async () => {
    const first = await newUser();
    const second = await newUser();
    const card = await add(first.send, sberbankCard);
    const transfer = await add(second.send, sepa);

    const found = await paymentMethodsByIds(server.database.db, [card.id, transfer.id, 2_000_000_000], 'en');

    expect([...found.keys()].sort((left, right) => left - right)).toEqual([card.id, transfer.id]);
    expect(found.get(card.id)).toEqual({ ownerId: first.userId, method: card });
    expect(found.get(transfer.id)).toEqual({ ownerId: second.userId, method: transfer });
    expect(await paymentMethodsByIds(server.database.db, [], 'en')).toEqual(new Map());
  });

  it('answers 400 for an id that is not a positive 32-bit number', async () => {
    const { send } = await newUser();

    for (const id of ['0', '-1', 'abc', '2147483648', '1.5']) {
      expectError(await send('GET', `/p2p/payment-methods/${id}`), 400, 'validation_failed');
    }
  });

  it('saves at most 20 methods: the 21st is refused with 409 too_many_payment_methods', async () => {
    const { send } = await newUser();
    for (let index = 0; index < 20; index++) await add(send, sberbankCard);

    expectError(await send('POST', '/p2p/payment-methods', sepa), 409, 'too_many_payment_methods');
    expect(await listOf(send)).toHaveLength(20);
  });

  it('lets only one of several adds sent at once take the last free place', async () => {
    const { send } = await newUser();
    for (let index = 0; index < 19; index++) await add(send, sberbankCard);

    const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/p2p/payment-methods', sepa)));

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await listOf(send)).toHaveLength(20);
  });

  it('lets a blocked user read their methods but not add, rename or delete one', async () => {
    const { userId, send } = await newUser();
    const method = await add(send, sberbankCard);
    await server.database.db
      .update(userSettings)
      .set({ softBanUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(userSettings.userId, userId));

    expect(await listOf(send)).toEqual([method]);
    expectError(await send('POST', '/p2p/payment-methods', sepa), 403, 'blocked');
    expectError(await send('PATCH', `/p2p/payment-methods/${method.id}`, { name: 'New' }), 403, 'blocked');
    expectError(await send('DELETE', `/p2p/payment-methods/${method.id}`), 403, 'blocked');
    expect(await listOf(send)).toEqual([method]);
  });
});

describe('payment methods behind their feature flag', () => {
  it('answers 403 feature_disabled to every call while show_p2p_methods is off, and saves nothing', async () => {
    const server = await createTestServer({
      featureFlags: { public: ['show_p2p', 'show_p2p_offers'], tester: [], testerIds: new Set() },
    });
    try {
      const { userId, token } = await signInTestUser(server.database);
      const send = caller(server, token);

      expectError(await send('GET', '/p2p/payment-methods'), 403, 'feature_disabled');
      expectError(await send('GET', '/p2p/payment-methods/1'), 403, 'feature_disabled');
      expectError(await send('PATCH', '/p2p/payment-methods/1', { name: 'x' }), 403, 'feature_disabled');
      expectError(await send('POST', '/p2p/payment-methods', sberbankCard), 403, 'feature_disabled');
      expectError(await send('DELETE', '/p2p/payment-methods/1'), 403, 'feature_disabled');
      const rows = await server.database.db
        .select()
        .from(p2pPaymentMethods)
        .where(eq(p2pPaymentMethods.userId, userId));
      expect(rows).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
