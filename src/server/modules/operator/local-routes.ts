import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { documentType } from '../../../contract/compliance';
import {
  closeRequestBody,
  documentRequestBody,
  documentReviewBody,
  type OperatorUserView,
  type RestrictionsChange,
  restrictionsBody,
  telegramUserIdText,
  verificationRequestBody,
} from '../../../contract/operator';
import { verificationLevel } from '../../../contract/verification-level';
import { ApiError } from '../../http/api-error';
import { acceptFormPosts } from '../../http/form-body';
import { isCrossSitePost, sendLocalPage } from '../../http/local-page';
import type { EndpointContext } from '../../http/register-endpoint';
import { pageLanguage } from '../local-login/text';
import { sendStoredFile } from '../uploads/routes';
import type { OpenedFile, Uploads } from '../uploads/service';
import { localOperatorFilePath, localOperatorPath, renderOperatorPage } from './local-page';
import { operatorPageText } from './local-text';
import {
  type Actor,
  closeRequest,
  getOperatorUser,
  type OperatorDependencies,
  openDocumentFileForOperator,
  requestDocuments,
  requestVerification,
  reviewDocument,
  setRestrictions,
} from './service';

/** The stand-in acts as no operator in particular: its actions are logged with a null operator id. */
const standIn: Actor = { operatorId: null };

const lookupQuery = z.object({ user_id: z.optional(z.string().check(z.maxLength(20))) });
const fileQuery = z.object({
  user_id: telegramUserIdText,
  short_id: z.string().check(z.minLength(1), z.maxLength(32)),
});

/** A form's text field: trimmed, and absent when left empty. */
const formText = z.optional(
  z.pipe(
    z.string().check(z.maxLength(1000)),
    z.transform((text) => (text.trim() === '' ? undefined : text.trim())),
  ),
);

const actionForm = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('request_documents'),
    user_id: telegramUserIdText,
    type: documentType,
    comment: formText,
    message: formText,
    reason: formText,
  }),
  z.object({
    action: z.literal('request_verification'),
    user_id: telegramUserIdText,
    level: verificationLevel,
    message: formText,
    reason: formText,
  }),
  z.object({ action: z.literal('close_request'), user_id: telegramUserIdText, reason: formText }),
  z.object({
    action: z.literal('review'),
    user_id: telegramUserIdText,
    short_id: z.string().check(z.minLength(1), z.maxLength(32)),
    decision: z.enum(['approve', 'reject']),
    comment: formText,
  }),
  z.object({
    action: z.literal('restrictions'),
    user_id: telegramUserIdText,
    lock: z.optional(z.literal('1')),
    ban: z.optional(z.literal('1')),
    ban_reason: formText,
    soft_ban_until: formText,
    reason: formText,
  }),
]);
type ActionForm = z.output<typeof actionForm>;

/** `YYYY-MM-DDTHH:MM` of a datetime-local field, read as UTC. */
function softBanInstant(value: string | undefined): string | null {
  return value === undefined ? null : `${value.length === 16 ? `${value}:00` : value}.000Z`;
}

/**
 * The restriction form shows every restriction's state; only the ones it changes are sent, so
 * the log records what was done, not what was left alone.
 */
function restrictionsChange(form: Extract<ActionForm, { action: 'restrictions' }>, current: OperatorUserView) {
  const lock = form.lock !== undefined;
  const ban = form.ban !== undefined;
  const softBanUntil = softBanInstant(form.soft_ban_until);
  const currentSoftBan = current.compliance.soft_ban_until;
  const softBanChanged =
    softBanUntil === null
      ? currentSoftBan !== null
      : currentSoftBan === null || Date.parse(currentSoftBan) !== Date.parse(softBanUntil);
  return {
    lock: lock === current.compliance.lock ? undefined : lock,
    ban:
      ban === current.compliance.ban && !(ban && (form.ban_reason ?? null) !== current.compliance.ban_reason)
        ? undefined
        : ban,
    ban_reason: ban ? form.ban_reason : undefined,
    soft_ban_until: softBanChanged ? softBanUntil : undefined,
    reason: form.reason,
  };
}

