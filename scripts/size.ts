// The first-screen JavaScript budget: the entry chunk, everything it imports
// statically (preloaded before the first paint), and the lazily split chunks the
// first screen cannot paint without (the root and home routes, the active
// locale's catalog). Each file is measured gzipped at level 9. An end-to-end
// test checks that the browser loads nothing outside this set on first paint.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetKiB = 175;
const appDir = process.env.APP_DIR ?? 'dist/app';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Sources whose chunks the first screen needs even though they are split off. */
const firstScreenSources = [/src\/app\/routes\/__root\.tsx/, /src\/app\/routes\/index\.tsx/, /locales\/en\/messages/];

export function firstScreenFiles(manifest: Manifest): string[] {
  const seeds = Object.entries(manifest)
    .filter(
      ([key, chunk]) => chunk.isEntry === true || firstScreenSources.some((pattern) => pattern.test(chunk.src ?? key)),
    )
    .map(([key]) => key);
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  seeds.forEach(visit);
  return [...seen]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => typeof file === 'string' && file.endsWith('.js'));
}

function main(): void {
  const manifest: Manifest = JSON.parse(readFileSync(join(appDir, '.vite', 'manifest.json'), 'utf8'));
  const files = firstScreenFiles(manifest);
  let total = 0;
  const rows = files.map((file) => {
    const bytes = gzipSync(readFileSync(join(appDir, file)), { level: 9 }).length;
    total += bytes;
    return { file, kib: bytes / 1024 };
  });
  rows.sort((a, b) => b.kib - a.kib);
  for (const row of rows) console.log(`${row.kib.toFixed(1).padStart(8)} KiB  ${row.file}`);
  const totalKiB = total / 1024;
  console.log(
    `First-screen JavaScript: ${totalKiB.toFixed(1)} KiB gzip (budget ${budgetKiB} KiB, ${files.length} files)`,
  );
  if (totalKiB > budgetKiB) {
    console.error(
      `Over budget by ${(totalKiB - budgetKiB).toFixed(1)} KiB: load what the first screen does not need lazily.`,
    );
    process.exit(1);
  }
}

if (import.meta.main) main();
