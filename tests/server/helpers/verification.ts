import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { providerFile, verificationStep } from '../../../src/contract/verification';
import { multipartPost, sampleFiles } from './multipart';
import { type Call, ok } from './security';
import { initData, testBotToken, unixSeconds } from './telegram';
import type { TestServer } from './test-server';

/**
 * The answer of the mini app's requestContact as Telegram signs it (the algorithm written out in
 * helpers/telegram.ts, not the server's): `contact` JSON, auth_date, hash.
 */
export function contactResponse(
  contact: { readonly userId: number; readonly phone: string },
  options: { readonly at?: Date; readonly botToken?: string } = {},
): string {
  return initData(
    {
      contact: JSON.stringify({ user_id: contact.userId, phone_number: contact.phone, first_name: 'Alice' }),
      auth_date: String(unixSeconds(options.at ?? new Date())),
    },
    options.botToken ?? testBotToken,
  );
}

/** A complete, acceptable BASIC form of an adult in Germany. */
export const adultForm = {
  first_name: 'Alice',
  last_name: 'Smith',
  date_of_birth: '1990-05-17',
  country: 'DE',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postal_code: '10117',
} as const;

export async function sharePhone(send: Call, userId: number, at: Date, phone = '+49 151 2345 6789'): Promise<void> {
  ok(
    await send('POST', '/verification/phone', { response: contactResponse({ userId, phone }, { at }) }),
    verificationStep,
  );
}

export async function passBasic(send: Call, userId: number, at: Date): Promise<void> {
  await sharePhone(send, userId, at);
  ok(await send('POST', '/verification/personal-data', { ...adultForm }), verificationStep);
}

/** Uploads a PNG for the provider step as the bearer of `token`. */
export function uploadStepFile(server: TestServer, token: string, type: string, name = 'passport.png') {
  return server.app.inject(
    multipartPost(`/api/v1/verification/provider/${type}/files`, token, [
      { name: 'file', filename: name, contentType: 'image/png', content: sampleFiles.png },
    ]),
  );
}

export async function uploadedFileId(server: TestServer, token: string, type: string): Promise<string> {
  const response = await uploadStepFile(server, token, type);
  return ok(response, providerFile).id;
}

/** A POST of the local identity provider's decision form, from the page itself. */
export function decide(
  server: TestServer,
  submissionId: string,
  decision: 'approve' | 'reject',
  reason = '',
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: '/local/identity-provider/decide',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:8080',
      origin: 'http://localhost:8080',
    },
    payload: new URLSearchParams({ submission_id: submissionId, decision, reason }).toString(),
  });
}

const submissionAnswer = z.object({ submission: z.nullable(z.object({ id: z.string(), status: z.string() })) });

/** Uploads a file, submits the step and has the local provider approve it. */
export async function passProviderStep(server: TestServer, send: Call, token: string, type: string): Promise<void> {
  const fileId = await uploadedFileId(server, token, type);
  ok(await send('POST', `/verification/provider/${type}/submit`, { file_ids: [fileId] }), verificationStep);
  const submission = ok(await send('GET', `/verification/provider/${type}`), submissionAnswer).submission;
  if (submission === null) throw new Error('No submission');
  expect((await decide(server, submission.id, 'approve')).statusCode).toBe(303);
}
