import type { Plugin } from 'vite';

/**
 * Every script but the early start's `files` (its chunk and the chunks it imports) is fetched at
 * low priority (`fetchpriority="low"`): what the early start sends for (the catalog, the mini
 * app's sign-in) is what the app waits on longest, so on a slow link it does not share the
 * bandwidth with the framework chunk.
 */
export function withAppScriptsAfter(html: string, files: readonly string[]): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")([^>]*)>/g, (tag, kind: string, rest: string) =>
    files.some((file) => rest.includes(`/${file}"`)) || rest.includes('fetchpriority')
      ? tag
      : `<${kind} fetchpriority="low"${rest}>`,
  );
}

/**
 * Builds `entry` (src/app/earlyStart.ts) as an entry of its own and loads it from index.html with
 * `<script type="module" async>` at the end of the body (so the launch screen in `#root` is parsed
 * when it runs): it runs as soon as its few KiB have arrived, while the main entry still waits for
 * the framework chunk. Written into index.html by this plugin because Vite joins every module
 * script of an HTML file into one entry; in the dev server the main entry imports it as usual.
 */
export function earlyStartScript(entry: string): Plugin {
  return {
    name: 'kopilka:early-start-script',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { input: { index: 'index.html', earlyStart: entry } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {})
          .flatMap((output) => (output.type === 'chunk' ? [output] : []))
          .find((output) => output.isEntry && output.facadeModuleId?.endsWith(entry) === true);
        if (chunk === undefined) throw new Error(`The build has no entry chunk for ${entry}`);
        return {
          html: withAppScriptsAfter(html, [chunk.fileName, ...chunk.imports]),
          tags: [
            {
              tag: 'script',
              // High: what it starts is the first screen's longest wait.
              attrs: {
                type: 'module',
                async: true,
                fetchpriority: 'high',
                crossorigin: true,
                src: `/${chunk.fileName}`,
              },
              injectTo: 'body',
            },
          ],
        };
      },
    },
  };
}
