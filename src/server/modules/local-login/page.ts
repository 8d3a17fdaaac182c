import type { LocalUser } from './service';
import type { PageText } from './text';

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const styles = `
:root{color-scheme:light dark;--bg:#fff;--card:#fff;--text:#000;--hint:#707579;--line:#e7e7e7;--accent:#3390ec;--field:#f4f4f5;--warn:#e53935}
@media (prefers-color-scheme:dark){:root{--bg:#181818;--card:#212121;--text:#fff;--hint:#aaa;--line:#303030;--accent:#8774e1;--field:#2c2c2c;--warn:#ff595a}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:15px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}
main{max-width:420px;margin:0 auto;padding:32px 16px}
.logo{display:block;margin:0 auto 12px;width:72px;height:72px}
h1{font-size:20px;text-align:center;margin:0 0 4px}h2{font-size:15px;color:var(--hint);font-weight:500;margin:24px 0 8px}
.sub{text-align:center;color:var(--hint);margin:0 0 8px}.notice{font-size:13px;color:var(--hint);text-align:center;margin:0 0 16px}
ul{list-style:none;margin:0;padding:0}li{display:flex;align-items:center;gap:12px;padding:10px 0;border-bottom:1px solid var(--line)}
.avatar{flex:none;width:40px;height:40px;border-radius:50%;background:var(--accent);color:#fff;display:grid;place-items:center;font-weight:600}
.who{flex:1;min-width:0}.who b{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.who small{color:var(--hint)}
.flag{color:var(--warn)}a{color:var(--accent);font-size:13px;text-decoration:none}
button{border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-weight:600;padding:8px 14px;cursor:pointer}
.wide{width:100%;padding:12px;margin-top:12px}
label{display:block;margin:8px 0}label.check{display:flex;gap:8px;align-items:center}
input[type=text],select{width:100%;padding:10px;border:1px solid var(--line);border-radius:8px;background:var(--field);color:var(--text);font:inherit}
fieldset{border:1px solid var(--line);border-radius:8px;margin:16px 0;padding:8px 12px}
`;

const logo = `<svg class="logo" viewBox="0 0 240 240" aria-hidden="true"><circle cx="120" cy="120" r="120" fill="#37aee2"/><path fill="#fff" d="M98 175c-3.9 0-3.2-1.5-4.6-5.2L82 132.2 170 80"/><path fill="#d2e5f1" d="M98 175c3 0 4.3-1.4 6-3l16-15.6-20-12"/><path fill="#fff" d="M100 144.4l48.4 35.7c5.5 3 9.5 1.5 10.9-5.1L179 82.2c2-8.1-3.1-11.7-8.4-9.3L55 117.5c-7.9 3.2-7.8 7.6-1.4 9.5l29.7 9.3L152 93c3.2-2 6.2-.9 3.8 1.3"/></svg>`;

export interface LoginPage {
  readonly language: 'en' | 'ru';
  readonly text: PageText;
  /** The host of the site being signed in to. */
  readonly siteHost: string;
  readonly botUsername: string;
  readonly formAction: string;
  /** bot_id, origin, return_to (and request_access) as received, carried to the POST. */
  readonly hiddenFields: Readonly<Record<string, string>>;
  readonly users: readonly { readonly user: LocalUser; readonly miniAppPath: string }[];
}

function document(language: string, title: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

function fullName(user: LocalUser): string {
  return [user.firstName, user.lastName].filter((part) => part !== null && part !== '').join(' ');
}

function userItem(text: PageText, user: LocalUser, miniAppPath: string): string {
  const flags = [user.locked ? text.locked : null, user.banned ? text.banned : null].filter((flag) => flag !== null);
  const details = [user.username === null ? null : `@${user.username}`, `id ${user.id}`, user.language]
    .filter((part) => part !== null)
    .join(' · ');
  return `<li><span class="avatar">${escapeHtml(user.firstName.slice(0, 1).toUpperCase())}</span><span class="who"><b>${escapeHtml(fullName(user))}</b><small>${escapeHtml(details)}</small>${flags.length === 0 ? '' : `<small class="flag"> · ${escapeHtml(flags.join(', '))}</small>`}<br><a href="${escapeHtml(miniAppPath)}">${escapeHtml(text.openMiniApp)}</a></span><button type="submit" name="user_id" value="${user.id}" formnovalidate>${escapeHtml(text.logIn)}</button></li>`;
}

/** The stand-in for Telegram's login page: pick a user or create one, choose the return form. */
export function renderLoginPage(page: LoginPage): string {
  const { text } = page;
  const hidden = Object.entries(page.hiddenFields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const users =
    page.users.length === 0
      ? `<p class="sub">${escapeHtml(text.noUsers)}</p>`
      : `<ul>${page.users.map(({ user, miniAppPath }) => userItem(text, user, miniAppPath)).join('')}</ul>`;
  const languageOption = (value: 'en' | 'ru', label: string) =>
    `<option value="${value}"${page.language === value ? ' selected' : ''}>${label}</option>`;
  const body = `${logo}<h1>${escapeHtml(text.heading(page.siteHost))}</h1><p class="sub">${escapeHtml(text.bot(page.botUsername))}</p><p class="notice">${escapeHtml(text.notice)}</p>
<form method="post" action="${escapeHtml(page.formAction)}">${hidden}
<fieldset><legend>${escapeHtml(text.returnForm)}</legend><label class="check"><input type="radio" name="return_form" value="hash" checked> ${escapeHtml(text.returnHash)}</label><label class="check"><input type="radio" name="return_form" value="query"> ${escapeHtml(text.returnQuery)}</label></fieldset>
<h2>${escapeHtml(text.pickUser)}</h2>${users}
<h2>${escapeHtml(text.createUser)}</h2>
<label>${escapeHtml(text.firstName)}<input type="text" name="first_name" maxlength="64" required></label>
<label>${escapeHtml(text.lastName)}<input type="text" name="last_name" maxlength="64"></label>
<label>${escapeHtml(text.username)}<input type="text" name="username" maxlength="32" pattern="[A-Za-z0-9_]+"></label>
<label>${escapeHtml(text.language)}<select name="language">${languageOption('en', 'English')}${languageOption('ru', 'Русский')}</select></label>
<label class="check"><input type="checkbox" name="lock" value="1"> ${escapeHtml(text.lock)}</label>
<label class="check"><input type="checkbox" name="ban" value="1"> ${escapeHtml(text.ban)}</label>
<label>${escapeHtml(text.banReason)}<input type="text" name="ban_reason" maxlength="200"></label>
<button class="wide" type="submit" name="action" value="create">${escapeHtml(text.createAndLogIn)}</button>
</form>`;
  return document(page.language, text.title, body);
}

export function renderErrorPage(language: 'en' | 'ru', text: PageText, message: string): string {
  return document(
    language,
    text.errorTitle,
    `${logo}<h1>${escapeHtml(text.errorTitle)}</h1><p class="sub">${escapeHtml(message)}</p>`,
  );
}
