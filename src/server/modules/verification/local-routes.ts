import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { verificationErrorCodes } from '../../../contract/verification';
import { ApiError } from '../../http/api-error';
import { cookieToken } from '../../http/authenticate';
import { acceptFormPosts } from '../../http/form-body';
import { isCrossSitePost, localPageHeaders, sendLocalPage } from '../../http/local-page';
import type { EndpointContext } from '../../http/register-endpoint';
import type { TelegramSettings } from '../../integrations/telegram/settings';
import { findSessionUser } from '../auth/sessions';
import { pageLanguage } from '../local-login/text';
import { sendStoredFile } from '../uploads/routes';
import type { Uploads } from '../uploads/service';
import { applyProviderDecision } from './identity-provider';
import {
  localIdentityProviderDecidePath,
  localIdentityProviderPath,
  localPhonePath,
  renderMessagePage,
  renderPhonePage,
  renderRefusalPage,
  renderReviewPage,
} from './local-pages';
import { localPagesText } from './local-text';
import { recordVerifiedPhone } from './phone';
import { isSubmittedFile, submissionsInReview } from './provider-steps';
import { verificationOverviewOf } from './state';

const phoneForm = z.object({ phone_number: z.string().check(z.maxLength(32)) });
const decisionForm = z.object({
  submission_id: z.uuid(),
  decision: z.enum(['approve', 'reject']),
  reason: z._default(
    z.pipe(
      z.string().check(z.maxLength(500)),
      z.transform((text) => text.trim()),
    ),
    '',
  ),
});
const fileParams = z.object({ id: z.uuid() });

/** A number from the range kept for fiction (+1 202 555-0100…0199), different per user. */
function fictionalNumber(userId: number): string {
  return `+1 202 555 01${String(userId % 100).padStart(2, '0')}`;
}

export interface LocalVerificationDependencies {
  readonly telegram: TelegramSettings;
  readonly uploads: Uploads;
}

/**
 * Local mode only: the stand-ins for sharing the phone number with the bot (`/local/verification/phone`,
 * for the web wallet's signed-in person, by the session cookie) and for the identity provider's
 * reviewer (`/local/identity-provider`: every submission on review, its files, approve or reject).
 */
export async function registerLocalVerificationPages(
  app: FastifyInstance,
  context: EndpointContext,
  { telegram, uploads }: LocalVerificationDependencies,
): Promise<void> {
  const signedInUser = async (request: FastifyRequest): Promise<number | null> => {
    const token = cookieToken(request);
    return token === undefined ? null : findSessionUser(context.db, token, context.now(), context.sessions);
  };

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(localPhonePath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const text = localPagesText(language);
      const userId = await signedInUser(request);
      if (userId === null)
        return sendLocalPage(reply, 401, renderMessagePage(language, text, text.signInFirst, text.signInFirstText));
      const { phone } = await verificationOverviewOf(context.db, userId);
      if (phone !== null) {
        return sendLocalPage(
          reply,
          200,
          renderMessagePage(language, text, text.phoneShared, text.phoneDoneAlready(phone)),
        );
      }
      const html = renderPhonePage({
        language,
        text,
        botUsername: telegram.botUsername,
        suggestedNumber: fictionalNumber(userId),
      });
      return sendLocalPage(reply, 200, html);
    });

    scope.post(localPhonePath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const text = localPagesText(language);
      if (isCrossSitePost(request))
        return sendLocalPage(reply, 403, renderRefusalPage(language, text, text.otherSite, localPhonePath));
      const userId = await signedInUser(request);
      if (userId === null)
        return sendLocalPage(reply, 401, renderMessagePage(language, text, text.signInFirst, text.signInFirstText));
      await context.rateLimits.hit('verification_submit', { userId, address: request.ip });
      const form = z.safeParse(phoneForm, request.body);
      if (!form.success)
        return sendLocalPage(reply, 400, renderRefusalPage(language, text, text.invalidForm, localPhonePath));
      try {
        await recordVerifiedPhone(context.db, userId, form.data.phone_number, 'bot', context.now());
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const invalid = error.code === verificationErrorCodes.contactInvalid;
        const message = invalid ? text.invalidPhone : text.stepUnavailable;
        return sendLocalPage(
          reply,
          error.statusCode === 403 ? 400 : error.statusCode,
          renderRefusalPage(language, text, message, localPhonePath),
        );
      }
      return sendLocalPage(reply, 200, renderMessagePage(language, text, text.phoneShared, text.phoneSharedText));
    });

    scope.get(localIdentityProviderPath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      return sendLocalPage(
        reply,
        200,
        renderReviewPage(language, localPagesText(language), await submissionsInReview(context.db)),
      );
    });

    scope.get(`${localIdentityProviderPath}/files/:id`, async (request, reply) => {
      const params = z.safeParse(fileParams, request.params);
      if (!params.success || !(await isSubmittedFile(context.db, params.data.id))) {
        return reply.status(404).headers(localPageHeaders).type('text/plain; charset=utf-8').send('No such file');
      }
      return sendStoredFile(reply, await uploads.open(params.data.id, { operator: true }));
    });

    scope.post(localIdentityProviderDecidePath, async (request, reply) => {
      const language = pageLanguage(request.headers['accept-language']);
      const text = localPagesText(language);
      const refuse = (status: number, message: string) =>
        sendLocalPage(reply, status, renderRefusalPage(language, text, message, localIdentityProviderPath));
      if (isCrossSitePost(request)) return refuse(403, text.otherSite);
      const form = z.safeParse(decisionForm, request.body);
      if (!form.success) return refuse(400, text.invalidForm);
      const { submission_id: submissionId, decision, reason } = form.data;
      if (decision === 'reject' && reason === '') return refuse(400, text.reasonRequired);
      const outcome = await applyProviderDecision(
        context.db,
        { submissionId, approved: decision === 'approve', reason: reason === '' ? null : reason, reviewer: 'local' },
        context.now(),
      );
      if (outcome === 'not_found') return refuse(404, text.invalidForm);
      if (outcome === 'already_decided') return refuse(409, text.alreadyDecided);
      return reply.header('cache-control', 'no-store').redirect(localIdentityProviderPath, 303);
    });
  });
}
