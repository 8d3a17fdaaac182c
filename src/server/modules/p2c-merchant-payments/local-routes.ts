import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { p2cOperatorEndpoints } from '../../../contract/p2c';
import { assets } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { ApiError } from '../../http/api-error';
import { acceptFormPosts } from '../../http/form-body';
import { isCrossSitePost, sendLocalPage } from '../../http/local-page';
import type { EndpointContext } from '../../http/register-endpoint';
import { pageLanguage } from '../local-login/text';
import { localP2cPaymentsPath } from '../operator/local-page';
import { sendLocalFile } from '../operator/local-routes';
import type { Uploads } from '../uploads/service';
import { openCheckForSupport } from './check';
import { localP2cCheckPath, type PaymentsPage, renderPaymentsPage } from './local-page';
import { paymentsPageText } from './local-text';
import { listSupportPayments, resolveSupportPayment, supportPayment } from './support';

const paymentIdText = p2cOperatorEndpoints.getOperatorPayment.params.shape.id;
const lookupQuery = z.object({ payment_id: z.optional(z.string().check(z.maxLength(12))) });
const checkQuery = z.object({ payment_id: paymentIdText });
const resolveBody = p2cOperatorEndpoints.resolveOperatorPayment.body.shape;
/** The API's own body, as the form sends it. */
const decisionForm = z.object({ payment_id: paymentIdText, outcome: resolveBody.outcome, note: resolveBody.note });

/**
 * Local mode only: `/local/operator/p2c-payments`, where a person acts as support on QR payments
 * (disputes open and decided; any payment by number with both sides, the receipt and the history;
 * confirm or refund with a note) through the same functions as the operator API. Decisions are
 * recorded with no operator id.
 */
export async function registerLocalP2cPaymentsPage(
  app: FastifyInstance,
  context: EndpointContext,
  uploads: Uploads,
): Promise<void> {
  const { db } = context;

  const shownPayment = async (asked: string): Promise<PaymentsPage['payment']> => {
    const parsed = z.safeParse(paymentIdText, asked);
    if (asked === '' || !parsed.success) return null;
    let view: Awaited<ReturnType<typeof supportPayment>>;
    try {
      view = await supportPayment(db, parsed.data);
    } catch (failure) {
      if (failure instanceof ApiError && failure.statusCode === 404) return null;
      throw failure;
    }
    const [asset] = await db
      .select({ decimals: assets.decimals })
      .from(assets)
      .where(eq(assets.code, view.client_view.asset));
    const ids = [view.client.user_id, ...(view.merchant === null ? [] : [view.merchant.user_id])];
    const people = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, ids));
    const personOf = (id: number) => {
      const row = people.find((candidate) => candidate.id === id);
      return { id, name: row === undefined ? '' : [row.firstName, row.lastName].filter(Boolean).join(' ') };
    };
    return {
      view,
      decimals: asset?.decimals ?? 0,
      client: personOf(view.client.user_id),
      merchant: view.merchant === null ? null : personOf(view.merchant.user_id),
    };
  };

  const render = async (request: FastifyRequest, paymentId: string, error?: string) => {
    const language = pageLanguage(request.headers['accept-language']);
    return renderPaymentsPage({
      language,
      text: paymentsPageText(language),
      disputed: await listSupportPayments(db, 'disputed'),
      resolved: await listSupportPayments(db, 'resolved'),
      payment: await shownPayment(paymentId),
      paymentId,
      ...(error === undefined ? {} : { error }),
    });
  };

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(localP2cPaymentsPath, async (request, reply) => {
      const query = z.safeParse(lookupQuery, request.query);
      return sendLocalPage(reply, 200, await render(request, query.success ? (query.data.payment_id ?? '') : ''));
    });

    scope.get(localP2cCheckPath, async (request, reply) => {
      const query = z.safeParse(checkQuery, request.query);
      return sendLocalFile(reply, () =>
        query.success ? openCheckForSupport(db, uploads, query.data.payment_id) : Promise.resolve(null),
      );
    });

    scope.post(localP2cPaymentsPath, async (request, reply) => {
      const text = paymentsPageText(pageLanguage(request.headers['accept-language']));
      const form = z.safeParse(decisionForm, request.body);
      const paymentId = form.success ? String(form.data.payment_id) : '';
      if (isCrossSitePost(request)) return sendLocalPage(reply, 403, await render(request, paymentId, text.otherSite));
      if (!form.success) return sendLocalPage(reply, 400, await render(request, paymentId, text.invalid));
      try {
        await resolveSupportPayment(
          db,
          context.p2cLiveEvents,
          { operatorId: null },
          form.data.payment_id,
          { outcome: form.data.outcome, note: form.data.note },
          context.now(),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendLocalPage(reply, error.statusCode, await render(request, paymentId, error.message));
      }
      return reply.header('cache-control', 'no-store').redirect(`${localP2cPaymentsPath}?payment_id=${paymentId}`, 303);
    });
  });
}
