import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { telegramUserIdText } from '../../../contract/operator';
import type { MerchantCondition, MerchantConditionKind } from '../../../contract/p2p-merchant';
import { p2pOperatorMerchantEndpoints } from '../../../contract/p2p-merchant';
import { ApiError } from '../../http/api-error';
import { acceptFormPosts } from '../../http/form-body';
import { isCrossSitePost, sendLocalPage } from '../../http/local-page';
import type { EndpointContext } from '../../http/register-endpoint';
import { escapeHtml } from '../local-login/page';
import { pageLanguage } from '../local-login/text';
import { localMerchantApplicationsPath, localOperatorPath } from '../operator/local-page';
import { applicationsOnReview, decideMerchantApplication } from './service';
import { type MerchantRow, merchantConditions } from './state';

const text = {
  en: {
    title: 'Verified merchant applications',
    notice: 'Local stand-in of the operator area: whoever opens this page acts as support.',
    back: 'Compliance operator page',
    none: 'No applications are waiting.',
    applied: 'Applied',
    note: 'Note to the user (required)',
    approve: 'Approve',
    reject: 'Reject and release the deposit',
    invalid: 'Write a note of 1 to 500 characters.',
    otherSite: 'This form was sent from another site, so nothing was done.',
    met: 'met',
    unmet: 'not met',
    kinds: {
      completed_orders: 'Completed orders',
      completion_percent_30d: 'Completion, 30 days (%)',
      verification_level: 'Verification level p2p-merchant',
      deposit_balance: 'Deposit (smallest units)',
    },
  },
  ru: {
    title: 'Заявки на статус верифицированного мерчанта',
    notice: 'Локальная замена операторской: кто открыл эту страницу, действует как поддержка.',
    back: 'Страница комплаенс-оператора',
    none: 'Заявок на рассмотрении нет.',
    applied: 'Подана',
    note: 'Комментарий для пользователя (обязательно)',
    approve: 'Одобрить',
    reject: 'Отклонить и вернуть депозит',
    invalid: 'Напишите комментарий длиной от 1 до 500 символов.',
    otherSite: 'Форма отправлена с другого сайта, поэтому ничего не сделано.',
    met: 'выполнено',
    unmet: 'не выполнено',
    kinds: {
      completed_orders: 'Завершённые сделки',
      completion_percent_30d: 'Доля завершённых за 30 дней (%)',
      verification_level: 'Уровень верификации p2p-merchant',
      deposit_balance: 'Депозит (в минимальных единицах)',
    },
  },
} as const satisfies Record<'en' | 'ru', { kinds: Record<MerchantConditionKind, string> } & Record<string, unknown>>;
type PageText = (typeof text)['en' | 'ru'];

const styles = `:root{color-scheme:light dark;--line:#e7e7e7;--hint:#707579;--button:#2270c9;--button-bad:#c62828;--good:#1b7f35;--bad:#c62828}
@media (prefers-color-scheme:dark){:root{--line:#303030;--hint:#aaa;--button:#6654cc;--button-bad:#d32f2f;--good:#4cc764;--bad:#ff595a}}
body{margin:0;font:15px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}main{max-width:720px;margin:0 auto;padding:24px 16px}
h1{font-size:20px}.hint{color:var(--hint);font-size:13px}.error{color:var(--bad);font-weight:600}article{border:1px solid var(--line);border-radius:12px;padding:12px;margin:12px 0}
.met{color:var(--good)}.unmet{color:var(--bad)}label{display:block;margin:8px 0}input[type=text]{width:100%;padding:10px;border:1px solid var(--line);border-radius:8px;font:inherit;box-sizing:border-box}
.row{display:flex;gap:8px;flex-wrap:wrap}button{border:0;border-radius:8px;background:var(--button);color:#fff;font:inherit;font-weight:600;padding:10px 16px;cursor:pointer}button.reject{background:var(--button-bad)}`;

interface Application {
  readonly row: MerchantRow;
  readonly conditions: readonly MerchantCondition[];
}

function conditionLine(words: PageText, condition: MerchantCondition): string {
  const state = condition.met ? words.met : words.unmet;
  return `<li>${escapeHtml(words.kinds[condition.kind])}: ${escapeHtml(condition.current)} / ${escapeHtml(condition.required)} <span class="${condition.met ? 'met' : 'unmet'}">(${escapeHtml(state)})</span></li>`;
}

function applicationItem(words: PageText, application: Application): string {
  const { row } = application;
  const form = `<form method="post" action="${localMerchantApplicationsPath}"><input type="hidden" name="user_id" value="${row.userId}"><label>${escapeHtml(words.note)}<input type="text" name="note" maxlength="500" required></label><div class="row"><button type="submit" name="decision" value="approve">${escapeHtml(words.approve)}</button><button class="reject" type="submit" name="decision" value="reject">${escapeHtml(words.reject)}</button></div></form>`;
  return `<article><b>id ${row.userId}</b> <span class="hint">${escapeHtml(words.applied)} ${escapeHtml(row.appliedAt.toISOString())}</span><ul>${application.conditions.map((condition) => conditionLine(words, condition)).join('')}</ul>${form}</article>`;
}

function renderPage(language: 'en' | 'ru', applications: readonly Application[], error?: string): string {
  const words = text[language];
  const list =
    applications.length === 0
      ? `<p>${escapeHtml(words.none)}</p>`
      : applications.map((application) => applicationItem(words, application)).join('');
  const alert = error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`;
  const body = `<h1>${escapeHtml(words.title)}</h1><p class="hint">${escapeHtml(words.notice)} <a href="${localOperatorPath}">${escapeHtml(words.back)}</a></p>${alert}${list}`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(words.title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

const decisionForm = z.object({
  user_id: telegramUserIdText,
  decision: p2pOperatorMerchantEndpoints.decideMerchantApplication.body.shape.decision,
  note: p2pOperatorMerchantEndpoints.decideMerchantApplication.body.shape.note,
});

/** `/local/operator/merchants`: the applications on review, each with its conditions, approve or reject with a note. */
export async function registerLocalMerchantPage(app: FastifyInstance, context: EndpointContext): Promise<void> {
  const render = async (request: FastifyRequest, error?: string) => {
    const now = context.now();
    const rows = await applicationsOnReview(context.db);
    const applications = await Promise.all(
      rows.map(async (row) => ({ row, conditions: await merchantConditions(context.db, row.userId, row, now) })),
    );
    return renderPage(pageLanguage(request.headers['accept-language']), applications, error);
  };

  await app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.get(localMerchantApplicationsPath, async (request, reply) =>
      sendLocalPage(reply, 200, await render(request)),
    );
    scope.post(localMerchantApplicationsPath, async (request, reply) => {
      const words = text[pageLanguage(request.headers['accept-language'])];
      if (isCrossSitePost(request)) return sendLocalPage(reply, 403, await render(request, words.otherSite));
      const form = z.safeParse(decisionForm, request.body);
      if (!form.success) return sendLocalPage(reply, 400, await render(request, words.invalid));
      try {
        await decideMerchantApplication(
          context.db,
          Number(form.data.user_id),
          { decision: form.data.decision, note: form.data.note },
          context.now(),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendLocalPage(reply, error.statusCode, await render(request, error.message));
      }
      return reply.header('cache-control', 'no-store').redirect(localMerchantApplicationsPath, 303);
    });
  });
}
