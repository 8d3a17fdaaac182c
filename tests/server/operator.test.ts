import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { complianceState } from '../../src/contract/compliance';
import { apiErrorBody } from '../../src/contract/errors';
import { operatorUserView } from '../../src/contract/operator';
import { userSettings } from '../../src/contract/settings';
import { loadConfig } from '../../src/server/config';
import { operatorActions } from '../../src/server/db/schema/compliance';
import { createSession, sessionCookieName } from '../../src/server/modules/auth/sessions';
import { upsertUser } from '../../src/server/modules/users/service';
import { multipartPost, sampleFiles } from './helpers/multipart';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

const operatorId = 777_000_001;

let server: TestServer;
let operatorToken: string;

beforeAll(async () => {
  server = await createTestServer({ operatorIds: [operatorId], rateLimits: { file_upload: {} } });
  await upsertUser(server.database.db, { id: operatorId, firstName: 'Olga', username: 'olga_compliance' });
  operatorToken = (await createSession(server.database.db, operatorId)).token;
});
afterAll(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function asOperator(method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/operator${url}`,
    headers: bearer(operatorToken),
    ...(payload === undefined ? {} : { payload }),
  });
}

async function operatorView(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await asOperator(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return z.parse(operatorUserView, response.json());
}

async function userCompliance(token: string) {
  const state = z.parse(
    complianceState,
    (await server.app.inject({ method: 'GET', url: '/api/v1/user/compliance', headers: bearer(token) })).json(),
  );
  const settings = z.parse(
    userSettings,
    (await server.app.inject({ method: 'GET', url: '/api/v1/user/settings', headers: bearer(token) })).json(),
  );
  return { state, settings: settings.compliance };
}

async function loggedActions(userId: number) {
  return server.database.db
    .select({ operatorId: operatorActions.operatorId, action: operatorActions.action, reason: operatorActions.reason })
    .from(operatorActions)
    .where(eq(operatorActions.targetUserId, userId));
}

describe('the operator area is hidden from everyone but operators', () => {
  const calls = (userId: number) =>
    [
      ['GET', `/api/v1/operator/users/${userId}`, undefined],
      ['POST', `/api/v1/operator/users/${userId}/restrictions`, { lock: true, reason: 'test' }],
      ['POST', `/api/v1/operator/users/${userId}/restrictions`, { not: 'even valid' }],
      [
        'POST',
        `/api/v1/operator/users/${userId}/document-requests`,
        { documents: [{ type: 'passport' }], reason: 'x' },
      ],
      ['GET', `/api/v1/operator/users/${userId}/documents/abc/file`, undefined],
    ] as const;

  it('answers a signed-in person who is not an operator 404 not_found, as for a path that does not exist, and changes nothing', async () => {
    const person = await signInTestUser(server.database);

    for (const [method, url, payload] of calls(person.userId)) {
      const response = await server.app.inject({
        method,
        url,
        headers: bearer(person.token),
        ...(payload === undefined ? {} : { payload }),
      });

      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(z.parse(apiErrorBody, response.json())).toEqual({
        code: 'not_found',
        message: `No API endpoint ${method} ${url}`,
      });
    }
    expect((await userCompliance(person.token)).settings.lock).toBe(false);
    expect(await loggedActions(person.userId)).toEqual([]);
  });

  it('answers 404 without a session, and to an operator’s session cookie on a form post', async () => {
    const person = await signInTestUser(server.database);

    for (const [method, url, payload] of calls(person.userId)) {
      const response = await server.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const forged = await server.app.inject({
      method: 'POST',
      url: `/api/v1/operator/users/${person.userId}/restrictions`,
      headers: { 'content-type': 'text/plain' },
      cookies: { [sessionCookieName]: operatorToken },
      payload: 'lock=true',
    });
    expect(forged.statusCode).toBe(404);
  });

  it('lets an operator look a person up', async () => {
    const person = await signInTestUser(server.database);

    const view = await operatorView('GET', `/users/${person.userId}`);

    expect(view).toMatchObject({
      user: { id: person.userId, first_name: 'Alice' },
      compliance: { lock: false, ban: false, ban_reason: null, pending_actions_from_user: false, soft_ban_until: null },
      request: { kind: 'inactive' },
      documents: [],
      actions: [],
    });
  });

  it('answers an operator 404 user_not_found for someone who never signed in', async () => {
    const response = await asOperator('GET', '/users/999999999999');

    expect(response.statusCode).toBe(404);
    expect(z.parse(apiErrorBody, response.json())).toEqual({ code: 'user_not_found', message: 'No such user' });
  });
});

describe('requesting documents and reviewing them', () => {
  it('runs the whole loop: requested → uploaded (on review, pending) → approved (inactive), each step logged', async () => {
    const person = await signInTestUser(server.database);

    const requested = await operatorView('POST', `/users/${person.userId}/document-requests`, {
      documents: [{ type: 'passport', comment: 'The page with your photo' }],
      message: 'We need to check your identity',
      reason: 'Deposit over the threshold',
    });
    const shortId = requested.documents[0]?.short_id ?? '';
    expect(requested.documents).toMatchObject([
      { type: 'passport', status: 'requested', comment: 'The page with your photo', file: null },
    ]);
    expect(await userCompliance(person.token)).toMatchObject({
      state: { kind: 'documents_requested', message: 'We need to check your identity', requested_documents: [shortId] },
      settings: { pending_actions_from_user: true },
    });

    const upload = await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${shortId}/file`, person.token, [
        { name: 'file', filename: 'passport.png', contentType: 'image/png', content: sampleFiles.png },
      ]),
    );
    expect(upload.statusCode).toBe(200);
    expect(await userCompliance(person.token)).toMatchObject({
      state: { kind: 'pending', requested_documents: [] },
      settings: { pending_actions_from_user: false },
    });

    const file = await server.app.inject({
      method: 'GET',
      url: `/api/v1/operator/users/${person.userId}/documents/${shortId}/file`,
      headers: bearer(operatorToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="passport.png"; filename*=UTF-8''passport.png`,
    );
    expect(file.rawPayload.equals(Buffer.from(sampleFiles.png))).toBe(true);

    const approved = await operatorView('POST', `/users/${person.userId}/documents/${shortId}/review`, {
      decision: 'approve',
    });
    expect(approved.documents).toMatchObject([
      { short_id: shortId, status: 'approved', uploaded_name: 'passport.png' },
    ]);
    expect(approved.request.kind).toBe('inactive');
    expect(await loggedActions(person.userId)).toEqual(
      expect.arrayContaining([
        { operatorId, action: 'request_documents', reason: 'Deposit over the threshold' },
        { operatorId, action: 'approve_document', reason: '' },
      ]),
    );
  });

  it('rejects a document with a comment the person reads', async () => {
    const person = await signInTestUser(server.database);
    const requested = await operatorView('POST', `/users/${person.userId}/document-requests`, {
      documents: [{ type: 'proof_of_address' }],
      reason: 'Address check',
    });
    const shortId = requested.documents[0]?.short_id ?? '';
    await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${shortId}/file`, person.token, [
        { name: 'file', filename: 'bill.pdf', content: sampleFiles.pdf },
      ]),
    );

    await operatorView('POST', `/users/${person.userId}/documents/${shortId}/review`, {
      decision: 'reject',
      comment: 'The bill is older than three months',
    });

    const document = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/compliance-documents/${shortId}`,
      headers: bearer(person.token),
    });
    expect(document.json()).toMatchObject({ status: 'rejected', comment: 'The bill is older than three months' });
    expect(await loggedActions(person.userId)).toContainEqual({
      operatorId,
      action: 'reject_document',
      reason: 'The bill is older than three months',
    });
  });

  it('refuses to review a document that has no file yet with 409 document_not_on_review, and a rejection without a comment with 400', async () => {
    const person = await signInTestUser(server.database);
    const requested = await operatorView('POST', `/users/${person.userId}/document-requests`, {
      documents: [{ type: 'selfie' }],
      reason: 'Liveness',
    });
    const shortId = requested.documents[0]?.short_id ?? '';

    const early = await asOperator('POST', `/users/${person.userId}/documents/${shortId}/review`, {
      decision: 'approve',
    });
    const silent = await asOperator('POST', `/users/${person.userId}/documents/${shortId}/review`, {
      decision: 'reject',
    });

    expect(early.statusCode).toBe(409);
    expect(z.parse(apiErrorBody, early.json()).code).toBe('document_not_on_review');
    expect(silent.statusCode).toBe(400);
    expect(z.parse(apiErrorBody, silent.json()).code).toBe('validation_failed');
  });

  it('asks for a verification level: verification_requested, waiting for the person', async () => {
    const person = await signInTestUser(server.database);

    await operatorView('POST', `/users/${person.userId}/verification-request`, {
      level: 'p2p-merchant',
      message: 'Verify your address to keep trading',
      reason: 'Merchant volume',
    });

    expect(await userCompliance(person.token)).toMatchObject({
      state: { kind: 'verification_requested', level: 'p2p-merchant', message: 'Verify your address to keep trading' },
      settings: { pending_actions_from_user: true },
    });

    await operatorView('POST', `/users/${person.userId}/compliance-request/close`, {
      reason: 'Verified by phone call',
    });

    expect(await userCompliance(person.token)).toMatchObject({
      state: { kind: 'inactive', level: null, message: null },
      settings: { pending_actions_from_user: false },
    });
  });
});

describe('restrictions', () => {
  it('sets and lifts lock, ban (with its reason) and a soft ban, each change logged with the operator’s reason', async () => {
    const person = await signInTestUser(server.database);

    await operatorView('POST', `/users/${person.userId}/restrictions`, {
      lock: true,
      reason: 'Chargeback investigation',
    });
    expect((await userCompliance(person.token)).settings).toMatchObject({ lock: true, ban: false });

    await operatorView('POST', `/users/${person.userId}/restrictions`, {
      lock: false,
      ban: true,
      ban_reason: 'Fraud',
      reason: 'Confirmed fraud ring',
    });
    expect((await userCompliance(person.token)).settings).toMatchObject({
      lock: false,
      ban: true,
      ban_reason: 'Fraud',
    });

    await operatorView('POST', `/users/${person.userId}/restrictions`, {
      ban: false,
      soft_ban_until: '2031-01-02T03:04:05.000Z',
      reason: 'Appeal accepted, cooling-off',
    });
    expect((await userCompliance(person.token)).settings).toMatchObject({
      ban: false,
      ban_reason: null,
      soft_ban_until: '2031-01-02T03:04:05.000Z',
    });

    await operatorView('POST', `/users/${person.userId}/restrictions`, {
      soft_ban_until: null,
      reason: 'Cooling-off over',
    });
    expect((await userCompliance(person.token)).settings.soft_ban_until).toBeNull();

    expect(await loggedActions(person.userId)).toEqual(
      expect.arrayContaining([
        { operatorId, action: 'lock', reason: 'Chargeback investigation' },
        { operatorId, action: 'unlock', reason: 'Confirmed fraud ring' },
        { operatorId, action: 'ban', reason: 'Confirmed fraud ring' },
        { operatorId, action: 'unban', reason: 'Appeal accepted, cooling-off' },
        { operatorId, action: 'soft_ban', reason: 'Appeal accepted, cooling-off' },
        { operatorId, action: 'lift_soft_ban', reason: 'Cooling-off over' },
      ]),
    );
    expect(await loggedActions(person.userId)).toHaveLength(6);
  });

  it.each([
    ['no reason', { lock: true }],
    ['an empty reason', { lock: true, reason: '  ' }],
    ['nothing to change', { reason: 'Because' }],
    ['an unknown field', { lock: true, reason: 'Because', pending_actions_from_user: false }],
    ['a ban reason without a ban', { lock: true, ban_reason: 'x', reason: 'Because' }],
    ['a soft ban that is not a time', { soft_ban_until: 'tomorrow', reason: 'Because' }],
  ])('refuses %s with 400 validation_failed and changes nothing', async (_case, payload) => {
    const person = await signInTestUser(server.database);

    const response = await asOperator('POST', `/users/${person.userId}/restrictions`, payload);

    expect(response.statusCode).toBe(400);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('validation_failed');
    expect((await userCompliance(person.token)).settings).toMatchObject({
      lock: false,
      ban: false,
      soft_ban_until: null,
    });
    expect(await loggedActions(person.userId)).toEqual([]);
  });
});

describe('OPERATOR_IDS', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'kopilka-operators-'));

  it('names no operator when unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).operatorIds).toEqual([]);
  });

  it('reads Telegram ids separated by commas, once each', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), OPERATOR_IDS: '12345, 67890,12345' }).operatorIds).toEqual([12345, 67890]);
  });

  it.each(['12345;67890', 'olga', '0', '12345,', '-5'])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPERATOR_IDS: value })).toThrow(
      'OPERATOR_IDS: Expected Telegram user ids separated by commas',
    );
  });
});
