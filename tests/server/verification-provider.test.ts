import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { providerFile, providerSubmission, verificationFlow, verificationStep } from '../../src/contract/verification';
import { providerSubmissions } from '../../src/server/db/schema/verification';
import { diskFileStore } from '../../src/server/modules/uploads/file-store';
import { createUploads } from '../../src/server/modules/uploads/service';
import {
  applyProviderDecision,
  type IdentityProvider,
  type ReviewRequest,
} from '../../src/server/modules/verification/identity-provider';
import { submitProviderStep } from '../../src/server/modules/verification/provider-steps';
import { multipartPost, sampleFiles } from './helpers/multipart';
import { type Call, caller, expectError, ok } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';
import { decide, passBasic, passProviderStep, uploadedFileId, uploadStepFile } from './helpers/verification';

const submissionAnswer = z.object({ submission: z.nullable(providerSubmission) });

describe('provider steps (SUMSUB_*) with the local identity provider', () => {
  let server: TestServer;
  let remote: TestServer;
  const now = new Date('2026-11-01T12:00:00Z');

  beforeAll(async () => {
    server = await createTestServer({ now, telegram: { localMode: true } });
    remote = await createTestServer({ now });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  interface Person {
    readonly send: Call;
    readonly userId: number;
    readonly token: string;
  }

  async function signedIn(): Promise<Person> {
    const { userId, token } = await signInTestUser(server.database);
    return { send: caller(server, token), userId, token };
  }

  /** A person who has passed PHONE_NUMBER and BASIC, so SUMSUB_BASIC is the next step. */
  async function readyForPassport(): Promise<Person> {
    const person = await signedIn();
    await passBasic(person.send, person.userId, now);
    return person;
  }

  async function submission(send: Call, type = 'SUMSUB_BASIC') {
    return ok(await send('GET', `/verification/provider/${type}`), submissionAnswer).submission;
  }

  async function stepOf(send: Call, type: string) {
    return ok(await send('GET', '/verification-flow/full'), verificationFlow).steps.find((step) => step.type === type);
  }

  function reviewPage(target: TestServer = server, language = 'en') {
    return target.app.inject({
      method: 'GET',
      url: '/local/identity-provider',
      headers: { 'accept-language': language },
    });
  }

  describe('uploading files', () => {
    it('keeps an image for the step and answers its id, the person’s own name and the time', async () => {
      const { token } = await readyForPassport();

      const file = ok(await uploadStepFile(server, token, 'SUMSUB_BASIC', 'my passport.png'), providerFile);

      expect(file).toEqual({
        id: expect.any(String),
        name: 'my passport.png',
        uploaded_at: '2026-11-01T12:00:00.000Z',
      });
    });

    it('refuses files for a step whose earlier steps are not completed, before reading them', async () => {
      const { token } = await signedIn();

      expectError(await uploadStepFile(server, token, 'SUMSUB_BASIC'), 409, 'step_unavailable');
    });

    it('refuses a renamed executable by its bytes', async () => {
      const { token } = await readyForPassport();

      const response = await server.app.inject(
        multipartPost('/api/v1/verification/provider/SUMSUB_BASIC/files', token, [
          { name: 'file', filename: 'passport.png', contentType: 'image/png', content: sampleFiles.exe },
        ]),
      );

      expectError(response, 415, 'file_type_refused');
    });

    it('refuses an upload without a session', async () => {
      const response = await server.app.inject(
        multipartPost('/api/v1/verification/provider/SUMSUB_BASIC/files', null, [
          { name: 'file', filename: 'passport.png', contentType: 'image/png', content: sampleFiles.png },
        ]),
      );

      expectError(response, 401, 'unauthorized');
    });

    it('refuses an unknown step type', async () => {
      const { token } = await readyForPassport();

      expectError(await uploadStepFile(server, token, 'BASIC'), 400, 'validation_failed');
    });
  });

  describe('submitting for review', () => {
    it('puts the step in review with PENDING and keeps the submission with its files in order', async () => {
      const { send, token } = await readyForPassport();
      const front = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      const back = await uploadedFileId(server, token, 'SUMSUB_BASIC');

      const step = ok(
        await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [back, front] }),
        verificationStep,
      );

      expect(step).toEqual({
        type: 'SUMSUB_BASIC',
        status: 'in_progress',
        result: 'PENDING',
        reason: null,
        updated_at: '2026-11-01T12:00:00.000Z',
      });
      expect(await submission(send)).toEqual({
        id: expect.any(String),
        type: 'SUMSUB_BASIC',
        status: 'on_review',
        files: [
          { id: back, name: 'passport.png', uploaded_at: '2026-11-01T12:00:00.000Z' },
          { id: front, name: 'passport.png', uploaded_at: '2026-11-01T12:00:00.000Z' },
        ],
        reason: null,
        created_at: '2026-11-01T12:00:00.000Z',
      });
      expect(ok(await send('GET', '/verification-flow/p2c-client'), verificationFlow).status).toBe('action_required');
    });

    it('refuses a second submission while the first is in review', async () => {
      const { send, token } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }), verificationStep);

      expectError(
        await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }),
        409,
        'step_unavailable',
      );
      expectError(await uploadStepFile(server, token, 'SUMSUB_BASIC'), 409, 'step_unavailable');
    });

    it('takes one of two submissions sent at the same time and refuses the other', async () => {
      const { send, token, userId } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');

      const answers = await Promise.all([
        send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }),
        send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }),
      ]);

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const rows = await server.database.db
        .select()
        .from(providerSubmissions)
        .where(eq(providerSubmissions.userId, userId));
      expect(rows).toHaveLength(1);
    });

    it('refuses the address step while the passport is only in review', async () => {
      const { send, token } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }), verificationStep);

      expectError(
        await send('POST', '/verification/provider/SUMSUB_ADDRESS/submit', { file_ids: [fileId] }),
        409,
        'step_unavailable',
      );
      expect(await stepOf(send, 'SUMSUB_ADDRESS')).toMatchObject({ status: 'blocked' });
    });

    it('refuses another person’s file with 404 and changes nothing', async () => {
      const alice = await readyForPassport();
      const bob = await readyForPassport();
      const alicesFile = await uploadedFileId(server, alice.token, 'SUMSUB_BASIC');

      expectError(
        await bob.send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [alicesFile] }),
        404,
        'file_not_found',
      );
      expect(await submission(bob.send)).toBeNull();
      expect(await stepOf(bob.send, 'SUMSUB_BASIC')).toMatchObject({ status: 'not_started' });
    });

    it('refuses an id that is no file at all, even beside an own file', async () => {
      const { send, token } = await readyForPassport();
      const own = await uploadedFileId(server, token, 'SUMSUB_BASIC');

      expectError(
        await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [own, randomUUID()] }),
        404,
        'file_not_found',
      );
      expectError(
        await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: ['../../etc/passwd'] }),
        404,
        'file_not_found',
      );
    });

    it.each([
      ['an unknown field', { file_ids: ['a'], note: 'hi' }],
      ['no files', { file_ids: [] }],
      ['six files', { file_ids: ['1', '2', '3', '4', '5', '6'] }],
      ['a file id that is not text', { file_ids: [7] }],
    ])('refuses %s with 400', async (_name, body) => {
      const { send } = await readyForPassport();

      expectError(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', body), 400, 'validation_failed');
    });

    it('shows a person only their own submission', async () => {
      const alice = await readyForPassport();
      const bob = await readyForPassport();
      const fileId = await uploadedFileId(server, alice.token, 'SUMSUB_BASIC');
      ok(
        await alice.send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }),
        verificationStep,
      );

      expect(await submission(bob.send)).toBeNull();
      expectError(await bob.send('GET', `/user/files/${fileId}`), 404, 'file_not_found');
    });
  });

  describe('the identity provider interface', () => {
    it('hands the submission to the provider with its files, keeps the provider’s id and takes its decision', async () => {
      const { send, token, userId } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      const started: ReviewRequest[] = [];
      const provider: IdentityProvider = {
        name: 'sumsub',
        start: async (request) => {
          started.push(request);
          return { externalId: 'applicant-77' };
        },
      };
      const uploads = createUploads({ db: server.database.db, store: diskFileStore(tmpdir()), now: () => now });

      await submitProviderStep({ db: server.database.db, uploads, provider, now: () => now }, userId, 'SUMSUB_BASIC', [
        fileId,
      ]);

      const [row] = await server.database.db
        .select()
        .from(providerSubmissions)
        .where(eq(providerSubmissions.userId, userId));
      expect(row).toMatchObject({ provider: 'sumsub', externalId: 'applicant-77', status: 'on_review' });
      expect(started).toEqual([
        {
          submissionId: row?.id,
          userId,
          type: 'SUMSUB_BASIC',
          files: [expect.objectContaining({ id: fileId, ownerId: userId, mediaType: 'image/png' })],
        },
      ]);
      const decision = { submissionId: row?.id ?? '', approved: false, reason: 'Expired document', reviewer: 'sumsub' };
      expect(await applyProviderDecision(server.database.db, decision, now)).toBe('applied');
      expect(await applyProviderDecision(server.database.db, decision, now)).toBe('already_decided');
      expect(await stepOf(send, 'SUMSUB_BASIC')).toMatchObject({
        status: 'rejected',
        result: 'REJECTED',
        reason: 'Expired document',
      });
    });
  });

  describe('the local reviewer page /local/identity-provider', () => {
    it('lists a submission in review with its person, step and files, in a page that runs no script', async () => {
      const { send, token, userId } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }), verificationStep);
      const submitted = await submission(send);

      const page = await reviewPage();

      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`User ${userId}`);
      expect(page.body).toContain('<h2>Passport</h2>');
      expect(page.body).toContain(`<img src="/local/identity-provider/files/${fileId}"`);
      expect(page.body).toContain(`value="${submitted?.id}"`);
      expect(page.body).not.toContain('<script');
      expect(page.headers['content-security-policy']).toContain("img-src 'self'");
    });

    it('speaks Russian to a Russian browser', async () => {
      const page = await reviewPage(server, 'ru');

      expect(page.body).toContain('Сервис проверки личности (локально)');
    });

    it('serves a submitted file, and no file that was never submitted', async () => {
      const { send, token } = await readyForPassport();
      const submittedFile = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      const loose = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(
        await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [submittedFile] }),
        verificationStep,
      );

      const served = await server.app.inject({ method: 'GET', url: `/local/identity-provider/files/${submittedFile}` });
      const refused = await server.app.inject({ method: 'GET', url: `/local/identity-provider/files/${loose}` });
      const malformed = await server.app.inject({ method: 'GET', url: '/local/identity-provider/files/..%2F..%2Fetc' });

      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(Buffer.from(sampleFiles.png))).toBe(true);
      expect(refused.statusCode).toBe(404);
      expect(malformed.statusCode).toBe(404);
    });

    it('approving completes the step with OK and takes the submission off the list', async () => {
      const { send, token } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }), verificationStep);
      const id = (await submission(send))?.id ?? '';

      const response = await decide(server, id, 'approve');

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/local/identity-provider');
      expect(await stepOf(send, 'SUMSUB_BASIC')).toMatchObject({ status: 'completed', result: 'OK', reason: null });
      expect(await submission(send)).toMatchObject({ status: 'approved', reason: null });
      expect((await reviewPage()).body).not.toContain(`value="${id}"`);
      const [row] = await server.database.db.select().from(providerSubmissions).where(eq(providerSubmissions.id, id));
      expect(row).toMatchObject({ provider: 'local', reviewer: 'local' });
    });

    it('rejecting needs a reason, then rejects the step with REJECTED and the reason, and lets the person try again', async () => {
      const { send, token } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }), verificationStep);
      const id = (await submission(send))?.id ?? '';

      expect((await decide(server, id, 'reject', '   ')).statusCode).toBe(400);
      expect(await stepOf(send, 'SUMSUB_BASIC')).toMatchObject({ status: 'in_progress' });

      expect((await decide(server, id, 'reject', 'The photo is blurred')).statusCode).toBe(303);
      expect(await stepOf(send, 'SUMSUB_BASIC')).toMatchObject({
        status: 'rejected',
        result: 'REJECTED',
        reason: 'The photo is blurred',
      });
      expect(await submission(send)).toMatchObject({ status: 'rejected', reason: 'The photo is blurred' });

      const again = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      const step = ok(
        await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [again] }),
        verificationStep,
      );
      expect(step).toMatchObject({ status: 'in_progress', result: 'PENDING', reason: null });
    });

    it('refuses a second decision on the same submission, and one for a submission that does not exist', async () => {
      const { send, token } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }), verificationStep);
      const id = (await submission(send))?.id ?? '';
      await decide(server, id, 'approve');

      expect((await decide(server, id, 'reject', 'Changed my mind')).statusCode).toBe(409);
      expect((await decide(server, randomUUID(), 'approve')).statusCode).toBe(404);
      expect(await stepOf(send, 'SUMSUB_BASIC')).toMatchObject({ status: 'completed' });
    });

    it('refuses a decision posted from another site', async () => {
      const { send, token } = await readyForPassport();
      const fileId = await uploadedFileId(server, token, 'SUMSUB_BASIC');
      ok(await send('POST', '/verification/provider/SUMSUB_BASIC/submit', { file_ids: [fileId] }), verificationStep);
      const id = (await submission(send))?.id ?? '';

      const response = await server.app.inject({
        method: 'POST',
        url: '/local/identity-provider/decide',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: new URLSearchParams({ submission_id: id, decision: 'approve', reason: '' }).toString(),
      });

      expect(response.statusCode).toBe(403);
      expect(await stepOf(send, 'SUMSUB_BASIC')).toMatchObject({ status: 'in_progress' });
    });

    it('opens the address step once the passport is approved', async () => {
      const { send, token } = await readyForPassport();
      await passProviderStep(server, send, token, 'SUMSUB_BASIC');

      expect(await stepOf(send, 'SUMSUB_ADDRESS')).toMatchObject({ status: 'not_started' });
      expect(ok(await uploadStepFile(server, token, 'SUMSUB_ADDRESS'), providerFile).name).toBe('passport.png');
    });

    it('answers a decision on an id that is not a submission id as not found', async () => {
      expect(
        await applyProviderDecision(
          server.database.db,
          { submissionId: 'not-a-uuid', approved: true, reason: null, reviewer: 'sumsub' },
          now,
        ),
      ).toBe('not_found');
    });

    it('does not exist outside local mode', async () => {
      expect((await reviewPage(remote)).statusCode).toBe(404);
      expect((await decide(remote, randomUUID(), 'approve')).statusCode).toBe(404);
    });
  });
});
