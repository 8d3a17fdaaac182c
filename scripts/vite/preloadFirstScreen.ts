import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, ResolvedConfig, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

function isChunk(output: Rollup.OutputChunk | Rollup.OutputAsset): output is OutputChunk {
  return output.type === 'chunk';
}

/** The chunk and every chunk it imports statically, depth first, each once. */
function withStaticImports(chunk: OutputChunk, bundle: Rollup.OutputBundle, into: Set<string>): void {
  if (into.has(chunk.fileName)) return;
  into.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next !== undefined && isChunk(next)) withStaticImports(next, bundle, into);
  }
}

/**
 * `<link rel="modulepreload">` (and the stylesheets) in index.html for the chunks of `sources`
 * that every visit's first screen loads lazily: the route components the router splits off.
 * Without them the browser learns of those chunks only once the entry has run, one round trip
 * later; with them they download alongside the entry. A source is a file as the router plugin
 * splits it (`src/app/routes/index.tsx` stands for its `?tsr-split=…` chunk).
 */
export function preloadFirstScreen(sources: readonly string[]): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'kopilka:preload-first-screen',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (config === null || bundle === undefined || entry === undefined) return [];
        const root = config.root;
        const wanted = sources.map((source) => resolve(root, source));
        const alreadyLoaded = new Set<string>();
        withStaticImports(entry, bundle, alreadyLoaded);
        const files = new Set<string>();
        for (const output of Object.values(bundle)) {
          if (!isChunk(output) || output.facadeModuleId === null) continue;
          const facade = output.facadeModuleId.split('?')[0];
          if (wanted.some((path) => path === facade)) withStaticImports(output, bundle, files);
        }
        const missing = wanted.filter(
          (path) =>
            !Object.values(bundle).some((output) => isChunk(output) && output.facadeModuleId?.split('?')[0] === path),
        );
        if (missing.length > 0) throw new Error(`preloadFirstScreen: no chunk for ${missing.join(', ')}`);
        const base = config.base;
        const tags: HtmlTagDescriptor[] = [];
        for (const file of files) {
          if (alreadyLoaded.has(file)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          });
          const chunk = bundle[file];
          const css =
            chunk !== undefined && isChunk(chunk)
              ? (chunk.viteMetadata?.importedCss ?? new Set<string>())
              : new Set<string>();
          for (const sheet of css) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${sheet}` },
              injectTo: 'head',
            });
          }
        }
        return tags;
      },
    },
  };
}