/** Parses the API body the form stands for with the API's own schema, then acts through the service. */
async function act(deps: OperatorDependencies, form: ActionForm): Promise<boolean> {
  const userId = Number(form.user_id);
  switch (form.action) {
    case 'request_documents': {
      const body = z.safeParse(documentRequestBody, {
        documents: [{ type: form.type, comment: form.comment }],
        message: form.message,
        reason: form.reason,
      });
      if (!body.success) return false;
      await requestDocuments(deps, standIn, userId, body.data);
      return true;
    }
    case 'request_verification': {
      const body = z.safeParse(verificationRequestBody, {
        level: form.level,
        message: form.message,
        reason: form.reason,
      });
      if (!body.success) return false;
      await requestVerification(deps, standIn, userId, body.data);
      return true;
    }
    case 'close_request': {
      const body = z.safeParse(closeRequestBody, { reason: form.reason });
      if (!body.success) return false;
      await closeRequest(deps, standIn, userId, body.data.reason);
      return true;
    }
    case 'review': {
      const body = z.safeParse(documentReviewBody, { decision: form.decision, comment: form.comment });
      if (!body.success) return false;
      await reviewDocument(deps, standIn, userId, form.short_id, body.data);
      return true;
    }
    case 'restrictions': {
      const body = z.safeParse(restrictionsBody, restrictionsChange(form, await getOperatorUser(deps, userId)));
      if (!body.success) return false;
      const change: RestrictionsChange = body.data;
      await setRestrictions(deps, standIn, userId, change);
      return true;
    }
  }
}

/**
 * A stand-in page's file link: the file as a download, or a plain 404 page when `open` finds none
 * (null, or a 404 of the service), never the API's JSON error.
 */
export async function sendLocalFile(
  reply: FastifyReply,
  open: () => Promise<OpenedFile | null>,
): Promise<FastifyReply> {
  let opened: OpenedFile | null;
  try {
    opened = await open();
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 404) throw error;
    opened = null;
  }
  if (opened !== null) return sendStoredFile(reply, opened);
  return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('No such file');
}

async function lookUp(deps: OperatorDependencies, userId: string): Promise<OperatorUserView | null> {
  if (!z.safeParse(telegramUserIdText, userId).success) return null;
  try {
    return await getOperatorUser(deps, Number(userId));
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * Local mode only: `/local/operator`, where a person acts as a compliance operator for any user
 * id (request documents or a level, review documents and read their files, set or lift
 * restrictions), through the same service functions as the operator API.
 */
export async function registerLocalOperatorPage(
  app: FastifyInstance,
  context: EndpointContext,
  uploads: Uploads,
): Promise<void> {
  const deps: OperatorDependencies = { db: context.db, uploads, now: context.now, featureFlags: context.featureFlags };
  const render = async (request: FastifyRequest, userId: string, error?: string) => {
    const language = pageLanguage(request.headers['accept-language']);
    const view = await lookUp(deps, userId);
    return renderOperatorPage({
      language,
      text: operatorPageText(language),
      userId,
      view,
      ...(error === undefined ? {} : { error }),
    });
  };

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(localOperatorPath, async (request, reply) => {
      const query = z.safeParse(lookupQuery, request.query);
      return sendLocalPage(reply, 200, await render(request, query.success ? (query.data.user_id ?? '') : ''));
    });

    scope.get(localOperatorFilePath, async (request, reply) => {
      const query = z.safeParse(fileQuery, request.query);
      return sendLocalFile(reply, () =>
        query.success
          ? openDocumentFileForOperator(deps, Number(query.data.user_id), query.data.short_id)
          : Promise.resolve(null),
      );
    });

    scope.post(localOperatorPath, async (request, reply) => {
      const text = operatorPageText(pageLanguage(request.headers['accept-language']));
      const form = z.safeParse(actionForm, request.body);
      const userId = form.success ? form.data.user_id : '';
      if (isCrossSitePost(request)) return sendLocalPage(reply, 403, await render(request, userId, text.otherSite));
      if (!form.success) return sendLocalPage(reply, 400, await render(request, userId, text.invalidForm));
      try {
        if (!(await act(deps, form.data)))
          return sendLocalPage(reply, 400, await render(request, userId, text.invalidForm));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendLocalPage(reply, error.statusCode, await render(request, userId, error.message));
      }
      return reply.header('cache-control', 'no-store').redirect(`${localOperatorPath}?user_id=${userId}`, 303);
    });
  });
}
