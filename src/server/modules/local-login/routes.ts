import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { acceptFormPosts } from '../../http/form-body';
import type { EndpointContext } from '../../http/register-endpoint';
import { localLoginPath, type TelegramSettings } from '../../integrations/telegram/settings';
import { renderErrorPage, renderLoginPage } from './page';
import { createLocalUser, findLocalUser, type LocalUser, listLocalUsers } from './service';
import { miniAppLaunchPath, returnUrl, signedLoginData } from './signed-result';
import { pageLanguage, pageText } from './text';

const loginRequest = z.object({
  bot_id: z.string(),
  origin: z.string(),
  return_to: z.string(),
  request_access: z.optional(z.string()),
});

const optionalText = (max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.maxLength(max)),
      z.transform((text) => text.trim()),
    ),
  );

const loginForm = z.object({
  ...loginRequest.shape,
  return_form: z._default(z.enum(['hash', 'query']), 'hash'),
  user_id: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,15}$/))),
  first_name: optionalText(64),
  last_name: optionalText(64),
  username: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{0,32}$/))),
  language: z._default(z.enum(['en', 'ru']), 'en'),
  lock: z.optional(z.string()),
  ban: z.optional(z.string()),
  ban_reason: optionalText(200),
});
type LoginForm = z.output<typeof loginForm>;

const pageHeaders = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  // Not no-referrer: under that policy Chromium posts the form with `Origin: null`, and the
  // same-origin check below needs the real origin.
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/** This server's origin as the browser sees it (the proxy's, with TRUST_PROXY). */
export function serverOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

function sameOrigin(candidate: string, base: string): URL | null {
  try {
    const url = new URL(candidate, base);
    return url.origin === base ? url : null;
  } catch {
    return null;
  }
}

type CheckedRequest =
  | { readonly ok: true; readonly returnTo: URL; readonly siteHost: string }
  | { readonly ok: false; readonly message: string };

/** No open redirect: our bot, the site is this server, and the return address is on the site. */
function checkLoginRequest(
  request: FastifyRequest,
  fields: z.output<typeof loginRequest>,
  botId: number,
): CheckedRequest {
  if (fields.bot_id !== String(botId)) return { ok: false, message: 'bot_id is not this server’s bot' };
  const ours = serverOrigin(request);
  let origin: string | null = null;
  try {
    origin = new URL(fields.origin).origin;
  } catch {
    origin = null;
  }
  if (ours === null || origin !== ours) return { ok: false, message: 'origin is not this server' };
  const returnTo = sameOrigin(fields.return_to, origin);
  if (returnTo === null) return { ok: false, message: 'return_to is not on the origin' };
  return { ok: true, returnTo, siteHost: returnTo.host };
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).headers(pageHeaders).type('text/html; charset=utf-8').send(html);
}

function blankToNull(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text;
}

/**
 * The stand-in for Telegram's login page (local mode only): GET renders it, POST signs the
 * chosen or new user exactly like Telegram (Login Widget algorithm) and redirects back.
 */
export async function registerLocalLoginRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  telegram: TelegramSettings,
): Promise<void> {
  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(localLoginPath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const text = pageText(language);
      const query = z.safeParse(loginRequest, request.query);
      if (!query.success)
        return sendHtml(reply, 400, renderErrorPage(language, text, 'bot_id, origin and return_to are required'));
      const checked = checkLoginRequest(request, query.data, telegram.botId);
      if (!checked.ok) return sendHtml(reply, 400, renderErrorPage(language, text, checked.message));
      const now = context.now();
      const users = (await listLocalUsers(context.db)).map((user) => ({
        user,
        miniAppPath: miniAppLaunchPath(user, telegram.botToken, now),
      }));
      const hiddenFields: Record<string, string> = {
        bot_id: query.data.bot_id,
        origin: query.data.origin,
        return_to: query.data.return_to,
      };
      if (query.data.request_access !== undefined) hiddenFields.request_access = query.data.request_access;
      const html = renderLoginPage({
        language,
        text,
        siteHost: checked.siteHost,
        botUsername: telegram.botUsername,
        formAction: localLoginPath,
        hiddenFields,
        users,
      });
      return sendHtml(reply, 200, html);
    });

    scope.post(localLoginPath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const text = pageText(language);
      const form = z.safeParse(loginForm, request.body);
      if (!form.success) return sendHtml(reply, 400, renderErrorPage(language, text, 'The form is not valid'));
      await context.rateLimits.hit('local_login', {
        address: request.ip,
        ...(form.data.user_id === undefined ? {} : { userId: Number(form.data.user_id) }),
      });
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== serverOrigin(request)) {
        return sendHtml(reply, 403, renderErrorPage(language, text, 'The form was posted from another site'));
      }
      const checked = checkLoginRequest(request, form.data, telegram.botId);
      if (!checked.ok) return sendHtml(reply, 400, renderErrorPage(language, text, checked.message));
      const now = context.now();
      const user = await chosenUser(context, form.data, now);
      if (user === null)
        return sendHtml(reply, 400, renderErrorPage(language, text, 'Pick a user or give a first name'));
      const signed = signedLoginData(user, telegram.botToken, now);
      return reply
        .header('cache-control', 'no-store')
        .redirect(returnUrl(checked.returnTo, signed, form.data.return_form), 302);
    });
  });
}

function chosenUser(context: EndpointContext, form: LoginForm, now: Date): Promise<LocalUser | null> {
  if (form.user_id !== undefined) return findLocalUser(context.db, Number(form.user_id));
  const firstName = blankToNull(form.first_name);
  if (firstName === null) return Promise.resolve(null);
  return createLocalUser(
    context.db,
    {
      firstName,
      lastName: blankToNull(form.last_name),
      username: blankToNull(form.username),
      language: form.language,
      lock: form.lock !== undefined,
      ban: form.ban !== undefined,
      banReason: form.ban !== undefined ? blankToNull(form.ban_reason) : null,
    },
    now,
  );
}
