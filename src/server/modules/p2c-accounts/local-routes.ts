import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { p2cOperatorEndpoints } from '../../../contract/p2c';
import { ApiError } from '../../http/api-error';
import { acceptFormPosts } from '../../http/form-body';
import { isCrossSitePost, sendLocalPage } from '../../http/local-page';
import type { EndpointContext } from '../../http/register-endpoint';
import { pageLanguage } from '../local-login/text';
import { localP2cAccountsPath } from '../operator/local-page';
import { sendLocalFile } from '../operator/local-routes';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import type { Uploads } from '../uploads/service';
import { localP2cAccountFilePath, renderAccountsPage } from './local-page';
import { accountsPageText } from './local-text';
import { decideAccount, listOperatorAccounts, openAccountDocumentForSupport, operatorAccount } from './support';

const accountIdText = p2cOperatorEndpoints.decideOperatorAccount.params.shape.id;
const lookupQuery = z.object({ account_id: z.optional(z.string().check(z.maxLength(12))) });
const fileQuery = z.object({ account_id: accountIdText, file_id: z.string().check(z.minLength(1), z.maxLength(64)) });
const decideBody = p2cOperatorEndpoints.decideOperatorAccount.body.shape;
/** The API's own body, as the form sends it. */
const decisionForm = z.object({ account_id: accountIdText, decision: decideBody.decision, note: decideBody.note });

/**
 * Local mode only: `/local/operator/p2c-accounts`, where a person acts as support on merchants'
 * payment accounts (the waiting ones, each with its documents; review, approve, reject or ask for
 * documents with a note) through the same functions as the operator API.
 */
export async function registerLocalP2cAccountsPage(
  app: FastifyInstance,
  context: EndpointContext,
  dependencies: { readonly cipher: DetailsCipher; readonly uploads: Uploads },
): Promise<void> {
  const { db } = context;
  const { cipher } = dependencies;
  const render = async (request: FastifyRequest, accountId: string, error?: string) => {
    const language = pageLanguage(request.headers['accept-language']);
    const parsed = z.safeParse(accountIdText, accountId);
    let account = null;
    if (accountId !== '' && parsed.success) {
      try {
        account = await operatorAccount(db, cipher, parsed.data);
      } catch (failure) {
        if (!(failure instanceof ApiError) || failure.statusCode !== 404) throw failure;
      }
    }
    return renderAccountsPage({
      language,
      text: accountsPageText(language),
      waiting: await listOperatorAccounts(db, cipher, 'waiting'),
      recent: await listOperatorAccounts(db, cipher, 'all'),
      account,
      accountId,
      ...(error === undefined ? {} : { error }),
    });
  };

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(localP2cAccountsPath, async (request, reply) => {
      const query = z.safeParse(lookupQuery, request.query);
      return sendLocalPage(reply, 200, await render(request, query.success ? (query.data.account_id ?? '') : ''));
    });

    scope.get(localP2cAccountFilePath, async (request, reply) => {
      const query = z.safeParse(fileQuery, request.query);
      return sendLocalFile(reply, () =>
        query.success
          ? openAccountDocumentForSupport(db, dependencies.uploads, query.data.account_id, query.data.file_id)
          : Promise.resolve(null),
      );
    });

    scope.post(localP2cAccountsPath, async (request, reply) => {
      const text = accountsPageText(pageLanguage(request.headers['accept-language']));
      const form = z.safeParse(decisionForm, request.body);
      const accountId = form.success ? String(form.data.account_id) : '';
      if (isCrossSitePost(request)) return sendLocalPage(reply, 403, await render(request, accountId, text.otherSite));
      if (!form.success) return sendLocalPage(reply, 400, await render(request, accountId, text.invalid));
      try {
        await decideAccount(db, cipher, form.data.account_id, form.data, context.now());
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendLocalPage(reply, error.statusCode, await render(request, accountId, error.message));
      }
      return reply.header('cache-control', 'no-store').redirect(`${localP2cAccountsPath}?account_id=${accountId}`, 303);
    });
  });
}
