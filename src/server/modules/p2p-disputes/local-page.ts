import Decimal from 'decimal.js';
import {
  type DisputeSideStatement,
  disputeReasons,
  type OperatorOrderView,
  type OrderSide,
} from '../../../contract/p2p-orders';
import { escapeHtml } from '../local-login/page';
import { localDisputesPath, localOperatorPath, operatorPageStyles } from '../operator/local-page';
import type { DisputePageText } from './local-text';
import type { DisputeListItem } from './support';

/** A dispute file's bytes for the stand-in: `?order_id=&file_id=`. */
export const localDisputeFilePath = `${localDisputesPath}/file`;

export interface DisputesPage {
  readonly language: 'en' | 'ru';
  readonly text: DisputePageText;
  readonly open: readonly DisputeListItem[];
  readonly resolved: readonly DisputeListItem[];
  /** The order asked for, with its asset's decimals; null when none was, or (with `orderId`) when it does not exist. */
  readonly order: { readonly view: OperatorOrderView; readonly decimals: number } | null;
  readonly orderId: string;
  readonly error?: string;
}

const e = escapeHtml;
const Exact = Decimal.clone({ precision: 100, toExpNeg: -100, toExpPos: 100 });

/** Smallest units as whole units of the asset: "25250000000000000000", 18 → "25.25". */
export function wholeUnits(smallest: string, decimals: number): string {
  return new Exact(smallest).div(new Exact(10).pow(decimals)).toFixed();
}

function listRow(text: DisputePageText, item: DisputeListItem): string {
  return `<li><a href="${localDisputesPath}?order_id=${item.order_id}">${e(text.order)} #${item.order_id}</a> · ${e(text.reasons[item.reason])} · ${e(text.sides[item.opened_by])} · ${e(item.fiat_amount)} ${e(item.fiat)} · ${e(item.has_response ? text.answered : text.notAnswered)} <span class="hint">${e(text.supportDue)} ${e(item.support_due_at)}</span></li>`;
}

function list(text: DisputePageText, title: string, items: readonly DisputeListItem[]): string {
  const body =
    items.length === 0
      ? `<p class="hint">${e(text.none)}</p>`
      : `<ul>${items.map((item) => listRow(text, item)).join('')}</ul>`;
  return `<h2>${e(title)}</h2>${body}`;
}

function party(text: DisputePageText, side: OrderSide, who: OperatorOrderView['buyer']): string {
  return `<dt>${e(text.sides[side])}</dt><dd>${e(who.user.name)} · ${e(who.user.username)} <span class="hint">id ${who.telegram_id}${who.is_maker ? ` · ${e(text.maker)}` : ''}</span></dd>`;
}

function statement(text: DisputePageText, orderId: number, title: string, shown: DisputeSideStatement): string {
  const files =
    shown.files.length === 0
      ? ''
      : `<p>${e(text.files)}:</p><ul>${shown.files
          .map(
            (file) =>
              `<li><a href="${localDisputeFilePath}?order_id=${orderId}&amp;file_id=${e(file.id)}">${e(file.name)}</a> <span class="hint">${e(file.media_type)} · ${file.size} B</span></li>`,
          )
          .join('')}</ul>`;
  return `<article><b>${e(title)}</b> · ${e(text.sides[shown.side])} <span class="hint">${e(shown.at)}</span><p>${e(shown.message)}</p>${files}</article>`;
}

function decisionForm(text: DisputePageText, orderId: number): string {
  const sides = (['buyer', 'seller'] as const)
    .map((side) => `<option value="${side}">${e(text.sides[side])}</option>`)
    .join('');
  return `<section><h2>${e(text.decision)}</h2><form method="post" action="${localDisputesPath}"><input type="hidden" name="order_id" value="${orderId}"><label>${e(text.atFault)}<select name="at_fault"><option value="">${e(text.nobody)}</option>${sides}</select></label><label>${e(text.note)}<input type="text" name="note" maxlength="1000" required></label><div class="row"><button type="submit" name="outcome" value="release">${e(text.release)}</button><button class="reject" type="submit" name="outcome" value="return">${e(text.return)}</button></div></form></section>`;
}

