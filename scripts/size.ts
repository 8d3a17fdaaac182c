// The first-screen JavaScript budget, per screen (issue 10): everything a screen cannot paint
// without, measured gzipped at level 9, for the four screens people open first. A screen's set is
// the entry chunk and the lazily split chunks its path loads (the screen's route chunks, the
// active locale's catalog: the first screens' part, and withdraw's own; in the mini app the
// Telegram session), each with everything it imports
// statically (preloaded with it), and every script index.html preloads for all pages
// (`<link rel="modulepreload">`). The root route is not split: it is part of the entry.
// Each screen is measured with every locale's catalog and the heaviest counts. An end-to-end test
// (e2e/first-screen.spec.ts) opens the four screens and checks that the browser loads no
// JavaScript outside the set counted here, so a chunk cannot be missed silently. A source listed
// here that no chunk comes from any more fails the count too. Fails (npm test, "bundle budget")
// when a screen is over its budget; prints each screen against the 175 KiB goal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 10's goal for every first screen. */
const goalKiB = 175;
const appDir = process.env.APP_DIR ?? 'dist/app';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** What the count reads from a build: its manifest and its index.html. */
export interface Build {
  readonly manifest: Manifest;
  readonly indexHtml: string;
}

export function readBuild(dir: string): Build {
  return {
    manifest: JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')),
    indexHtml: readFileSync(join(dir, 'index.html'), 'utf8'),
  };
}

/** The scripts index.html loads or preloads on every page, as paths in the build folder. */
function htmlScripts(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = /rel="modulepreload"/.test(tag);
    const path = /(?:src|href)="\/?([^"]+\.js)"/.exec(tag)?.[1];
    return (isScript || isPreload) && path !== undefined ? [path] : [];
  });
}

export interface Screen {
  readonly name: string;
  /**
   * The blocking budget: the goal, or while a screen is still above it, its figure when last cut
   * plus about 1 KiB, so it can only shrink (docs/performance.md says what is left to cut).
   */
  readonly budgetKiB: number;
  /** Sources of the lazily split chunks this screen loads before it paints; each must be in the manifest. */
  readonly lazySources: readonly RegExp[];
  /**
   * The part of the catalog with this screen's own texts, which it loads besides the first screens'
   * (scripts/vite/catalogParts.ts); without one, its texts are in the first part.
   */
  readonly textsPart?: 'withdraw';
}

const homeRoute = /^src\/app\/routes\/index\.tsx/;
// The grouped screens' lazily loaded modules are in their group's chunk, which the manifest names
// by the group (scripts/vite/screenGroups.ts); the source is there too should one be split off again.
const signedInHome = /^(src\/app\/routes\/-signedInHome\.tsx|signedInHome$)/;
const withdrawRoute = /^(src\/app\/routes\/wallet\.withdraw\.\$asset\.\$network\.tsx|withdraw$)/;
/** The mini app loads its Telegram session as soon as it starts (platform/miniApp.ts). */
const miniApp = [/^src\/app\/platform\/telegramSession\.ts/];

export const screens: readonly Screen[] = [
  // Every screen at the goal, blocking (issue 10). The mini-app home (174.96 KiB) and withdraw
  // (174.98) are under it by bytes: a change that adds to them must cut as much
  // (docs/performance.md, "Withdraw under 175 KiB" lists what is left to cut).
  { name: 'signed-out web /', budgetKiB: 175, lazySources: [homeRoute] },
  { name: 'signed-in web /', budgetKiB: 175, lazySources: [homeRoute, signedInHome] },
  { name: 'signed-in mini app /', budgetKiB: 175, lazySources: [homeRoute, signedInHome, ...miniApp] },
  {
    name: 'mini app /wallet/withdraw/TON/TON',
    budgetKiB: 175,
    lazySources: [withdrawRoute, ...miniApp],
    textsPart: 'withdraw',
  },
];

/** The first screens' part of each locale's catalog (scripts/vite/catalogParts.ts); the rest loads with other routes. */
const catalogSource = /^locales\/([a-z-]+)\/messages\.ts\?part=first$/i;

