import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceRequests, operatorActions } from '../../src/server/db/schema/compliance';
import { createSession } from '../../src/server/modules/auth/sessions';
import { upsertUser } from '../../src/server/modules/users/service';
import { expectError } from './helpers/security';
import { createTestServer, type TestServer } from './helpers/test-server';

// The operator API pointed at people who do not exist, or at ids JavaScript cannot hold exactly.

const operatorId = 777_000_101;
let server: TestServer;
let operatorToken: string;

beforeAll(async () => {
  server = await createTestServer({ operatorIds: [operatorId] });
  await upsertUser(server.database.db, { id: operatorId, firstName: 'Olga' });
  operatorToken = (await createSession(server.database.db, operatorId)).token;
});
afterAll(() => server.close());

function asOperator(method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/operator${url}`,
    headers: { authorization: `Bearer ${operatorToken}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function rowsIn(table: typeof operatorActions | typeof complianceRequests): Promise<number> {
  const [row] = await server.database.db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row?.count ?? -1;
}

describe('operator actions on someone who never signed in', () => {
  it.each([
    { path: 'document-requests', body: { documents: [{ type: 'passport' }], reason: 'Routine check' } },
    { path: 'verification-request', body: { level: 'p2p-merchant', reason: 'Routine check' } },
    { path: 'compliance-request/close', body: { reason: 'Done' } },
    { path: 'restrictions', body: { lock: true, reason: 'Fraud report' } },
    { path: 'documents/abcdefghjk/review', body: { decision: 'approve' } },
  ])('$path answers 404 user_not_found and records nothing', async ({ path, body }) => {
    const response = await asOperator('POST', `/users/555000111/${path}`, body);

    expectError(response, 404, 'user_not_found');
    expect(await rowsIn(operatorActions)).toBe(0);
    expect(await rowsIn(complianceRequests)).toBe(0);
  });
});

describe('a user id past what JavaScript holds exactly', () => {
  it('is refused with 400 rather than read as its rounded neighbour', async () => {
    // 2^53 + 1 reads as 2^53 once it is a JavaScript number: another person's id.
    await upsertUser(server.database.db, { id: 2 ** 53, firstName: 'Rounded' });

    const response = await asOperator('GET', '/users/9007199254740993');

    expectError(response, 400, 'validation_failed');
  });
});
