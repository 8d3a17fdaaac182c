import type { P2cAccountStatus } from '../../../contract/p2c';
import { escapeHtml } from '../local-login/page';
import { localOperatorPath, localP2cAccountsPath, operatorPageStyles } from '../operator/local-page';
import type { AccountsPageText } from './local-text';
import type { AccountDecision, OperatorP2cAccount } from './support';

/** A document's bytes for the stand-in: `?account_id=&file_id=`. */
export const localP2cAccountFilePath = `${localP2cAccountsPath}/file`;

export interface AccountsPage {
  readonly language: 'en' | 'ru';
  readonly text: AccountsPageText;
  readonly waiting: readonly OperatorP2cAccount[];
  readonly recent: readonly OperatorP2cAccount[];
  /** The account asked for; null when none was, or (with `accountId`) when it does not exist. */
  readonly account: OperatorP2cAccount | null;
  readonly accountId: string;
  readonly error?: string;
}

const e = escapeHtml;
const decisionsOf = (status: P2cAccountStatus): AccountDecision[] =>
  status === 'pending'
    ? ['review', 'approve', 'request_documents', 'reject']
    : status === 'under_verification'
      ? ['approve', 'request_documents', 'reject']
      : [];

function listRow(text: AccountsPageText, item: OperatorP2cAccount): string {
  const { account, owner } = item;
  return `<li><a href="${localP2cAccountsPath}?account_id=${account.id}">${e(text.account)} #${account.id}</a> · ${e(text.statuses[account.status])} · ${e(account.bank.name)} ··${e(account.number.slice(-4))} · ${e(owner.name)} <span class="hint">id ${owner.telegram_id}</span></li>`;
}

function list(text: AccountsPageText, title: string, items: readonly OperatorP2cAccount[]): string {
  const body =
    items.length === 0
      ? `<p class="hint">${e(text.none)}</p>`
      : `<ul>${items.map((item) => listRow(text, item)).join('')}</ul>`;
  return `<h2>${e(title)}</h2>${body}`;
}

function decisionForm(text: AccountsPageText, item: OperatorP2cAccount): string {
  const choices = decisionsOf(item.account.status);
  if (choices.length === 0) return `<p class="hint">${e(text.notWaiting)}</p>`;
  const buttons = choices
    .map(
      (decision) =>
        `<button${decision === 'reject' ? ' class="reject"' : ''} type="submit" name="decision" value="${decision}">${e(text.decisions[decision])}</button>`,
    )
    .join('');
  return `<section><h2>${e(text.decision)}</h2><form method="post" action="${localP2cAccountsPath}"><input type="hidden" name="account_id" value="${item.account.id}"><label>${e(text.note)}<input type="text" name="note" maxlength="1000"></label><div class="row">${buttons}</div></form></section>`;
}

function accountSection(text: AccountsPageText, item: OperatorP2cAccount): string {
  const { account, owner } = item;
  const documents =
    account.documents.length === 0
      ? `<p class="hint">${e(text.noDocuments)}</p>`
      : `<ul>${account.documents
          .map(
            (document) =>
              `<li><a href="${localP2cAccountFilePath}?account_id=${account.id}&amp;file_id=${e(document.id)}">${e(document.name)}</a> · ${e(text.documentStatuses[document.status])} <span class="hint">${e(document.media_type)} · ${document.size} B · ${e(document.uploaded_at)}</span></li>`,
          )
          .join('')}</ul>`;
  return `<section><h2>${e(text.account)} #${account.id} · ${e(text.statuses[account.status])}</h2><dl>
<dt>${e(text.owner)}</dt><dd>${e(owner.name)} <span class="hint">id ${owner.telegram_id}</span></dd>
<dt>${e(text.kind)}</dt><dd>${e(text.kinds[account.kind])}</dd>
<dt>${e(text.bank)}</dt><dd>${e(account.bank.name)}</dd>
<dt>${e(text.number)}</dt><dd>${e(account.number)}</dd>
<dt>${e(text.holder)}</dt><dd>${e(account.holder_name)}</dd>
<dt>${e(text.created)}</dt><dd>${e(account.created_at)}</dd>
<dt>${e(text.lastNote)}</dt><dd>${e(account.note ?? '—')}</dd>
</dl><h2>${e(text.documents)}</h2>${documents}</section>${decisionForm(text, item)}`;
}

/** Support's accounts page: those waiting, the latest changes, and one account with its documents and decision. */
export function renderAccountsPage(page: AccountsPage): string {
  const { text } = page;
  const error = page.error === undefined ? '' : `<p class="error" role="alert">${e(page.error)}</p>`;
  const detail =
    page.account !== null
      ? accountSection(text, page.account)
      : page.accountId === ''
        ? ''
        : `<p>${e(text.noSuchAccount)}</p>`;
  const body = `<h1>${e(text.title)}</h1><p class="hint">${e(text.notice)} <a href="${localOperatorPath}">${e(text.back)}</a></p>${error}${detail}${list(text, text.waiting, page.waiting)}${list(text, text.all, page.recent)}`;
  return `<!doctype html><html lang="${page.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(text.title)}</title><style>${operatorPageStyles}dd{overflow-wrap:anywhere}</style></head><body><main>${body}</main></body></html>`;
}
