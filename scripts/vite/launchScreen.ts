import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The launch screen: what index.html shows inside `#root` before the app's code has arrived (the
 * app's first render replaces it). It is the top of the signed-out first screen (SignInPrompt):
 * the mark, the name and the tagline, in every locale, each text from the Lingui catalogs
 * (locales/<locale>/messages.po), so no text exists outside them. The page's early start
 * (src/app/earlyStart.ts) shows the locale it picked and leaves the screen hidden until then, so
 * nobody sees another language first. Styles: src/app/styles/launch.css.
 */
const texts = { name: 'Kopilka', tagline: 'Your crypto and money wallet, right in Telegram.' } as const;

function poString(quoted: string): string {
  const value: unknown = JSON.parse(quoted);
  if (typeof value !== 'string') throw new Error(`Not a PO string: ${quoted}`);
  return value;
}

/** The translation of `msgid` in a PO file (single-line entries); the source text when it is empty. */
export function translationOf(po: string, msgid: string): string {
  const entry = new RegExp(`^msgid ${escapeRegExp(JSON.stringify(msgid))}\\nmsgstr ("(?:[^"\\\\]|\\\\.)*")$`, 'm').exec(
    po,
  );
  if (entry?.[1] === undefined)
    throw new Error(`The catalog has no entry for "${msgid}" (scripts/vite/launchScreen.ts)`);
  return poString(entry[1]) || msgid;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The launch screen's markup for `locales`, each locale's texts marked with its `lang`. */
export function launchScreenHtml(catalogs: Readonly<Record<string, string>>): string {
  const inEvery = (msgid: string) =>
    Object.entries(catalogs)
      .map(([locale, po]) => `<span lang="${locale}">${escapeHtml(translationOf(po, msgid))}</span>`)
      .join('');
  return [
    '<div class="launch-screen" hidden>',
    '<img class="launch-screen-mark" src="/favicon.svg" width="88" height="88" alt="" />',
    `<p class="launch-screen-name">${inEvery(texts.name)}</p>`,
    `<p class="launch-screen-tagline">${inEvery(texts.tagline)}</p>`,
    '</div>',
  ].join('');
}

export function launchScreen(locales: readonly string[]): Plugin {
  let root = process.cwd();
  return {
    name: 'kopilka:launch-screen',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml(html) {
      const catalogs = Object.fromEntries(
        locales.map((locale) => [locale, readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8')]),
      );
      const emptyRoot = '<div id="root"></div>';
      if (!html.includes(emptyRoot))
        throw new Error('index.html has no empty <div id="root"></div> for the launch screen');
      return html.replace(emptyRoot, `<div id="root">${launchScreenHtml(catalogs)}</div>`);
    },
  };
}
