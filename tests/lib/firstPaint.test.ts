import { describe, expect, it } from 'vitest';
import { cspHashOf, inlineSourcesOf, withInlineStart } from '../../scripts/vite/firstPaint.ts';

const built = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework.js">
    <link rel="modulepreload" crossorigin href="/assets/earlyStart-E.js">
    <link rel="stylesheet" crossorigin href="/assets/app.css">
  </head>
  <body>
    <div id="root"><div class="launch-screen" hidden></div></div>
    <script type="module" async fetchpriority="high" crossorigin src="/assets/earlyStart-E.js"></script>
  </body>
</html>`;

describe('index.html paints the launch screen before any request', () => {
  it('moves the stylesheets into the app-start template, keeps the scripts where they were and inlines the style and the start', () => {
    expect(withInlineStart(built, { style: '.a{b:c}', script: 'go()' }, 'app-start')).toBe(`<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework.js">
    <link rel="modulepreload" crossorigin href="/assets/earlyStart-E.js">
    <style>.a{b:c}</style>
  </head>
  <body>
    <div id="root"><div class="launch-screen" hidden></div></div>
    <script type="module" async fetchpriority="high" crossorigin src="/assets/earlyStart-E.js"></script>
    <template id="app-start"><link rel="stylesheet" crossorigin href="/assets/app.css"></template>
    <script>go()</script>
  </body>
</html>`);
  });

  it('fails the build when the inline script would end its own element early', () => {
    expect(() => withInlineStart(built, { style: '', script: 'x="</script>"' }, 'app-start')).toThrow(
      'The inline script contains </script',
    );
  });

  it('fails the build when index.html lists no stylesheet to start', () => {
    expect(() => withInlineStart('<html><head></head><body></body></html>', { style: '', script: '' }, 'x')).toThrow(
      'index.html has no stylesheets to start after the first paint',
    );
  });

  it('allows the inline style and script in the CSP by the sha256 of their exact text', () => {
    expect(cspHashOf('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(inlineSourcesOf({ script: 'abc', style: '' })).toEqual({
      scriptSrc: ["'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='"],
      styleSrc: ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"],
    });
  });
});