/** What the history says beyond who: a dispute's reason in words, else the code as stored. */
function historyDetail(text: DisputePageText, detail: string): string {
  const reason = disputeReasons.find((known) => known === detail);
  return reason === undefined ? detail : text.reasons[reason];
}

function orderSection(text: DisputePageText, order: OperatorOrderView, decimals: number): string {
  const method = [order.payment_method.locale, order.payment_method.child_locale, order.payment_method.data]
    .filter((part) => part !== null)
    .join(' · ');
  const summary = `<section><h2>${e(text.order)} #${order.id} · ${e(text.statuses[order.status])}</h2><dl>
<dt>${e(text.amount)}</dt><dd>${e(order.fiat_amount)} ${e(order.fiat)} · ${e(wholeUnits(order.amount, decimals))} ${e(order.asset)}</dd>
<dt>${e(text.price)}</dt><dd>${e(order.price)} ${e(order.fiat)}</dd>
<dt>${e(text.fee)}</dt><dd>${e(wholeUnits(order.fee, decimals))} ${e(order.asset)}</dd>
<dt>${e(text.method)}</dt><dd>${e(method)}</dd>
${party(text, 'buyer', order.buyer)}${party(text, 'seller', order.seller)}
<dt>${e(text.conditions)}</dt><dd>${e(order.conditions === '' ? '—' : order.conditions)}</dd>
</dl></section>`;
  const { dispute } = order;
  const disputeParts =
    dispute === null
      ? ''
      : `<h2>${e(text.reasons[dispute.reason])}</h2><p class="hint">${e(text.answerDue)} ${e(dispute.response_due_at)} · ${e(text.supportDue)} ${e(dispute.support_due_at)}</p>${statement(text, order.id, text.opening, dispute.opening)}${
          dispute.response === null
            ? `<p class="hint">${e(text.noResponse)}</p>`
            : statement(text, order.id, text.response, dispute.response)
        }${
          dispute.resolution === null
            ? order.status === 'disputed'
              ? decisionForm(text, order.id)
              : ''
            : `<section><h2>${e(text.decided)}</h2><p>${e(text.outcomes[dispute.resolution.outcome])} · ${e(text.atFault)}: ${e(dispute.resolution.at_fault === null ? text.nobody : text.sides[dispute.resolution.at_fault])}</p><p>${e(dispute.resolution.note)}</p><p class="hint">${e(dispute.resolution.at)}</p></section>`
        }`;
  const history = `<h2>${e(text.history)}</h2><ul>${order.history
    .map(
      (entry) =>
        `<li>${e(entry.at)} · ${e(entry.from === null ? '—' : text.statuses[entry.from])} → ${e(text.statuses[entry.to])} · ${e(text.actors[entry.actor])}${entry.detail === null ? '' : ` · ${e(historyDetail(text, entry.detail))}`}</li>`,
    )
    .join('')}</ul>`;
  return summary + disputeParts + history;
}

/** Support's disputes page: the open and decided disputes, and one order's both sides, files, history and decision. */
export function renderDisputesPage(page: DisputesPage): string {
  const { text } = page;
  const error = page.error === undefined ? '' : `<p class="error" role="alert">${e(page.error)}</p>`;
  const detail =
    page.order !== null
      ? orderSection(text, page.order.view, page.order.decimals)
      : page.orderId === ''
        ? ''
        : `<p>${e(text.noSuchOrder)}</p>`;
  const body = `<h1>${e(text.title)}</h1><p class="hint">${e(text.notice)} <a href="${localOperatorPath}">${e(text.back)}</a></p>${error}${detail}${list(text, text.open, page.open)}${list(text, text.resolved, page.resolved)}`;
  return `<!doctype html><html lang="${page.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(text.title)}</title><style>${operatorPageStyles}dd{overflow-wrap:anywhere}</style></head><body><main>${body}</main></body></html>`;
}
