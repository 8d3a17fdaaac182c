import { renderSVG } from 'uqr';
import { escapeHtml } from '../local-login/page';
import { operatorPageStyles } from '../operator/local-page';
import type { LocalCode } from './codes';
import type { LocalShopText } from './text';

export const localShopPath = '/local/shop';
export const localBankPath = '/local/bank';
/** The shop's one script: copies the link, keeps the paid states current (no inline scripts). */
export const localShopScriptPath = `${localShopPath}/shop.js`;
export const localReceiptPath = `${localBankPath}/receipt`;

const e = escapeHtml;

const styles = `${operatorPageStyles}
.qr{display:block;width:240px;max-width:100%;height:auto;margin:8px 0}
.link{display:flex;gap:8px}.link input{flex:1;min-width:0}
input[type=text],textarea{width:100%;padding:10px;border:1px solid var(--line);border-radius:8px;background:var(--field);color:var(--text);font:inherit}
textarea{min-height:84px;overflow-wrap:anywhere}
.paid{color:var(--good);font-weight:600}.unpaid{color:var(--warn)}.expired{color:var(--hint)}
li{margin:4px 0;overflow-wrap:anywhere}
section>h2:first-child{margin-top:0}dd,.hint{min-width:0;overflow-wrap:anywhere}dl{margin-bottom:12px}`;

function document(language: 'en' | 'ru', title: string, body: string, script: boolean): string {
  const scriptTag = script ? `<script src="${localShopScriptPath}" defer></script>` : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)}</title><style>${styles}</style>${scriptTag}</head><body><main>${body}</main></body></html>`;
}

function error(message: string | undefined): string {
  return message === undefined ? '' : `<p class="error" role="alert">${e(message)}</p>`;
}

/** "2026-11-24 20:50 UTC": the stand-ins show times as the server keeps them. */
function moment(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function stateOf(text: LocalShopText, code: LocalCode, now: Date): string {
  if (code.paidAt !== null) return `<span class="paid">${e(text.paid)} · ${e(moment(code.paidAt))}</span>`;
  if (code.expiresAt !== null && code.expiresAt <= now) return `<span class="expired">${e(text.expired)}</span>`;
  return `<span class="unpaid">${e(text.notPaid)}</span>`;
}

function codeSection(text: LocalShopText, code: LocalCode, now: Date): string {
  const svg = renderSVG(code.link, { ecc: 'M', border: 2 }).replace(
    '<svg ',
    `<svg class="qr" role="img" aria-label="${e(text.qrLabel)}" `,
  );
  return `<section><h2>${e(text.code)} · ${e(code.roubles)} ₽</h2>${svg}<label for="link">${e(text.link)}</label><div class="link"><input type="text" id="link" value="${e(code.link)}" readonly><button type="button" data-copy="link" data-copied="${e(text.copied)}">${e(text.copy)}</button></div><p id="status" aria-live="polite">${stateOf(text, code, now)}</p><p class="hint">${e(code.payeeName)} · ${e(code.payeeBank)} · ${e(code.id)}</p></section>`;
}

export interface ShopPage {
  readonly language: 'en' | 'ru';
  readonly text: LocalShopText;
  readonly now: Date;
  /** The code asked for (`?code=`), just issued or looked at; null when none was or it is unknown. */
  readonly code: LocalCode | null;
  readonly askedFor: string;
  readonly recent: readonly LocalCode[];
  readonly amount: string;
  readonly error?: string;
}

/** The stand-in shop: issue a code for an amount, its QR and link, and every code's paid state. */
export function renderShopPage(page: ShopPage): string {
  const { text, now } = page;
  const form = `<form method="post" action="${localShopPath}"><label>${e(text.amount)}<input type="text" name="amount" inputmode="decimal" autocomplete="off" maxlength="12" required value="${e(page.amount)}"></label><button type="submit">${e(text.issue)}</button></form>`;
  const selected =
    page.code !== null ? codeSection(text, page.code, now) : page.askedFor === '' ? '' : `<p>${e(text.noSuchCode)}</p>`;
  const items =
    page.recent.length === 0
      ? `<p class="hint">${e(text.none)}</p>`
      : `<ul>${page.recent
          .map(
            (code) =>
              `<li><a href="${localShopPath}?code=${e(code.id)}">${e(code.roubles)} ₽</a> · ${stateOf(text, code, now)} <span class="hint">${e(text.issued)} ${e(moment(code.issuedAt))} · ${e(code.id)}</span></li>`,
          )
          .join('')}</ul>`;
  const body = `<h1>${e(text.shopTitle)}</h1><p class="hint">${e(text.shopNotice)} <a href="${localBankPath}">${e(text.toBank)}</a></p>${error(page.error)}${form}${selected}<section id="codes"><h2>${e(text.recent)}</h2>${items}</section>`;
  return document(page.language, text.shopTitle, body, true);
}

export interface BankPage {
  readonly language: 'en' | 'ru';
  readonly text: LocalShopText;
  readonly link: string;
  /** The code just paid, with its receipt; null before paying. */
  readonly paid: LocalCode | null;
  readonly error?: string;
}

/** The stand-in bank: paste a code's link, pay it, download the receipt. */
export function renderBankPage(page: BankPage): string {
  const { text } = page;
  const paid =
    page.paid === null || page.paid.paidAt === null
      ? ''
      : `<section><h2 class="paid">${e(text.paidDone)}</h2><dl><dt>${e(text.payee)}</dt><dd>${e(page.paid.payeeName)} · ${e(page.paid.payeeBank)}</dd><dt>${e(text.amount)}</dt><dd>${e(page.paid.roubles)}</dd><dt>${e(text.code)}</dt><dd>${e(page.paid.id)}</dd><dt>${e(text.paidAt)}</dt><dd>${e(moment(page.paid.paidAt))}</dd></dl><p><a href="${localReceiptPath}?code=${e(page.paid.id)}" download>${e(text.receipt)}</a></p><p class="hint">${e(text.receiptHint)}</p></section>`;
  const form = `<form method="post" action="${localBankPath}"><label>${e(text.pasteLink)}<textarea name="link" maxlength="1000" required spellcheck="false">${e(page.link)}</textarea></label><button type="submit">${e(text.pay)}</button></form>`;
  const body = `<h1>${e(text.bankTitle)}</h1><p class="hint">${e(text.bankNotice)} <a href="${localShopPath}">${e(text.toShop)}</a></p>${error(page.error)}${paid}${form}`;
  return document(page.language, text.bankTitle, body, false);
}

/**
 * The shop page's script, served from this origin (its CSP allows scripts from 'self' only): the
 * Copy button, and every two seconds the page fetched again and its paid states swapped in, so
 * the shop shows a code paid without a reload (and without losing what is being typed).
 */
export const localShopScript = `(() => {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
    if (button === null) return;
    const field = document.getElementById(button.getAttribute('data-copy'));
    if (field === null) return;
    const done = () => { button.textContent = button.getAttribute('data-copied'); };
    if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, () => {});
    else { field.select(); if (document.execCommand('copy')) done(); }
  });
  setInterval(async () => {
    try {
      const answer = await fetch(location.href, { cache: 'no-store', credentials: 'same-origin' });
      if (!answer.ok) return;
      const fresh = new DOMParser().parseFromString(await answer.text(), 'text/html');
      for (const id of ['status', 'codes']) {
        const now = document.getElementById(id);
        const next = fresh.getElementById(id);
        if (now !== null && next !== null && now.innerHTML !== next.innerHTML) now.innerHTML = next.innerHTML;
      }
    } catch {}
  }, 2000);
})();
`;
