import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { complianceDocument, complianceDocumentList, complianceState } from '../../src/contract/compliance';
import { apiErrorBody } from '../../src/contract/errors';
import { userSettings } from '../../src/contract/settings';
import { storedFiles } from '../../src/server/db/schema/compliance';
import { verificationSteps } from '../../src/server/db/schema/verification';
import { requestDocuments, requestVerification } from '../../src/server/modules/operator/service';
import { defaultFeatureFlagPolicy } from '../../src/server/modules/settings/feature-flags';
import { diskFileStore } from '../../src/server/modules/uploads/file-store';
import { createUploads } from '../../src/server/modules/uploads/service';
import { multipartPost, sampleFiles } from './helpers/multipart';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ rateLimits: { file_upload: {} } });
});
afterAll(() => server.close());

const get = (url: string, token: string | null) =>
  server.app.inject({ method: 'GET', url, headers: token === null ? {} : { authorization: `Bearer ${token}` } });

const jpegPart = (filename = 'passport.jpg') => ({
  name: 'file',
  filename,
  contentType: 'image/jpeg',
  content: sampleFiles.jpeg,
});

/** What the operator service functions need; its uploads only read file rows here, never the store. */
function operatorDeps() {
  const now = () => new Date();
  const uploads = createUploads({ db: server.database.db, store: diskFileStore('/nonexistent'), now });
  return { db: server.database.db, uploads, now, featureFlags: defaultFeatureFlagPolicy(false) };
}

/** An operator's request through the same service function the operator API calls. */
async function operatorRequests(userId: number, types: readonly ('passport' | 'proof_of_address')[]) {
  const view = await requestDocuments(operatorDeps(), { operatorId: null }, userId, {
    documents: types.map((type) => ({ type, comment: `Upload your ${type.replace(/_/g, ' ')}` })),
    message: 'Please send the documents below',
    reason: 'Large deposit review',
  });
  return view.documents.map((document) => document.short_id);
}

async function compliance(token: string) {
  const response = await get('/api/v1/user/compliance', token);
  expect(response.statusCode).toBe(200);
  return z.parse(complianceState, response.json());
}

async function settingsCompliance(token: string) {
  const response = await get('/api/v1/user/settings', token);
  return z.parse(userSettings, response.json()).compliance;
}

async function storedFileCount(): Promise<number> {
  const [row] = await server.database.db.select({ count: sql<number>`count(*)::int` }).from(storedFiles);
  return row?.count ?? -1;
}

