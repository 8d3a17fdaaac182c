import { escapeHtml } from '../local-login/page';
import type { LocalPagesText } from './local-text';
import type { SubmissionInReview } from './provider-steps';

/** Verification's local stand-ins (local mode only). */
export const localPhonePath = '/local/verification/phone';
export const localIdentityProviderPath = '/local/identity-provider';
export const localIdentityProviderDecidePath = `${localIdentityProviderPath}/decide`;
export const localIdentityProviderFilePath = (fileId: string) => `${localIdentityProviderPath}/files/${fileId}`;

type Language = 'en' | 'ru';

const styles = `
:root{color-scheme:light dark;--bg:#fff;--text:#000;--hint:#707579;--line:#e7e7e7;--accent:#2270c9;--button:#2270c9;--field:#f4f4f5;--bad:#c62828;--button-bad:#c62828}
@media (prefers-color-scheme:dark){:root{--bg:#181818;--text:#fff;--hint:#aaa;--line:#303030;--accent:#8774e1;--button:#6654cc;--field:#2c2c2c;--bad:#ff595a;--button-bad:#d32f2f}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:15px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}
main{max-width:640px;margin:0 auto;padding:24px 16px}h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:0 0 4px}p{margin:0 0 12px}
.hint{color:var(--hint);font-size:13px}article{border:1px solid var(--line);border-radius:12px;padding:12px;margin:12px 0}
.files{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}.files a{color:var(--accent);font-size:13px}
.files img{display:block;max-width:180px;max-height:180px;border-radius:8px;border:1px solid var(--line)}
label{display:block;margin:8px 0}input[type=text],input[type=tel]{width:100%;padding:10px;border:1px solid var(--line);border-radius:8px;background:var(--field);color:var(--text);font:inherit}
.actions{display:flex;gap:8px;flex-wrap:wrap}button{border:0;border-radius:8px;background:var(--button);color:#fff;font:inherit;font-weight:600;padding:10px 16px;cursor:pointer}
button.reject{background:var(--button-bad)}a.back{color:var(--accent)}
`;

function page(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

export function renderMessagePage(language: Language, text: LocalPagesText, title: string, message: string): string {
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p class="hint">${escapeHtml(text.localNotice)}</p>`,
  );
}

export interface PhonePage {
  readonly language: Language;
  readonly text: LocalPagesText;
  readonly botUsername: string;
  /** The number to offer, as Telegram would fill it in; the person may change it. */
  readonly suggestedNumber: string;
}

/** The stand-in for sharing the contact with the bot: the number the bot would receive. */
export function renderPhonePage({ language, text, botUsername, suggestedNumber }: PhonePage): string {
  const heading = text.phoneHeading(botUsername);
  return page(
    language,
    text.phoneTitle,
    `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text.phoneExplain)}</p><p class="hint">${escapeHtml(text.localNotice)}</p>
<form method="post" action="${localPhonePath}"><label>${escapeHtml(text.phoneLabel)}<input type="tel" name="phone_number" value="${escapeHtml(suggestedNumber)}" maxlength="32" required autocomplete="tel"></label>
<button type="submit">${escapeHtml(text.phoneShare)}</button></form>`,
  );
}

function fileItem(text: LocalPagesText, file: SubmissionInReview['files'][number]): string {
  const href = escapeHtml(localIdentityProviderFilePath(file.id));
  const name = escapeHtml(file.name);
  const preview = file.mediaType.startsWith('image/') ? `<img src="${href}" alt="${name}">` : '';
  return `<div>${preview}<a href="${href}">${escapeHtml(text.openFile)}: ${name}</a></div>`;
}

function submissionItem(text: LocalPagesText, item: SubmissionInReview): string {
  const step = text.stepNames[item.type];
  return `<article><h2>${escapeHtml(step)}</h2><p class="hint">${escapeHtml(text.user)} ${item.userId} · ${escapeHtml(text.submitted)} ${escapeHtml(item.createdAt.toISOString())}</p>
<div class="files">${item.files.map((file) => fileItem(text, file)).join('')}</div>
<form method="post" action="${localIdentityProviderDecidePath}"><input type="hidden" name="submission_id" value="${escapeHtml(item.id)}">
<label>${escapeHtml(text.reasonLabel)}<input type="text" name="reason" maxlength="500"></label>
<div class="actions"><button type="submit" name="decision" value="approve">${escapeHtml(text.approve)}</button><button class="reject" type="submit" name="decision" value="reject">${escapeHtml(text.reject)}</button></div></form></article>`;
}

/** The local identity provider: every submission on review, each with its files and a decision form. */
export function renderReviewPage(
  language: Language,
  text: LocalPagesText,
  items: readonly SubmissionInReview[],
): string {
  const list =
    items.length === 0
      ? `<p>${escapeHtml(text.reviewEmpty)}</p>`
      : items.map((item) => submissionItem(text, item)).join('');
  return page(
    language,
    text.reviewTitle,
    `<h1>${escapeHtml(text.reviewTitle)}</h1><p>${escapeHtml(text.reviewExplain)}</p><p class="hint">${escapeHtml(text.localNotice)}</p>${list}`,
  );
}

/** A refusal with the way back to the page it came from. */
export function renderRefusalPage(language: Language, text: LocalPagesText, message: string, back: string): string {
  return page(
    language,
    text.errorTitle,
    `<h1>${escapeHtml(text.errorTitle)}</h1><p>${escapeHtml(message)}</p><p><a class="back" href="${escapeHtml(back)}">${escapeHtml(text.back)}</a></p>`,
  );
}
