import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { type InlineSources, inlineSourcesFile } from '../../src/server/http/inline-sources.ts';

/**
 * The first paint from the HTML alone. Everything the launch screen needs is in index.html: its
 * markup (launchScreen.ts), its styles (src/app/styles/base.css and launch.css) in a `<style>`,
 * and the inline start (src/app/firstPaint.ts) in a `<script>`, which shows it in the person's
 * language. The app's stylesheets, which would hold the first paint back until they had arrived,
 * move into `<template id="app-start">`, where they load nothing; the inline start adds them to
 * the head in the task after the first frame (src/app/appStart.ts), and the app renders once they
 * are there. The scripts stay where Vite put them, fetched with the HTML as before.
 *
 * The server's CSP allows the two inline blocks by their hashes, which the build writes to
 * `inlineSourcesFile` next to index.html (src/server/http/inline-sources.ts).
 */

export interface InlineStart {
  readonly script: string;
  readonly style: string;
}

/** The CSP hash source of an inline block's text. */
export function cspHashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP sources that allow exactly these inline blocks. */
export function inlineSourcesOf(start: InlineStart): InlineSources {
  return { scriptSrc: [cspHashOf(start.script)], styleSrc: [cspHashOf(start.style)] };
}

/** The app's stylesheets as Vite writes them into index.html, which would hold the first paint back. */
const stylesheet = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/** `html` with its stylesheets in the app-start template and the inline style and script added. */
export function withInlineStart(html: string, start: InlineStart, templateId: string): string {
  const stylesheets: string[] = [];
  const withoutStylesheets = html.replace(stylesheet, (tag) => {
    stylesheets.push(tag.trim());
    return '';
  });
  if (stylesheets.length === 0) throw new Error('index.html has no stylesheets to start after the first paint');
  for (const [text, kind] of [
    [start.style, 'style'],
    [start.script, 'script'],
  ] as const) {
    if (text.includes(`</${kind}`)) throw new Error(`The inline ${kind} contains </${kind}`);
  }
  return withoutStylesheets
    .replace('</head>', `  <style>${start.style}</style>\n  </head>`)
    .replace(
      '</body>',
      `  <template id="${templateId}">${stylesheets.join('')}</template>\n    <script>${start.script}</script>\n  </body>`,
    );
}

/** Builds `entry` on its own into one classic script and its styles, minified. */
async function buildInlineStart(root: string, entry: string): Promise<InlineStart> {
  const result = await build({
    configFile: false,
    envFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: join(root, entry), formats: ['iife'], name: 'kopilkaFirstPaint' },
    },
  });
  const outputs: Rolldown.RolldownOutput[] = Array.isArray(result) ? result : [result as Rolldown.RolldownOutput];
  const files = outputs.flatMap((output) => output.output);
  const chunks = files.flatMap((file) => (file.type === 'chunk' ? [file] : []));
  const styles = files.flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? [file] : []));
  if (chunks.length !== 1 || styles.length !== 1)
    throw new Error(`${entry} built into ${chunks.length} scripts and ${styles.length} stylesheets, not one of each`);
  const [chunk] = chunks;
  const [style] = styles;
  // Vite marks the end of each module's styles with a comment the page does not need.
  const css = String(style?.source ?? '').replace(/\/\*\$vite\$:\d+\*\//g, '');
  return { script: chunk?.code.trim() ?? '', style: css.trim() };
}

export function firstPaint(options: { entry: string; templateId: string }): Plugin {
  let root = process.cwd();
  let sources: InlineSources | null = null;
  return {
    name: 'kopilka:first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const start = await buildInlineStart(root, options.entry);
        sources = inlineSourcesOf(start);
        return withInlineStart(html, start, options.templateId);
      },
    },
    // After the HTML plugin's, which writes index.html (and so runs the handler above).
    generateBundle: {
      order: 'post',
      handler() {
        if (sources === null) throw new Error('index.html was not given its inline start');
        this.emitFile({ type: 'asset', fileName: inlineSourcesFile, source: `${JSON.stringify(sources, null, 2)}\n` });
      },
    },
  };
}
