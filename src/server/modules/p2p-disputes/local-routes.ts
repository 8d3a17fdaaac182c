import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { orderId, p2pOperatorEndpoints } from '../../../contract/p2p-orders';
import { assets } from '../../db/schema/catalogue';
import { ApiError } from '../../http/api-error';
import { acceptFormPosts } from '../../http/form-body';
import { isCrossSitePost, sendLocalPage } from '../../http/local-page';
import type { EndpointContext } from '../../http/register-endpoint';
import { pageLanguage } from '../local-login/text';
import { localDisputesPath } from '../operator/local-page';
import { sendLocalFile } from '../operator/local-routes';
import type { Uploads } from '../uploads/service';
import { openDisputeFileForSupport } from './files';
import { localDisputeFilePath, renderDisputesPage } from './local-page';
import { disputePageText } from './local-text';
import { listDisputes, resolveDispute, supportOrderView } from './support';

const lookupQuery = z.object({ order_id: z.optional(z.string().check(z.maxLength(12))) });
const fileQuery = z.object({ order_id: orderId, file_id: z.string().check(z.minLength(1), z.maxLength(64)) });

const resolveBody = p2pOperatorEndpoints.resolveOperatorDispute.body.shape;
/** The API's own body, as the form sends it: an empty "at fault" is nobody. */
const decisionForm = z.object({
  order_id: orderId,
  outcome: resolveBody.outcome,
  at_fault: z.pipe(
    z.enum(['', 'buyer', 'seller']),
    z.transform((side) => (side === '' ? null : side)),
  ),
  note: resolveBody.note,
});

/**
 * Local mode only: `/local/operator/disputes`, where a person acts as support on P2P disputes
 * (both sides, their files, the history; release or return with a note) through the same
 * functions as the operator API. Its decisions are logged with no operator id.
 */
export async function registerLocalDisputesPage(
  app: FastifyInstance,
  context: EndpointContext,
  uploads: Uploads,
): Promise<void> {
  const { db } = context;
  const render = async (request: FastifyRequest, orderIdText: string, error?: string) => {
    const language = pageLanguage(request.headers['accept-language']);
    const parsed = z.safeParse(orderId, orderIdText);
    let order = null;
    if (orderIdText !== '' && parsed.success) {
      try {
        const view = await supportOrderView(db, parsed.data, context.now());
        const [asset] = await db.select({ decimals: assets.decimals }).from(assets).where(eq(assets.code, view.asset));
        order = { view, decimals: asset?.decimals ?? 0 };
      } catch (failure) {
        if (!(failure instanceof ApiError) || failure.statusCode !== 404) throw failure;
      }
    }
    return renderDisputesPage({
      language,
      text: disputePageText(language),
      open: await listDisputes(db, 'open'),
      resolved: await listDisputes(db, 'resolved'),
      order,
      orderId: orderIdText,
      ...(error === undefined ? {} : { error }),
    });
  };

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(localDisputesPath, async (request, reply) => {
      const query = z.safeParse(lookupQuery, request.query);
      return sendLocalPage(reply, 200, await render(request, query.success ? (query.data.order_id ?? '') : ''));
    });

    scope.get(localDisputeFilePath, async (request, reply) => {
      const query = z.safeParse(fileQuery, request.query);
      return sendLocalFile(reply, () =>
        query.success
          ? openDisputeFileForSupport(db, uploads, query.data.order_id, query.data.file_id)
          : Promise.resolve(null),
      );
    });

    scope.post(localDisputesPath, async (request, reply) => {
      const text = disputePageText(pageLanguage(request.headers['accept-language']));
      const form = z.safeParse(decisionForm, request.body);
      const orderIdText = form.success ? String(form.data.order_id) : '';
      if (isCrossSitePost(request))
        return sendLocalPage(reply, 403, await render(request, orderIdText, text.otherSite));
      if (!form.success) return sendLocalPage(reply, 400, await render(request, orderIdText, text.invalid));
      try {
        await resolveDispute(
          db,
          { operatorId: null },
          form.data.order_id,
          { outcome: form.data.outcome, atFault: form.data.at_fault, note: form.data.note },
          context.now(),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendLocalPage(reply, error.statusCode, await render(request, orderIdText, error.message));
      }
      return reply.header('cache-control', 'no-store').redirect(`${localDisputesPath}?order_id=${orderIdText}`, 303);
    });
  });
}
