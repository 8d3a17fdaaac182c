import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { securityEndpoints } from '../../../contract/security';
import { outbox } from '../../db/schema/security';
import { acceptFormPosts } from '../../http/form-body';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { pageLanguage } from '../local-login/text';
import { addBiometric, biometricToken, removeBiometric } from './biometric';
import type { SecurityContext } from './context';
import { confirmEmail, emailCodeToken, sendTransactionCode, verifyEmail } from './email';
import { securityInfo } from './info';
import {
  renderConfirmation,
  renderConfirmationForm,
  renderMailbox,
  renderReportForm,
  renderReportResult,
} from './pages';
import { confirmPendingPassCode, passCodeConfirmPath, passCodeToken, recoverPassCode, setPassCode } from './passcode';
import { endOtherSessions, endSession, listSessions, requestSessionHash } from './sessions';
import { reportTakeover, reportTakeoverPath } from './takeover';

/** The development mailbox page, served in local mode only. */
export const localMailboxPath = '/local/mailbox';

const pageHeaders = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).headers(pageHeaders).type('text/html; charset=utf-8').send(html);
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerSecurityRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  security: SecurityContext,
): void {
  registerEndpoint(app, context, securityEndpoints.getSecurity, ({ userId, query }) =>
    securityInfo(context.db, userId, query.deviceId, context.now()),
  );
  registerEndpoint(app, context, securityEndpoints.setPassCode, ({ userId, body, request }) =>
    setPassCode(security, userId, body.code, requestOrigin(request)),
  );
  registerEndpoint(
    app,
    context,
    securityEndpoints.passCodeToken,
    ({ userId, body }) => passCodeToken(security, userId, body),
    { rateLimit: 'pass_code_token' },
  );
  registerEndpoint(app, context, securityEndpoints.recoverPassCode, async ({ userId, body, request }) => {
    const answer = await recoverPassCode(security, userId, body, {
      sessionHash: requestSessionHash(request),
      origin: requestOrigin(request),
    });
    // Recovery ends the person's other sessions.
    context.sessionEnds.announce();
    return answer;
  });
  registerEndpoint(
    app,
    context,
    securityEndpoints.sendEmailCode,
    ({ userId, body }) => sendTransactionCode(security, userId, body.transactionType, body.passCodeConfirmationToken),
    { rateLimit: 'email_code' },
  );
  registerEndpoint(app, context, securityEndpoints.emailCodeToken, ({ userId, body }) =>
    emailCodeToken(security, userId, body),
  );
  registerEndpoint(app, context, securityEndpoints.addBiometric, ({ userId, body }) =>
    addBiometric(security, userId, body),
  );
  registerEndpoint(
    app,
    context,
    securityEndpoints.biometricToken,
    ({ userId, body }) => biometricToken(security, userId, body),
    { rateLimit: 'biometric_token' },
  );
  registerEndpoint(app, context, securityEndpoints.removeBiometric, ({ userId, query }) =>
    removeBiometric(context.db, userId, query.deviceId),
  );
  registerEndpoint(
    app,
    context,
    securityEndpoints.verifyEmail,
    ({ userId, body }) => verifyEmail(security, userId, body),
    { rateLimit: 'email_code' },
  );
  registerEndpoint(app, context, securityEndpoints.confirmEmail, async ({ userId, body, request }) => {
    const { answer, failedNotices } = await confirmEmail(security, userId, body, {
      sessionHash: requestSessionHash(request),
      origin: requestOrigin(request),
    });
    if (failedNotices.length > 0) request.log.warn({ channels: failedNotices }, 'E-mail change notice not delivered');
    // A changed e-mail ends the person's other sessions.
    context.sessionEnds.announce();
    return answer;
  });
  registerEndpoint(app, context, securityEndpoints.listSessions, ({ userId, request }) =>
    listSessions(context.db, userId, requestSessionHash(request), context.now(), context.sessions),
  );
  registerEndpoint(app, context, securityEndpoints.endSession, async ({ userId, params }) => {
    const answer = await endSession(context.db, userId, params.id);
    context.sessionEnds.announce();
    return answer;
  });
  registerEndpoint(app, context, securityEndpoints.endOtherSessions, async ({ userId, request }) => {
    await endOtherSessions(context.db, userId, requestSessionHash(request));
    context.sessionEnds.announce();
    return { result: true };
  });

  // The bot's button: a link a person opens, so it answers pages, not JSON. Opening the link
  // only shows a confirm button; the confirmation itself is a POST, so a link previewer or
  // prefetcher that fetches the URL cannot activate the passcode.
  const confirmationToken = z.object({ token: z.string().check(z.minLength(16), z.maxLength(256)) });
  void app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.get(passCodeConfirmPath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const query = z.safeParse(confirmationToken, request.query);
      if (!query.success) return sendHtml(reply, 404, renderConfirmation(language, false));
      return sendHtml(reply, 200, renderConfirmationForm(language, passCodeConfirmPath, query.data.token));
    });
    scope.post(passCodeConfirmPath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const form = z.safeParse(confirmationToken, request.body);
      const confirmed = form.success && (await confirmPendingPassCode(security, form.data.token));
      return sendHtml(reply, confirmed ? 200 : 404, renderConfirmation(language, confirmed));
    });
    // "This wasn't me" from the bot's or the old address's notice: the same shape, a page with a
    // button, and only the button's POST locks the account and ends every session.
    scope.get(reportTakeoverPath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const query = z.safeParse(confirmationToken, request.query);
      if (!query.success) return sendHtml(reply, 404, renderReportResult(language, false));
      return sendHtml(reply, 200, renderReportForm(language, reportTakeoverPath, query.data.token));
    });
    scope.post(reportTakeoverPath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const form = z.safeParse(confirmationToken, request.body);
      const locked = form.success && (await reportTakeover(security, form.data.token));
      if (locked) context.sessionEnds.announce();
      return sendHtml(reply, locked ? 200 : 404, renderReportResult(language, locked));
    });
  });
}

/** Local mode only: the outbox as a page, optionally for one user (`?user_id=`). */
export function registerMailboxRoutes(app: FastifyInstance, context: EndpointContext): void {
  app.get(localMailboxPath, async (request, reply) => {
    const language = pageLanguage(request.headers['accept-language']);
    const query = z.safeParse(z.object({ user_id: z.optional(z.coerce.number().check(z.int())) }), request.query);
    const userId = query.success ? query.data.user_id : undefined;
    const messages = await context.db
      .select()
      .from(outbox)
      .where(userId === undefined ? undefined : eq(outbox.userId, userId))
      .orderBy(desc(outbox.createdAt))
      .limit(200);
    return sendHtml(reply, 200, renderMailbox(language, messages));
  });
}
