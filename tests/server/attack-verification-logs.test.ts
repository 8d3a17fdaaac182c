import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personalDataRecords, verifiedPhones } from '../../src/server/db/schema/verification';
import { caller, expectError } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';
import { adultForm, contactResponse, sharePhone } from './helpers/verification';

// What the server writes to its log while people hand it their personal data: never the data.

const logLines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    rateLimits: { verification_submit: {} },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  logLines.length = 0;
});

const person = {
  first_name: 'Zebulon',
  last_name: 'Quixotewright',
  date_of_birth: '1987-03-14',
  country: 'DE',
  city: 'Leakville',
  address: 'Secretstrasse 42',
  postal_code: 'XQ7 9ZZ',
} as const;
const phone = '+49 151 7777 3131';

/** Every piece of the person's data that must never reach the log. */
const secrets = [...Object.values(person).filter((value) => value !== 'DE'), '1517777', '7777 3131', '4915177773131'];

function leakedSecrets(): string[] {
  const log = logLines.join('');
  return secrets.filter((secret) => log.includes(secret));
}

describe('the log while verifying', () => {
  it('holds none of the phone number or the personal data of a person who passes BASIC', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const send = caller(server, token);

    await sharePhone(send, userId, new Date(), phone);
    const response = await send('POST', '/verification/personal-data', { ...person });

    expect(response.statusCode).toBe(200);
    expect(logLines.length).toBeGreaterThan(0);
    expect(leakedSecrets()).toEqual([]);
  });

  it('holds none of the personal data when the database refuses to store it', async () => {
    const table = getTableName(personalDataRecords);
    await server.database.db.execute(
      sql.raw(`ALTER TABLE "${table}" ADD CONSTRAINT attack_refuses_leakville CHECK (city <> 'Leakville') NOT VALID`),
    );
    const { userId, token } = await signInTestUser(server.database);
    const send = caller(server, token);
    await sharePhone(send, userId, new Date());

    const response = await send('POST', '/verification/personal-data', { ...person });

    expectError(response, 409, 'write_conflict');
    expect(leakedSecrets()).toEqual([]);
    const refusal = logLines.find((line) => line.includes('The database refused input'));
    expect(refusal).toContain('"constraint":"attack_refuses_leakville"');
    expect(refusal).toContain('insert into \\"personal_data\\"');
    await server.database.db.execute(sql.raw(`ALTER TABLE "${table}" DROP CONSTRAINT attack_refuses_leakville`));
  });

  it('holds none of the phone number when the database fails while storing it', async () => {
    const table = getTableName(verifiedPhones);
    await server.database.db.execute(
      sql.raw(
        `ALTER TABLE "${table}" ADD CONSTRAINT attack_refuses_phone CHECK (phone_number NOT LIKE '%7777%') NOT VALID`,
      ),
    );
    const { userId, token } = await signInTestUser(server.database);
    const send = caller(server, token);

    const response = await send('POST', '/verification/phone', {
      response: contactResponse({ userId, phone }),
    });

    expectError(response, 409, 'write_conflict');
    expect(leakedSecrets()).toEqual([]);
    await server.database.db.execute(sql.raw(`ALTER TABLE "${table}" DROP CONSTRAINT attack_refuses_phone`));
  });
});

it('keeps the example data free of the default form, so the secrets above are this test’s own', () => {
  expect(Object.values(adultForm)).not.toContain(person.city);
});