describe('GET /user/compliance and /user/compliance-documents', () => {
  it('answers a person nobody asked anything of: inactive, no documents', async () => {
    const { token } = await signInTestUser(server.database);

    expect(await compliance(token)).toEqual({
      kind: 'inactive',
      message: null,
      level: null,
      requested_documents: [],
      updated_at: null,
    });
    const list = await get('/api/v1/user/compliance-documents', token);
    expect(list.json()).toEqual({ items: [] });
  });

  it('answers 401 without a session', async () => {
    for (const url of [
      '/api/v1/user/compliance',
      '/api/v1/user/compliance-documents',
      '/api/v1/user/compliance-documents/abc',
    ]) {
      const response = await get(url, null);
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses a query string it does not define with 400 validation_failed', async () => {
    const { token } = await signInTestUser(server.database);

    const response = await get('/api/v1/user/compliance-documents?owner_id=1', token);

    expect(response.statusCode).toBe(400);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('validation_failed');
  });
});

describe('a requested document', () => {
  it('is listed as requested with the operator’s comment, and the request waits for the person', async () => {
    const { userId, token } = await signInTestUser(server.database);

    const [shortId] = await operatorRequests(userId, ['passport']);

    expect(await compliance(token)).toMatchObject({
      kind: 'documents_requested',
      message: 'Please send the documents below',
      requested_documents: [shortId],
    });
    expect(await settingsCompliance(token)).toMatchObject({ pending_actions_from_user: true });
    const list = z.parse(complianceDocumentList, (await get('/api/v1/user/compliance-documents', token)).json());
    expect(list.items).toEqual([
      {
        short_id: shortId,
        type: 'passport',
        status: 'requested',
        uploaded_at: null,
        uploaded_name: null,
        comment: 'Upload your passport',
      },
    ]);
  });

  it('goes on review when its file is uploaded; the request is pending once nothing is left to upload', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const [passport, address] = await operatorRequests(userId, ['passport', 'proof_of_address']);

    const first = await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${passport}/file`, token, [jpegPart('passport photo.jpg')]),
    );

    expect(first.statusCode).toBe(200);
    expect(z.parse(complianceDocument, first.json())).toMatchObject({
      short_id: passport,
      status: 'on_review',
      uploaded_name: 'passport photo.jpg',
    });
    expect(await compliance(token)).toMatchObject({ kind: 'documents_requested', requested_documents: [address] });
    expect(await settingsCompliance(token)).toMatchObject({ pending_actions_from_user: true });

    const second = await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${address}/file`, token, [
        { name: 'file', filename: 'bill.pdf', contentType: 'application/pdf', content: sampleFiles.pdf },
      ]),
    );

    expect(second.statusCode).toBe(200);
    expect(await compliance(token)).toMatchObject({ kind: 'pending', requested_documents: [] });
    expect(await settingsCompliance(token)).toMatchObject({ pending_actions_from_user: false });
  });

  it('refuses a second file with 409 document_not_requested and keeps the first', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const [shortId] = await operatorRequests(userId, ['passport']);
    const url = `/api/v1/user/compliance-documents/${shortId}/file`;
    await server.app.inject(multipartPost(url, token, [jpegPart('first.jpg')]));
    const before = await storedFileCount();

    const again = await server.app.inject(multipartPost(url, token, [jpegPart('second.jpg')]));

    expect(again.statusCode).toBe(409);
    expect(z.parse(apiErrorBody, again.json())).toEqual({
      code: 'document_not_requested',
      message: 'This document is not waiting for a file',
    });
    expect(await storedFileCount()).toBe(before);
    const document = z.parse(
      complianceDocument,
      (await get(`/api/v1/user/compliance-documents/${shortId}`, token)).json(),
    );
    expect(document.uploaded_name).toBe('first.jpg');
  });

  it('serves its file to its owner as an attachment of the recognised type', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const [shortId] = await operatorRequests(userId, ['passport']);
    await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${shortId}/file`, token, [jpegPart('passport.jpg')]),
    );

    const response = await get(`/api/v1/user/compliance-documents/${shortId}/file`, token);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="passport.jpg"; filename*=UTF-8''passport.jpg`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(Buffer.from(sampleFiles.jpeg))).toBe(true);
  });

  it('has no file to serve while it is only requested: 404 document_not_found', async () => {
    const { userId, token } = await signInTestUser(server.database);
    const [shortId] = await operatorRequests(userId, ['passport']);

    const response = await get(`/api/v1/user/compliance-documents/${shortId}/file`, token);

    expect(response.statusCode).toBe(404);
    expect(z.parse(apiErrorBody, response.json()).code).toBe('document_not_found');
  });
});

describe('another person’s document', () => {
  it('cannot be read, downloaded or uploaded to by its short id: 404 document_not_found, as if it did not exist', async () => {
    const owner = await signInTestUser(server.database);
    const stranger = await signInTestUser(server.database);
    const [shortId] = await operatorRequests(owner.userId, ['passport']);
    await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${shortId}/file`, owner.token, [jpegPart('owner.jpg')]),
    );
    const before = await storedFileCount();

    const read = await get(`/api/v1/user/compliance-documents/${shortId}`, stranger.token);
    const download = await get(`/api/v1/user/compliance-documents/${shortId}/file`, stranger.token);
    const upload = await server.app.inject(
      multipartPost(`/api/v1/user/compliance-documents/${shortId}/file`, stranger.token, [jpegPart('mine.jpg')]),
    );
    const madeUp = await get('/api/v1/user/compliance-documents/zzzzzzzzzz', stranger.token);

    for (const response of [read, download, upload, madeUp]) {
      expect(response.statusCode).toBe(404);
      expect(z.parse(apiErrorBody, response.json())).toEqual({
        code: 'document_not_found',
        message: 'No such document',
      });
    }
    expect(await storedFileCount()).toBe(before);
    const list = z.parse(
      complianceDocumentList,
      (await get('/api/v1/user/compliance-documents', stranger.token)).json(),
    );
    expect(list.items).toEqual([]);
  });
});

describe('a verification request', () => {
  it('ends by itself once the person holds the level asked for', async () => {
    const { userId, token } = await signInTestUser(server.database);
    await requestVerification(operatorDeps(), { operatorId: null }, userId, {
      level: 'basic',
      message: 'Confirm your phone and personal data',
      reason: 'Withdrawal review',
    });
    const completed = (type: 'PHONE_NUMBER' | 'BASIC') => ({
      userId,
      type,
      status: 'completed' as const,
      result: 'OK' as const,
      updatedAt: new Date(),
    });

    await server.database.db.insert(verificationSteps).values(completed('PHONE_NUMBER'));
    expect(await compliance(token)).toMatchObject({ kind: 'verification_requested', level: 'basic' });

    await server.database.db.insert(verificationSteps).values(completed('BASIC'));
    expect(await compliance(token)).toMatchObject({ kind: 'inactive', level: null, message: null });
    expect(await settingsCompliance(token)).toMatchObject({ pending_actions_from_user: false });
  });
});
