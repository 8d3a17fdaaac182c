import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints, type SignInAnswer, sessionTokenHeader } from '../../../contract/auth';
import { ApiError } from '../../http/api-error';
import { bearerToken, cookieToken, forgeableCookieWrite, isForgeable } from '../../http/authenticate';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { verifyInitData } from '../../integrations/telegram/init-data';
import { verifyLoginWidget } from '../../integrations/telegram/login-widget';
import { localLoginPath, type TelegramSettings, telegramLoginUrl } from '../../integrations/telegram/settings';
import type { TelegramAuthFailure } from '../../integrations/telegram/signature';
import { languageFromCode, type UserProfile } from '../users/service';
import { getWalletBalance } from '../wallet-history/balance';
import { miniAppLabel, webLabel } from './device-label';
import { signIn } from './service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { deleteSession } from './sessions';

/** A 401 with a stable code: stale (or future-dated) data, or data that is not Telegram's. */
function refused(request: FastifyRequest, reason: TelegramAuthFailure, invalidCode: string): ApiError {
  request.log.info({ reason }, 'Telegram sign-in refused');
  return reason === 'stale' || reason === 'from_future'
    ? new ApiError(401, 'stale_auth_data', 'The Telegram sign-in data has expired; sign in again')
    : new ApiError(401, invalidCode, 'The Telegram sign-in data is not valid');
}

/** The fields of a JSON object body, as received (the Login Widget hash covers all of them). */
function receivedFields(body: unknown): Readonly<Record<string, unknown>> {
  if (typeof body !== 'object' || body === null) return {};
  const entries: [string, unknown][] = Object.entries(body);
  return Object.fromEntries(entries);
}

export function registerAuthRoutes(app: FastifyInstance, context: EndpointContext, telegram: TelegramSettings): void {
  const policy = context.sessions;

  /** Starts the session; answers the settings and the balance the first screen shows. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    profile: UserProfile,
    session: { readonly platform: 'mini_app' | 'web'; readonly device: string },
  ): Promise<SignInAnswer> => {
    const { settings, token } = await signIn(context.db, profile, {
      now: context.now(),
      policy,
      featureFlags: context.featureFlags,
      replacedToken: cookieToken(request),
      ...session,
    });
    setSessionCookie(request, reply, token, policy.maxAgeMs);
    reply.header(sessionTokenHeader, token).header('cache-control', 'no-store');
    return { ...settings, balance: await getWalletBalance(context.db, profile.id, context.now()) };
  };

  registerEndpoint(app, context, authEndpoints.getConfig, async () => ({
    bot_id: telegram.botId,
    bot_username: telegram.botUsername,
    login_url: telegram.localMode ? localLoginPath : telegramLoginUrl,
    local_mode: telegram.localMode,
  }));

  registerEndpoint(app, context, authEndpoints.signInWithWebApp, async ({ body, request, reply }) => {
    await context.rateLimits.hit('sign_in', { address: request.ip });
    const verified = verifyInitData(body.initData, telegram.botToken, context.now(), telegram.initDataMaxAgeSeconds);
    if (!verified.ok) throw refused(request, verified.reason, 'invalid_init_data');
    const { user } = verified.value;
    await context.rateLimits.hit('sign_in', { userId: user.id });
    return finishSignIn(
      request,
      reply,
      {
        id: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        username: user.username,
        photoUrl: user.photo_url,
        // Init data leaves is_premium out for users without Premium.
        isPremium: user.is_premium === true,
        language: languageFromCode(user.language_code),
      },
      { platform: 'mini_app', device: miniAppLabel(body.platform, request.headers['user-agent']) },
    );
  });

  registerEndpoint(app, context, authEndpoints.signInWithTelegram, async ({ request, reply }) => {
    await context.rateLimits.hit('sign_in', { address: request.ip });
    const verified = verifyLoginWidget(
      receivedFields(request.body),
      telegram.botToken,
      context.now(),
      telegram.initDataMaxAgeSeconds,
    );
    if (!verified.ok) throw refused(request, verified.reason, 'invalid_login_data');
    const user = verified.value;
    await context.rateLimits.hit('sign_in', { userId: user.id });
    return finishSignIn(
      request,
      reply,
      {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        photoUrl: user.photoUrl,
      },
      { platform: 'web', device: webLabel(request.headers['user-agent']) },
    );
  });

  registerEndpoint(app, context, authEndpoints.logOut, async ({ request, reply }) => {
    const fromHeader = bearerToken(request);
    const fromCookie = cookieToken(request);
    // A request with an Authorization header is never a simple (forgeable) one.
    if (fromHeader === undefined && fromCookie !== undefined && isForgeable(request)) throw forgeableCookieWrite();
    for (const token of [fromHeader, fromCookie]) {
      if (token !== undefined) await deleteSession(context.db, token);
    }
    context.sessionEnds.announce();
    clearSessionCookie(request, reply);
    reply.header('cache-control', 'no-store');
    return { success: true };
  });
}
