import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorBody } from '../../../src/contract/errors';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { outbox } from '../../../src/server/db/schema/security';
import type { BotApi, SendMessageRequest } from '../../../src/server/modules/security/bot';
import type { TestServer } from './test-server';

/** A Bot API that records what the server asked it to send, and can be made to fail. */
export interface FakeBotApi extends BotApi {
  readonly sent: SendMessageRequest[];
  failing: boolean;
}

export function fakeBotApi(): FakeBotApi {
  const fake: FakeBotApi = {
    sent: [],
    failing: false,
    sendMessage: async (request) => {
      if (fake.failing) throw new Error('Bot API unreachable');
      fake.sent.push(request);
    },
  };
  return fake;
}

export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => Promise<LightMyRequestResponse>;

/** Calls the API as the user of the session token. */
export function caller(server: TestServer, token: string): Call {
  return (method, url, payload) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
}

/** Asserts an error answer's status and code; answers its `data`. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): unknown {
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status, body: { code } });
  const body = z.parse(apiErrorBody, response.json());
  expect(body.message).toMatch(/^[A-Z].+/);
  return body.data;
}

export function ok<T>(response: LightMyRequestResponse, schema: z.ZodMiniType<T>): T {
  expect(response.statusCode, response.body).toBe(200);
  return z.parse(schema, response.json());
}

export const idAnswer = z.object({ id: z.string() });
export const tokenAnswer = z.object({ token: z.string() });
export const resultAnswer = z.object({ result: z.boolean() });

export async function outboxOf(database: DatabaseHandle, userId: number) {
  return database.db.select().from(outbox).where(eq(outbox.userId, userId)).orderBy(asc(outbox.createdAt));
}

/** The code of the user's latest e-mail in the outbox. */
export async function latestCode(database: DatabaseHandle, userId: number): Promise<string> {
  const mails = (await outboxOf(database, userId)).filter((message) => message.channel === 'email');
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.subject ?? '')?.[1];
  if (code === undefined) throw new Error(`No e-mail code for user ${userId}`);
  return code;
}

/** Moves the server's clock forward. */
export function advance(server: TestServer, clock: { now: Date }, ms: number): void {
  clock.now = new Date(clock.now.getTime() + ms);
  server.setNow(clock.now);
}

/** Sets and confirms a backup e-mail through the outbox. */
export async function confirmBackupEmail(
  server: TestServer,
  call: Call,
  userId: number,
  email = `user${userId}@example.com`,
): Promise<void> {
  const { id } = ok(await call('POST', '/user/verify-email', { email }), idAnswer);
  const code = await latestCode(server.database, userId);
  ok(await call('POST', '/user/confirm-email', { id, code }), resultAnswer);
}

/** The confirmation link of the bot's latest message. */
export function botLink(bot: FakeBotApi): string {
  const url = bot.sent.at(-1)?.reply_markup.inline_keyboard[0]?.[0]?.url;
  if (url === undefined) throw new Error('The bot sent no link');
  return url;
}

/** Opens the bot's link and presses its confirm button, the way a person would. */
export async function openLink(server: TestServer, link: string): Promise<LightMyRequestResponse> {
  const url = new URL(link);
  await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return server.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: url.searchParams.get('token') ?? '' }).toString(),
  });
}

/** Confirmed e-mail, passcode set and confirmed through the bot. */
export async function activatePassCode(
  server: TestServer,
  call: Call,
  userId: number,
  bot: FakeBotApi,
  code = '1234',
): Promise<void> {
  await confirmBackupEmail(server, call, userId);
  ok(await call('POST', '/security/pass-code', { code }), resultAnswer);
  expect((await openLink(server, botLink(bot))).statusCode).toBe(200);
}

/** A mail confirmation token for a transaction type, read from the code in the outbox. */
export async function mailToken(
  server: TestServer,
  call: Call,
  userId: number,
  transactionType: string,
): Promise<string> {
  const { id } = ok(await call('POST', '/security/email-code', { transactionType }), idAnswer);
  const code = await latestCode(server.database, userId);
  return ok(await call('POST', '/security/email-code/token', { id, code }), tokenAnswer).token;
}

/** The links of every button of the bot's latest message, in order. */
export function botLinks(bot: FakeBotApi): string[] {
  return (bot.sent.at(-1)?.reply_markup.inline_keyboard ?? []).flat().map((button) => button.url);
}
