import { documentTypes } from '../../../contract/compliance';
import type { OperatorDocument, OperatorUserView } from '../../../contract/operator';
import { verificationLevels } from '../../../contract/verification-level';
import { escapeHtml } from '../local-login/page';
import type { OperatorPageText } from './local-text';

/** The local-mode stand-in of the operator area (no scripts: forms and links only). */
export const localOperatorPath = '/local/operator';
export const localOperatorFilePath = `${localOperatorPath}/file`;
/** Support's verified-merchant applications (p2p-merchant/local-page.ts). */
export const localMerchantApplicationsPath = `${localOperatorPath}/merchants`;
/** Support's P2P disputes (p2p-disputes/local-page.ts). */
export const localDisputesPath = `${localOperatorPath}/disputes`;
/** Support's P2C payment accounts (p2c-accounts/local-page.ts). */
export const localP2cAccountsPath = `${localOperatorPath}/p2c-accounts`;
/** Support's P2C payments and their disputes (p2c-merchant-payments/local-page.ts). */
export const localP2cPaymentsPath = `${localOperatorPath}/p2c-payments`;

export const operatorPageStyles = `
:root{color-scheme:light dark;--bg:#fff;--text:#000;--hint:#707579;--line:#e7e7e7;--accent:#2270c9;--button:#2270c9;--field:#f4f4f5;--good:#1b7f35;--bad:#c62828;--button-bad:#c62828;--warn:#a15c00}
@media (prefers-color-scheme:dark){:root{--bg:#181818;--text:#fff;--hint:#aaa;--line:#303030;--accent:#8774e1;--button:#6654cc;--field:#2c2c2c;--bad:#ff595a;--button-bad:#d32f2f;--good:#4cc764;--warn:#f5a623}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:15px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}
main{max-width:720px;margin:0 auto;padding:24px 16px}h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:24px 0 8px}p{margin:0 0 12px}
.hint{color:var(--hint);font-size:13px}.error{color:var(--bad);font-weight:600}section,article{border:1px solid var(--line);border-radius:12px;padding:12px;margin:12px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}dt{color:var(--hint)}dd{margin:0}
.approved{color:var(--good)}.rejected{color:var(--bad)}.on_review{color:var(--hint)}.requested{color:var(--warn)}
label{display:block;margin:8px 0}input[type=text],input[type=datetime-local],select{width:100%;padding:10px;border:1px solid var(--line);border-radius:8px;background:var(--field);color:var(--text);font:inherit}
label.check{display:flex;gap:8px;align-items:center}.row{display:flex;gap:8px;flex-wrap:wrap;align-items:end}
button{border:0;border-radius:8px;background:var(--button);color:#fff;font:inherit;font-weight:600;padding:10px 16px;cursor:pointer}button.reject{background:var(--button-bad)}
a{color:var(--accent)}ul{margin:0;padding-left:18px}
`;

export interface OperatorPage {
  readonly language: 'en' | 'ru';
  readonly text: OperatorPageText;
  /** The user id asked for, as typed. */
  readonly userId: string;
  /** The person's state, or null before a lookup or for an unknown id. */
  readonly view: OperatorUserView | null;
  /** What went wrong with the last form, if anything. */
  readonly error?: string;
}

const field = (label: string, input: string) => `<label>${escapeHtml(label)}${input}</label>`;
const textInput = (name: string, required = false) =>
  `<input type="text" name="${name}" maxlength="500"${required ? ' required' : ''}>`;
const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  values.map((value) => `<option value="${escapeHtml(value)}">${escapeHtml(label(value))}</option>`).join('');

function actionForm(userId: number, action: string, body: string, extra = ''): string {
  return `<form method="post" action="${localOperatorPath}"${extra}><input type="hidden" name="user_id" value="${userId}"><input type="hidden" name="action" value="${action}">${body}</form>`;
}

function documentItem(text: OperatorPageText, userId: number, document: OperatorDocument): string {
  const file =
    document.file === null
      ? ''
      : `<p><a href="${localOperatorFilePath}?user_id=${userId}&amp;short_id=${escapeHtml(document.short_id)}">${escapeHtml(text.openFile)}</a> <span class="hint">${escapeHtml(document.uploaded_name ?? '')} · ${escapeHtml(document.file.media_type)} · ${document.file.size} B</span></p>`;
  const review =
    document.status === 'on_review'
      ? actionForm(
          userId,
          'review',
          `<input type="hidden" name="short_id" value="${escapeHtml(document.short_id)}">${field(text.comment, textInput('comment'))}<div class="row"><button type="submit" name="decision" value="approve">${escapeHtml(text.approve)}</button><button class="reject" type="submit" name="decision" value="reject">${escapeHtml(text.reject)}</button></div>`,
        )
      : '';
  return `<article><b>${escapeHtml(text.types[document.type])}</b> · <span class="${document.status}">${escapeHtml(text.statuses[document.status])}</span> <span class="hint">${escapeHtml(document.short_id)}</span>${document.comment === null ? '' : `<p>${escapeHtml(document.comment)}</p>`}${file}${review}</article>`;
}