/** The locales the build carries a catalog for, from the manifest. */
export function catalogLocales(manifest: Manifest): string[] {
  return Object.entries(manifest).flatMap(([key, chunk]) => {
    const locale = catalogSource.exec(chunk.src ?? key)?.[1];
    return locale === undefined ? [] : [locale];
  });
}

function chunksFrom(manifest: Manifest, source: RegExp): string[] {
  const keys = Object.entries(manifest)
    .filter(
      ([key, chunk]) => source.test(chunk.src ?? key) || (chunk.src === undefined && source.test(chunk.name ?? '')),
    )
    .map(([key]) => key);
  // A source renamed or no longer split must not quietly drop its bytes from the count.
  if (keys.length === 0) throw new Error(`No chunk in the build comes from ${source}: update scripts/size.ts`);
  return keys;
}

/** The JavaScript files a screen loads before it paints, with `locale`'s catalog. */
export function screenFiles({ manifest, indexHtml }: Build, screen: Screen, locale: string): string[] {
  const catalogParts = screen.textsPart === undefined ? ['first'] : ['first', screen.textsPart];
  const catalogs = catalogParts.map((part) => new RegExp(`^locales/${locale}/messages\\.ts\\?part=${part}$`));
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const preloaded = htmlScripts(indexHtml).map((file) => {
    const key = keyOfFile.get(file);
    if (key === undefined) throw new Error(`index.html loads ${file}, which the manifest does not list`);
    return key;
  });
  const seeds = [
    ...Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true),
    ...preloaded,
    ...[...screen.lazySources, ...catalogs].flatMap((source) => chunksFrom(manifest, source)),
  ];
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

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(join(appDir, file)), { level: 9 }).length;
}

function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

interface Measured {
  readonly locale: string;
  readonly files: readonly { file: string; bytes: number }[];
  readonly total: number;
}

function measure(build: Build, screen: Screen): Measured {
  const perLocale = catalogLocales(build.manifest).map((locale) => {
    const files = screenFiles(build, screen, locale).map((file) => ({ file, bytes: gzipBytes(file) }));
    return { locale, files, total: files.reduce((sum, { bytes }) => sum + bytes, 0) };
  });
  const heaviest = perLocale.reduce((a, b) => (b.total > a.total ? b : a));
  return heaviest;
}

function main(): void {
  const build = readBuild(appDir);
  const verbose = process.argv.includes('--files');
  const over: string[] = [];
  // Chunk files are named by their hash alone (vite.config.ts): the manifest says what each is.
  const chunkNames = new Map(
    Object.values(build.manifest).map((chunk) => [chunk.file, chunk.src ?? chunk.name ?? ''] as const),
  );
  console.log(`First-screen JavaScript, gzip -9 (goal ${goalKiB} KiB each; the heaviest locale counts):`);
  for (const screen of screens) {
    const { locale, files, total } = measure(build, screen);
    const totalKiB = total / 1024;
    const versus = (limit: number) =>
      `${totalKiB > limit ? 'over' : 'under'} by ${Math.abs(totalKiB - limit).toFixed(1)}`;
    const budget = screen.budgetKiB === goalKiB ? '' : `, budget ${screen.budgetKiB} KiB: ${versus(screen.budgetKiB)}`;
    console.log(
      `${kib(total).padStart(7)} KiB  ${screen.name.padEnd(34)} ${String(files.length).padStart(2)} files, ${locale}; goal: ${versus(goalKiB)}${budget}`,
    );
    if (verbose)
      for (const { file, bytes } of [...files].sort((a, b) => b.bytes - a.bytes))
        console.log(`${kib(bytes).padStart(16)} KiB  ${file.padEnd(22)} ${chunkNames.get(file) ?? ''}`);
    if (totalKiB > screen.budgetKiB) over.push(`${screen.name} (${kib(total)} > ${screen.budgetKiB} KiB)`);
  }
  if (over.length > 0) {
    console.error(
      `Over budget: ${over.join(', ')}. Load what the screen does not need lazily (npm run size -- --files lists each file).`,
    );
    process.exit(1);
  }
}

if (import.meta.main) main();
