import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { p2cQrId } from '../../../contract/p2c';
import { fiatAmount } from '../../../contract/p2p-codes';
import type { Database } from '../../db/database';
import { acceptFormPosts } from '../../http/form-body';
import { isCrossSitePost, localPageHeaders, sendLocalPage } from '../../http/local-page';
import { pageLanguage } from '../local-login/text';
import { fiatCents } from '../p2p-offers/money';
import {
  type BankPayment,
  findLocalCode,
  issueLocalCode,
  type LocalCode,
  payLocalCode,
  recentLocalCodes,
} from './codes';
import {
  localBankPath,
  localReceiptPath,
  localShopPath,
  localShopScript,
  localShopScriptPath,
  renderBankPage,
  renderShopPage,
} from './page';
import { localReceiptPdf } from './receipt';
import { localShopText } from './text';

const codeQuery = z.object({ code: z.optional(z.string().check(z.maxLength(64))) });
const amountForm = z.object({ amount: z.string().check(z.maxLength(12)) });

/** From 1 rouble to a million: the shop issues codes P2C itself would refuse, to try the refusals. */
function issuableAmount(typed: string): string | null {
  const amount = z.safeParse(fiatAmount, typed.trim());
  if (!amount.success) return null;
  const kopecks = fiatCents(amount.data);
  return kopecks >= 100n && kopecks <= 100_000_000n ? amount.data : null;
}
const linkForm = z.object({ link: z.string().check(z.maxLength(1000)) });

const problemStatus: Readonly<Record<Extract<BankPayment, { ok: false }>['problem'], number>> = {
  not_a_payment_link: 400,
  checksum_mismatch: 400,
  unsupported_currency: 400,
  malformed: 400,
  unknown_code: 404,
  already_paid: 409,
  expired: 409,
};

/** The shop's page may run its own script (and fetch itself); everything else as the other stand-ins. */
const shopPageHeaders = {
  ...localPageHeaders,
  'content-security-policy': localPageHeaders['content-security-policy'].replace(
    "default-src 'none';",
    "default-src 'none'; script-src 'self'; connect-src 'self';",
  ),
};

/**
 * Local mode only: `/local/shop`, a shop issuing real-format NSPK QR codes into the payment
 * system stand-in, and `/local/bank`, the merchant's bank paying them and giving a receipt
 * (docs/p2c.md "The local shop and bank").
 */
export async function registerLocalShopPages(
  app: FastifyInstance,
  context: { readonly db: Database; readonly now: () => Date },
): Promise<void> {
  const { db } = context;
  const language = (request: FastifyRequest) => pageLanguage(request.headers['accept-language']);

  const sendShop = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    options: { readonly askedFor?: string; readonly amount?: string; readonly error?: string } = {},
  ) => {
    const askedFor = options.askedFor ?? '';
    const known = z.safeParse(p2cQrId, askedFor).success ? await findLocalCode(db, askedFor) : null;
    const html = renderShopPage({
      language: language(request),
      text: localShopText(language(request)),
      now: context.now(),
      code: known,
      askedFor,
      recent: await recentLocalCodes(db),
      amount: options.amount ?? '',
      ...(options.error === undefined ? {} : { error: options.error }),
    });
    return reply.status(status).headers(shopPageHeaders).type('text/html; charset=utf-8').send(html);
  };

  const sendBank = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    page: { readonly link?: string; readonly paid?: LocalCode | null; readonly error?: string } = {},
  ) =>
    sendLocalPage(
      reply,
      status,
      renderBankPage({
        language: language(request),
        text: localShopText(language(request)),
        link: page.link ?? '',
        paid: page.paid ?? null,
        ...(page.error === undefined ? {} : { error: page.error }),
      }),
    );

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(localShopScriptPath, async (_request, reply) =>
      reply
        .headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
        .type('text/javascript; charset=utf-8')
        .send(localShopScript),
    );

    scope.get(localShopPath, async (request, reply) => {
      const query = z.safeParse(codeQuery, request.query);
      return sendShop(request, reply, 200, { askedFor: query.success ? (query.data.code ?? '') : '' });
    });

    scope.post(localShopPath, async (request, reply) => {
      const text = localShopText(language(request));
      if (isCrossSitePost(request)) return sendShop(request, reply, 403, { error: text.otherSite });
      const form = z.safeParse(amountForm, request.body);
      const amount = form.success ? issuableAmount(form.data.amount) : null;
      if (amount === null) {
        return sendShop(request, reply, 400, {
          amount: form.success ? form.data.amount : '',
          error: text.invalidAmount,
        });
      }
      const code = await issueLocalCode(db, amount, context.now());
      return reply.header('cache-control', 'no-store').redirect(`${localShopPath}?code=${code.id}`, 303);
    });

    scope.get(localBankPath, async (request, reply) => {
      const query = z.safeParse(codeQuery, request.query);
      const asked = query.success ? (query.data.code ?? '') : '';
      const code = z.safeParse(p2cQrId, asked).success ? await findLocalCode(db, asked) : null;
      return sendBank(request, reply, 200, { paid: code !== null && code.paidAt !== null ? code : null });
    });

    scope.post(localBankPath, async (request, reply) => {
      const text = localShopText(language(request));
      const form = z.safeParse(linkForm, request.body);
      const link = form.success ? form.data.link : '';
      if (isCrossSitePost(request)) return sendBank(request, reply, 403, { link, error: text.otherSite });
      const payment = await payLocalCode(db, link, context.now());
      if (!payment.ok) {
        // A code paid before still offers its receipt.
        return sendBank(request, reply, problemStatus[payment.problem], {
          link,
          paid: payment.code ?? null,
          error: text.problems[payment.problem],
        });
      }
      return reply.header('cache-control', 'no-store').redirect(`${localBankPath}?code=${payment.code.id}`, 303);
    });

    scope.get(localReceiptPath, async (request, reply) => {
      const query = z.safeParse(codeQuery, request.query);
      const asked = query.success ? (query.data.code ?? '') : '';
      const code = z.safeParse(p2cQrId, asked).success ? await findLocalCode(db, asked) : null;
      if (code === null || code.paidAt === null) {
        return reply
          .status(404)
          .headers(localPageHeaders)
          .type('text/plain; charset=utf-8')
          .send('No paid code with this id');
      }
      return reply
        .headers({ ...localPageHeaders, 'content-disposition': `attachment; filename="receipt-${code.id}.pdf"` })
        .type('application/pdf')
        .send(localReceiptPdf({ ...code, paidAt: code.paidAt }));
    });
  });
}
