import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The CSP sources of index.html's inline style and script (the launch screen's styles and the
 * inline start, scripts/vite/firstPaint.ts): their sha256 hashes, which the build writes to this
 * file next to index.html and the server adds to its `script-src` and `style-src`. Nothing else
 * inline is allowed.
 */
export const inlineSourcesFile = 'csp-inline.json';

export interface InlineSources {
  readonly scriptSrc: readonly string[];
  readonly styleSrc: readonly string[];
}

export const noInlineSources: InlineSources = { scriptSrc: [], styleSrc: [] };

const hashSource = /^'sha256-[A-Za-z0-9+/]{43}='$/;

function hashSourcesOf(value: unknown, key: string): string[] {
  if (!Array.isArray(value) || !value.every((source) => typeof source === 'string' && hashSource.test(source)))
    throw new Error(`${inlineSourcesFile}: "${key}" must be a list of 'sha256-…' sources`);
  return value;
}

/** The inline sources of the build in `appDir`; none for a build without the file. */
export function readInlineSources(appDir: string): InlineSources {
  const file = join(appDir, inlineSourcesFile);
  if (!existsSync(file)) return noInlineSources;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${inlineSourcesFile} is not an object`);
  return {
    scriptSrc: hashSourcesOf('scriptSrc' in parsed ? parsed.scriptSrc : undefined, 'scriptSrc'),
    styleSrc: hashSourcesOf('styleSrc' in parsed ? parsed.styleSrc : undefined, 'styleSrc'),
  };
}
