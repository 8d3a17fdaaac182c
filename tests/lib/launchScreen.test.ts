import { describe, expect, it } from 'vitest';
import { withAppScriptsAfter } from '../../scripts/vite/earlyStart.ts';
import { launchScreenHtml, translationOf } from '../../scripts/vite/launchScreen.ts';

const ru = `msgid ""
msgstr ""
"Language: ru\\n"

#: src/app/ui/Logo.tsx
msgid "Kopilka"
msgstr "Копилка"

#: src/app/features/session/SignInPrompt.tsx
msgid "Your crypto and money wallet, right in Telegram."
msgstr "Кошелёк для «криптовалюты» & \\"денег\\" <прямо> в Telegram."
`;

const en = `#: src/app/ui/Logo.tsx
msgid "Kopilka"
msgstr ""

msgid "Your crypto and money wallet, right in Telegram."
msgstr "Your crypto and money wallet, right in Telegram."
`;

describe('the launch screen index.html paints before any code', () => {
  it('takes each text from the catalog, and the source text where the translation is empty', () => {
    expect(translationOf(ru, 'Kopilka')).toBe('Копилка');
    expect(translationOf(en, 'Kopilka')).toBe('Kopilka');
  });

  it('fails the build when the catalog no longer has a text', () => {
    expect(() => translationOf(en, 'Your wallet')).toThrow('The catalog has no entry for "Your wallet"');
  });

  it('carries every locale, each marked with its language and escaped, and starts hidden', () => {
    expect(launchScreenHtml({ en, ru })).toBe(
      '<div class="launch-screen" hidden>' +
        '<img class="launch-screen-mark" src="/favicon.svg" width="88" height="88" alt="" />' +
        '<p class="launch-screen-name"><span lang="en">Kopilka</span><span lang="ru">Копилка</span></p>' +
        '<p class="launch-screen-tagline"><span lang="en">Your crypto and money wallet, right in Telegram.</span>' +
        '<span lang="ru">Кошелёк для «криптовалюты» &#38; &#34;денег&#34; &#60;прямо&#62; в Telegram.</span></p>' +
        '</div>',
    );
  });
});

describe('the scripts index.html loads', () => {
  const head = [
    '<script type="module" crossorigin src="/assets/index-A.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/framework-B.js">',
    '<link rel="modulepreload" crossorigin href="/assets/call-C.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-D.css">',
  ].join('\n');

  it('come at low priority, all but the early start and what it imports', () => {
    expect(withAppScriptsAfter(head, ['assets/earlyStart-E.js', 'assets/call-C.js'])).toBe(
      [
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js"></script>',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework-B.js">',
        '<link rel="modulepreload" crossorigin href="/assets/call-C.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-D.css">',
      ].join('\n'),
    );
  });
});