function personSections(text: OperatorPageText, view: OperatorUserView): string {
  const { compliance, request } = view;
  const id = view.user.id;
  const yesNo = (value: boolean) => escapeHtml(value ? text.yes : text.no);
  const name = [view.user.first_name, view.user.last_name].filter((part) => part !== null).join(' ');
  const summary = `<section><h2>${escapeHtml(name)} <span class="hint">id ${id}${view.user.username === null ? '' : ` · @${escapeHtml(view.user.username)}`}</span></h2><dl>
<dt>${escapeHtml(text.lock)}</dt><dd>${yesNo(compliance.lock)}</dd>
<dt>${escapeHtml(text.ban)}</dt><dd>${yesNo(compliance.ban)}${compliance.ban_reason === null ? '' : ` · ${escapeHtml(compliance.ban_reason)}`}</dd>
<dt>${escapeHtml(text.softBanUntil)}</dt><dd>${escapeHtml(compliance.soft_ban_until ?? '—')}</dd>
<dt>${escapeHtml(text.pendingActions)}</dt><dd>${yesNo(compliance.pending_actions_from_user)}</dd>
<dt>${escapeHtml(text.request)}</dt><dd>${escapeHtml(text.kinds[request.kind])}${request.level === null ? '' : ` · ${escapeHtml(request.level)}`}${request.message === null ? '' : ` · ${escapeHtml(request.message)}`}</dd>
</dl></section>`;
  const documents = `<h2>${escapeHtml(text.documents)}</h2>${view.documents.length === 0 ? `<p class="hint">${escapeHtml(text.noDocuments)}</p>` : view.documents.map((document) => documentItem(text, id, document)).join('')}`;
  const requestDocuments = `<section><h2>${escapeHtml(text.requestDocuments)}</h2>${actionForm(
    id,
    'request_documents',
    `${field(text.documentType, `<select name="type">${options(documentTypes, (type) => text.types[type])}</select>`)}${field(text.comment, textInput('comment'))}${field(text.message, textInput('message'))}${field(text.reason, textInput('reason', true))}<button type="submit">${escapeHtml(text.send)}</button>`,
  )}</section>`;
  const requestVerification = `<section><h2>${escapeHtml(text.requestVerification)}</h2>${actionForm(
    id,
    'request_verification',
    `${field(text.level, `<select name="level">${options(verificationLevels, (level) => level)}</select>`)}${field(text.message, textInput('message'))}${field(text.reason, textInput('reason', true))}<button type="submit">${escapeHtml(text.send)}</button>`,
  )}</section>`;
  const closeRequest = `<section><h2>${escapeHtml(text.closeRequest)}</h2>${actionForm(
    id,
    'close_request',
    `${field(text.reason, textInput('reason', true))}<button type="submit">${escapeHtml(text.apply)}</button>`,
  )}</section>`;
  const softBanValue = compliance.soft_ban_until === null ? '' : compliance.soft_ban_until.slice(0, 16);
  const restrictions = `<section><h2>${escapeHtml(text.restrictions)}</h2>${actionForm(
    id,
    'restrictions',
    `<label class="check"><input type="checkbox" name="lock" value="1"${compliance.lock ? ' checked' : ''}> ${escapeHtml(text.setLock)}</label>
<label class="check"><input type="checkbox" name="ban" value="1"${compliance.ban ? ' checked' : ''}> ${escapeHtml(text.setBan)}</label>
${field(text.banReason, `<input type="text" name="ban_reason" maxlength="500" value="${escapeHtml(compliance.ban_reason ?? '')}">`)}
${field(`${text.softBanUntil} (UTC)`, `<input type="datetime-local" name="soft_ban_until" value="${escapeHtml(softBanValue)}">`)}<p class="hint">${escapeHtml(text.softBanHint)}</p>
${field(text.reason, textInput('reason', true))}<button type="submit">${escapeHtml(text.apply)}</button>`,
  )}</section>`;
  const log = `<h2>${escapeHtml(text.log)}</h2>${
    view.actions.length === 0
      ? `<p class="hint">${escapeHtml(text.noActions)}</p>`
      : `<ul>${view.actions
          .map(
            (action) =>
              `<li>${escapeHtml(action.created_at)} · ${escapeHtml(text.actions[action.action])} · ${escapeHtml(action.reason)} <span class="hint">(${escapeHtml(action.operator_id === null ? text.byStandIn : String(action.operator_id))})</span></li>`,
          )
          .join('')}</ul>`
  }`;
  return summary + documents + requestDocuments + requestVerification + closeRequest + restrictions + log;
}

/** The operator stand-in: a lookup form and, for a known person, their state and every action. */
export function renderOperatorPage(page: OperatorPage): string {
  const { text } = page;
  const lookup = `<form method="get" action="${localOperatorPath}" class="row"><label>${escapeHtml(text.userId)}<input type="text" name="user_id" inputmode="numeric" pattern="[0-9]+" required value="${escapeHtml(page.userId)}"></label><button type="submit">${escapeHtml(text.lookUp)}</button></form>`;
  const error = page.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(page.error)}</p>`;
  const person =
    page.view === null
      ? page.userId === ''
        ? ''
        : `<p>${escapeHtml(text.noSuchUser)}</p>`
      : personSections(text, page.view);
  const body = `<h1>${escapeHtml(text.title)}</h1><p class="hint">${escapeHtml(text.notice)}</p><p><a href="${localDisputesPath}">${escapeHtml(text.disputes)}</a> · <a href="${localMerchantApplicationsPath}">${escapeHtml(text.merchantApplications)}</a> · <a href="${localP2cAccountsPath}">${escapeHtml(text.p2cAccounts)}</a> · <a href="${localP2cPaymentsPath}">${escapeHtml(text.p2cPayments)}</a></p>${lookup}${error}${person}`;
  return `<!doctype html><html lang="${page.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(text.title)}</title><style>${operatorPageStyles}</style></head><body><main>${body}</main></body></html>`;
}
