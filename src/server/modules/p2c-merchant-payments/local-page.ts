import type { OperatorP2cPayment } from '../../../contract/p2c';
import { escapeHtml } from '../local-login/page';
import { localOperatorPath, localP2cPaymentsPath, operatorPageStyles } from '../operator/local-page';
import { wholeUnits } from '../p2p-disputes/local-page';
import type { PaymentsPageText } from './local-text';

/** A payment's receipt for the stand-in: `?payment_id=`. */
export const localP2cCheckPath = `${localP2cPaymentsPath}/check`;

/** A person as the page shows them: Telegram id and name. */
export interface PagePerson {
  readonly id: number;
  readonly name: string;
}

export interface PaymentsPage {
  readonly language: 'en' | 'ru';
  readonly text: PaymentsPageText;
  readonly disputed: readonly OperatorP2cPayment[];
  readonly resolved: readonly OperatorP2cPayment[];
  /** The payment asked for with its asset's decimals and both people; null when none was, or it does not exist. */
  readonly payment: {
    readonly view: OperatorP2cPayment;
    readonly decimals: number;
    readonly client: PagePerson;
    readonly merchant: PagePerson | null;
  } | null;
  readonly paymentId: string;
  readonly error?: string;
}

const e = escapeHtml;

function listRow(text: PaymentsPageText, item: OperatorP2cPayment): string {
  const view = item.client_view;
  const reason = view.dispute === null ? '' : ` · ${e(text.reasons[view.dispute.reason])}`;
  return `<li><a href="${localP2cPaymentsPath}?payment_id=${item.id}">${e(text.payment)} #${item.id}</a> · ${e(text.statuses[view.status])} · ${e(view.fiat_amount)} ${e(view.fiat)} · ${e(view.payee.name)}${reason}</li>`;
}

function list(text: PaymentsPageText, title: string, items: readonly OperatorP2cPayment[]): string {
  const body =
    items.length === 0
      ? `<p class="hint">${e(text.none)}</p>`
      : `<ul>${items.map((item) => listRow(text, item)).join('')}</ul>`;
  return `<h2>${e(title)}</h2>${body}`;
}

const person = (who: PagePerson) => `${e(who.name)} <span class="hint">id ${who.id}</span>`;

function decisionForm(text: PaymentsPageText, paymentId: number): string {
  return `<section><h2>${e(text.decision)}</h2><form method="post" action="${localP2cPaymentsPath}"><input type="hidden" name="payment_id" value="${paymentId}"><label>${e(text.note)}<input type="text" name="note" maxlength="1000" required></label><div class="row"><button type="submit" name="outcome" value="confirm">${e(text.confirm)}</button><button class="reject" type="submit" name="outcome" value="refund">${e(text.refund)}</button></div></form></section>`;
}

function paymentSection(text: PaymentsPageText, payment: NonNullable<PaymentsPage['payment']>): string {
  const { view, decimals } = payment;
  const client = view.client_view;
  const merchant = view.merchant_view;
  const crypto = (smallest: string) => `${e(wholeUnits(smallest, decimals))} ${e(client.asset)}`;
  const check =
    merchant?.check == null
      ? `<p class="hint">${e(text.noCheck)}</p>`
      : `<p><a href="${localP2cCheckPath}?payment_id=${view.id}">${e(merchant.check.name)}</a> <span class="hint">${e(merchant.check.media_type)} · ${merchant.check.size} B · ${e(merchant.check.uploaded_at)}</span></p>`;
  const summary = `<section><h2>${e(text.payment)} #${view.id} · ${e(text.statuses[client.status])}</h2><dl>
<dt>${e(text.client)}</dt><dd>${person(payment.client)}</dd>
<dt>${e(text.merchant)}</dt><dd>${payment.merchant === null ? `<span class="hint">${e(text.nobodyYet)}</span>` : person(payment.merchant)}</dd>
<dt>${e(text.code)}</dt><dd>${e(merchant?.qr.link ?? client.qr_id)}</dd>
<dt>${e(text.payee)}</dt><dd>${e(client.payee.name)} · ${e(client.payee.bank_name)}</dd>
<dt>${e(text.roubles)}</dt><dd>${e(client.fiat_amount)} ${e(client.fiat)}</dd>
<dt>${e(text.rate)}</dt><dd>${e(client.rate)} ${e(client.fiat)}</dd>
<dt>${e(text.clientPaid)}</dt><dd>${crypto(client.total)}</dd>
<dt>${e(text.merchantGets)}</dt><dd>${crypto(client.amount)}</dd>
<dt>${e(text.fee)}</dt><dd>${crypto(client.fee)}</dd>
<dt>${e(text.account)}</dt><dd>${merchant?.account == null ? '—' : `${e(merchant.account.bank_name)} ··${e(merchant.account.number_last4)}`}</dd>
</dl><h2>${e(text.check)}</h2>${check}</section>`;
  const { dispute } = client;
  const disputePart =
    dispute === null
      ? ''
      : `<section><h2>${e(text.dispute)}: ${e(text.reasons[dispute.reason])}</h2><p>${e(dispute.message)}</p><p class="hint">${e(dispute.opened_at)}</p>${
          dispute.resolution === null
            ? ''
            : `<h2>${e(text.decided)}</h2><p>${e(text.outcomes[dispute.resolution.outcome])}</p><p>${e(dispute.resolution.note)}</p><p class="hint">${e(dispute.resolution.at)}</p>`
        }</section>${client.status === 'disputed' ? decisionForm(text, view.id) : ''}`;
  const history = `<h2>${e(text.history)}</h2><ul>${view.history
    .map(
      (entry) =>
        `<li>${e(entry.at)} · ${e(entry.from === null ? '—' : text.statuses[entry.from])} → ${e(text.statuses[entry.to])} · ${e(text.actors[entry.actor])}${entry.detail === null ? '' : ` · ${e(entry.detail)}`}</li>`,
    )
    .join('')}</ul>`;
  return summary + disputePart + history;
}

/** Support's P2C payments page: disputes open and decided, and one payment's both sides, receipt, history and decision. */
export function renderPaymentsPage(page: PaymentsPage): string {
  const { text } = page;
  const error = page.error === undefined ? '' : `<p class="error" role="alert">${e(page.error)}</p>`;
  const detail =
    page.payment !== null
      ? paymentSection(text, page.payment)
      : page.paymentId === ''
        ? ''
        : `<p>${e(text.noSuchPayment)}</p>`;
  const find = `<form method="get" action="${localP2cPaymentsPath}" class="row"><label>${e(text.paymentNumber)}<input type="text" name="payment_id" inputmode="numeric" maxlength="12" value="${e(page.paymentId)}"></label><button type="submit">${e(text.find)}</button></form>`;
  const body = `<h1>${e(text.title)}</h1><p class="hint">${e(text.notice)} <a href="${localOperatorPath}">${e(text.back)}</a></p>${error}${find}${detail}${list(text, text.disputed, page.disputed)}${list(text, text.resolved, page.resolved)}`;
  return `<!doctype html><html lang="${page.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(text.title)}</title><style>${operatorPageStyles}dd{overflow-wrap:anywhere}</style></head><body><main>${body}</main></body></html>`;
}
