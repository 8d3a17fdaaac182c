import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Files a browser downloads as text; images other than SVG and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** Below this a compressed copy saves less than its own headers cost. */
const smallestWorthCompressing = 1024;

export interface PrecompressedFile {
  readonly path: string;
  readonly bytes: number;
  readonly brotli: number | null;
  readonly gzip: number | null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) next to every text file
 * of a build, once, so the server sends them as they are (@fastify/static `preCompressed`) instead
 * of compressing on every request. A copy that would not be smaller is not written, and the server
 * falls back to the file itself.
 */
export function precompressDirectory(dir: string): PrecompressedFile[] {
  return filesUnder(dir)
    .filter((path) => compressible.test(path))
    .map((path) => {
      const content = readFileSync(path);
      // A build into a folder Vite does not empty must not leave an older copy beside a new file.
      const written = (copy: Buffer | null, extension: string) => {
        if (copy === null || copy.length >= content.length) {
          rmSync(`${path}${extension}`, { force: true });
          return null;
        }
        writeFileSync(`${path}${extension}`, copy);
        return copy.length;
      };
      if (content.length < smallestWorthCompressing) {
        return { path, bytes: content.length, brotli: written(null, '.br'), gzip: written(null, '.gz') };
      }
      const brotli = brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
      return { path, bytes: content.length, brotli: written(brotli, '.br'), gzip: written(gzip, '.gz') };
    });
}

/** The build's last step: every text file of the output directory gets its .br and .gz copies. */
export function precompress(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'kopilka:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (config === null || config.build.write === false) return;
        precompressDirectory(resolve(config.root, config.build.outDir));
      },
    },
  };
}
