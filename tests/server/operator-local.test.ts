import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { complianceDocumentList, complianceState } from '../../src/contract/compliance';
import { userSettings } from '../../src/contract/settings';
import { operatorActions } from '../../src/server/db/schema/compliance';
import { multipartPost, sampleFiles } from './helpers/multipart';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ telegram: { localMode: true }, rateLimits: { file_upload: {} } });
});
afterAll(() => server.close());

const origin = 'http://localhost';

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/local/operator',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function stateOf(token: string) {
  const compliance = z.parse(
    complianceState,
    (await server.app.inject({ method: 'GET', url: '/api/v1/user/compliance', headers: bearer(token) })).json(),
  );
  const settings = z.parse(
    userSettings,
    (await server.app.inject({ method: 'GET', url: '/api/v1/user/settings', headers: bearer(token) })).json(),
  ).compliance;
  return { compliance, settings };
}

async function loggedActions(userId: number) {
  return server.database.db
    .select({ operatorId: operatorActions.operatorId, action: operatorActions.action, reason: operatorActions.reason })
    .from(operatorActions)
    .where(eq(operatorActions.targetUserId, userId));
}

describe('the local operator page', () => {
  it('is a script-free page in English and in Russian', async () => {
    const person = await signInTestUser(server.database);

    const english = await server.app.inject({ method: 'GET', url: `/local/operator?user_id=${person.userId}` });
    const russian = await server.app.inject({
      method: 'GET',
      url: `/local/operator?user_id=${person.userId}`,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });

    expect(english.statusCode).toBe(200);
    expect(english.headers['content-security-policy']).toContain("default-src 'none'");
    expect(english.body).not.toContain('<script');
    expect(english.body).toContain('Compliance operator (local)');
    expect(english.body).toContain('Request a document');
    expect(russian.body).toContain('Оператор комплаенса (локально)');
    expect(russian.body).toContain('Запросить документ');
  });

  it('says so when no user has the id', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/local/operator?user_id=999999999999' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No user with this id.');
  });

  it('requests a document, shows the uploaded file and approves it, logged as the stand-in', async () => {
    const person = await signInTestUser(server.database);

    const requested = await post({
      action: 'request_documents',
      user_id: String(person.userId),
      type: 'passport',
      comment: 'The page with your photo',
      message: '',
      reason: 'Deposit review',
    });

    expect(requested.statusCode).toBe(303);
    expect(requested.headers.location).toBe(`/local/operator?user_id=${person.userId}`);
    const { compliance } = await stateOf(person.token);
    expect(compliance.kind).toBe('documents_requested');
    const [shortId = ''] = compliance.requested_documents;
    await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${shortId}/file`, person.token, [
        { name: 'file', filename: 'passport.jpg', contentType: 'image/jpeg', content: sampleFiles.jpeg },
      ]),
    );

    const page = await server.app.inject({ method: 'GET', url: `/local/operator?user_id=${person.userId}` });
    expect(page.body).toContain(`/local/operator/file?user_id=${person.userId}&amp;short_id=${shortId}`);
    const file = await server.app.inject({
      method: 'GET',
      url: `/local/operator/file?user_id=${person.userId}&short_id=${shortId}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="passport.jpg"; filename*=UTF-8''passport.jpg`,
    );

    const approved = await post({
      action: 'review',
      user_id: String(person.userId),
      short_id: shortId,
      decision: 'approve',
      comment: '',
    });

    expect(approved.statusCode).toBe(303);
    const list = z.parse(
      complianceDocumentList,
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/user/compliance-documents',
          headers: bearer(person.token),
        })
      ).json(),
    );
    expect(list.items).toMatchObject([{ short_id: shortId, status: 'approved' }]);
    expect((await stateOf(person.token)).compliance.kind).toBe('inactive');
    expect(await loggedActions(person.userId)).toEqual([
      { operatorId: null, action: 'request_documents', reason: 'Deposit review' },
      { operatorId: null, action: 'approve_document', reason: '' },
    ]);
  });

  it('locks the money and logs only what changed', async () => {
    const person = await signInTestUser(server.database);

    const response = await post({
      action: 'restrictions',
      user_id: String(person.userId),
      lock: '1',
      ban_reason: '',
      soft_ban_until: '',
      reason: 'Chargeback',
    });

    expect(response.statusCode).toBe(303);
    expect((await stateOf(person.token)).settings).toMatchObject({ lock: true, ban: false, soft_ban_until: null });
    expect(await loggedActions(person.userId)).toEqual([{ operatorId: null, action: 'lock', reason: 'Chargeback' }]);
  });

  it('sets a soft ban from the date and time field, read as UTC', async () => {
    const person = await signInTestUser(server.database);

    await post({
      action: 'restrictions',
      user_id: String(person.userId),
      soft_ban_until: '2031-01-02T03:04',
      reason: 'Cooling-off',
    });

    expect((await stateOf(person.token)).settings.soft_ban_until).toBe('2031-01-02T03:04:00.000Z');
  });

  it('refuses a form without a reason with 400 and the reason why, and changes nothing', async () => {
    const person = await signInTestUser(server.database);

    const response = await post({ action: 'restrictions', user_id: String(person.userId), lock: '1', reason: '' });

    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The form is not valid: a reason is required, and a rejection needs a comment.');
    expect((await stateOf(person.token)).settings.lock).toBe(false);
    expect(await loggedActions(person.userId)).toEqual([]);
  });

  it('refuses a form posted from another site with 403, and changes nothing', async () => {
    const person = await signInTestUser(server.database);

    const response = await post(
      { action: 'restrictions', user_id: String(person.userId), lock: '1', reason: 'Forged' },
      { origin: 'https://evil.example' },
    );

    expect(response.statusCode).toBe(403);
    expect((await stateOf(person.token)).settings.lock).toBe(false);
  });

  it('does not exist outside local mode', async () => {
    const production = await createTestServer();
    try {
      const page = await production.app.inject({ method: 'GET', url: '/local/operator' });
      expect(page.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
