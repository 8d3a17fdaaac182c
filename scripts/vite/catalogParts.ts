import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Plugin } from 'vite';

/**
 * Each locale's catalog in parts (issue 10: every screen loaded every text of the app, and the
 * catalog grew with every feature). `locales/<locale>/messages.ts?part=first` holds the texts of
 * the first screens: those whose source (the `.po`'s `#:` origins) is a module the entries or the
 * first screens' routes reach (`firstScreenRoutes`, following imports, static and dynamic, but not
 * into other routes), and every route file's own texts. A first screen with a part of its own
 * (`screenParts`, `?part=<name>`: withdraw, whose flow has more texts than both homes together)
 * gets there the texts its routes reach beyond the first part, so the homes do not carry them.
 * `?part=rest` holds the others; the root route loads a screen's part, or the rest and every
 * screen's part, before a route beyond the first part's renders (`virtual:kopilka/first-screen-routes`
 * names the routes of each). In the dev server and in tests `first` is the whole catalog, the other
 * parts are empty and every route counts as a first screen's.
 */
const partQuery = /^(.*[\\/]locales[\\/]([a-z-]+)[\\/]messages\.ts)\?part=([a-zA-Z]+)$/;
const importSpecifier =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** Source files (relative to `root`) reached from `roots` by relative imports, not entering `isFence` files. */
export function reachedSources(
  root: string,
  roots: readonly string[],
  isFence: (file: string) => boolean,
): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !existsSync(join(root, file))) return;
    seen.add(file);
    if (isFence(file)) return;
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(importSpecifier)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(join(root, dirname(file)), specifier.replace(/\?.*$/, '')));
      if (/\.(ts|tsx)$/.test(target)) visit(target);
    }
  };
  roots.forEach(visit);
  return seen;
}

interface PoEntry {
  readonly id: string;
  readonly origins: readonly string[];
}

/** The entries of a `.po` file: the compiled catalog's id of each, and where its text is used. */
export function poEntries(po: string): PoEntry[] {
  return po.split(/\n\s*\n/).flatMap((block) => {
    const msgid = /^msgid (".*")$/m.exec(block)?.[1];
    if (msgid === undefined || msgid === '""') return [];
    const context = /^msgctxt (".*")$/m.exec(block)?.[1];
    const origins = [...block.matchAll(/^#: (.+)$/gm)].flatMap((line) => (line[1] ?? '').split(' '));
    return [{ id: generateMessageId(JSON.parse(msgid), context === undefined ? '' : JSON.parse(context)), origins }];
  });
}

/** The compiled catalog's messages (`lingui compile --typescript` writes `JSON.parse("…")`). */
function compiledMessages(source: string): Record<string, unknown> {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (literal === undefined)
    throw new Error('The compiled catalog has no JSON.parse("…") (scripts/vite/catalogParts.ts)');
  return JSON.parse(JSON.parse(literal));
}

function catalogModule(messages: Record<string, unknown>): string {
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
}

export interface ScreenPart {
  readonly name: string;
  readonly routes: (file: string) => boolean;
  readonly later?: { readonly name: string; readonly modules: readonly string[] };
}

export interface CatalogPartsOptions {
  /** The modules every page runs first (the entries). */
  readonly entries: readonly string[];
  /** The route files of the first screens (`src/app/routes/…`) whose texts are in the first part. */
  readonly firstScreenRoutes: (file: string) => boolean;
  /**
   * First screens whose own texts come in a part of their own: its name and its route files, and
   * optionally modules the screen loads later (`later.modules`, source files) whose texts go to a
   * part of their own (`later.name`), which the screen loads with each of those modules.
   */
  readonly screenParts?: readonly ScreenPart[];
}

/**
 * Which part a `.po` entry goes to, from where its text is used: `first` when a first-part source
 * or any route file uses it, else every screen part whose sources use it, else `rest`.
 */
export function catalogPartsOf(
  origins: readonly string[],
  first: ReadonlySet<string>,
  screenParts: readonly { readonly name: string; readonly sources: ReadonlySet<string> }[],
  isRoute: (file: string) => boolean,
): string[] {
  if (origins.some((origin) => first.has(origin) || isRoute(origin))) return ['first'];
  const parts = screenParts
    .filter(({ sources }) => origins.some((origin) => sources.has(origin)))
    .map(({ name }) => name);
  return parts.length > 0 ? parts : ['rest'];
}

/**
 * `firstScreenRouteIds`: the ids of the first screens' routes (with the root), or null outside a
 * build. The root route loads the rest of the catalog before any other route renders.
 */
const firstScreenRoutesModule = 'virtual:kopilka/first-screen-routes';
const resolvedFirstScreenRoutes = `\0${firstScreenRoutesModule}`;

export function catalogParts({ entries, firstScreenRoutes, screenParts = [] }: CatalogPartsOptions): Plugin {
  let root = process.cwd();
  let split = false;
  let reached: { first: Set<string>; screenParts: { name: string; sources: Set<string> }[] } | null = null;
  const routesDir = 'src/app/routes';
  // A route file; the `-` files beside them are helpers the routes import.
  const isRoute = (file: string) => /^src[\\/]app[\\/]routes[\\/]/.test(file) && !basename(file).startsWith('-');
  const partOfRoute = (file: string) => screenParts.find(({ routes }) => routes(file))?.name ?? null;
  // The root route (the shell every screen renders in) and the first part's screens' routes.
  const isFirstRoute = (file: string) =>
    basename(file) === '__root.tsx' || (firstScreenRoutes(file) && partOfRoute(file) === null);
  const routeFiles = (test: (file: string) => boolean) =>
    readdirSync(join(root, routesDir))
      .map((name) => join(routesDir, name))
      .filter((file) => isRoute(file) && test(file));
  const routeId = (file: string) => {
    const id = /createFileRoute\(\s*['"]([^'"]+)['"]\s*\)/.exec(readFileSync(join(root, file), 'utf8'))?.[1];
    if (id === undefined) throw new Error(`${file} has no createFileRoute('…') (scripts/vite/catalogParts.ts)`);
    return id;
  };
  const firstRouteIds = () => [
    '__root__',
    ...routeFiles(isFirstRoute)
      .filter((file) => basename(file) !== '__root.tsx')
      .map(routeId),
  ];
  const screenPartRouteIds = () =>
    Object.fromEntries(
      screenParts.flatMap(({ name, routes }) =>
        routeFiles((file) => routes(file)).map((file) => [routeId(file), name]),
      ),
    );
  /** What the entries and a set of routes reach, not entering other routes nor the `later` modules. */
  const reachedFrom = (isOwnRoute: (file: string) => boolean, later: readonly string[] = []) =>
    reachedSources(
      root,
      [...entries, ...routeFiles(isOwnRoute)],
      (file) => (isRoute(file) && !isOwnRoute(file)) || file.endsWith('routeTree.gen.ts') || later.includes(file),
    );
  /** What a screen's later modules reach, not entering routes. */
  const reachedLater = (modules: readonly string[]) =>
    reachedSources(root, modules, (file) => isRoute(file) || file.endsWith('routeTree.gen.ts'));
  const reachedOnce = () => {
    reached ??= {
      first: reachedFrom(isFirstRoute),
      screenParts: screenParts.flatMap(({ name, routes, later }) => [
        // The later modules themselves are fences: their texts are the later part's only.
        {
          name,
          sources: new Set([...reachedFrom(routes, later?.modules)].filter((file) => !later?.modules.includes(file))),
        },
        ...(later === undefined ? [] : [{ name: later.name, sources: reachedLater(later.modules) }]),
      ]),
    };
    return reached;
  };
  return {
    name: 'kopilka:catalog-parts',
    configResolved(config) {
      root = config.root;
      split = config.command === 'build';
    },
    load(id) {
      if (id === resolvedFirstScreenRoutes) {
        // Outside a build every text is in the first part: no route needs the rest.
        const ids = split ? firstRouteIds() : null;
        const parts = split ? screenPartRouteIds() : {};
        return `export const firstScreenRouteIds = ${JSON.stringify(ids)};\nexport const screenPartRouteIds = ${JSON.stringify(parts)};`;
      }
      const part = partQuery.exec(id);
      if (part === null) return null;
      const [, file = '', locale = '', which = ''] = part;
      const messages = compiledMessages(readFileSync(file, 'utf8'));
      if (!split) return catalogModule(which === 'first' ? messages : {});
      const { first, screenParts: partSources } = reachedOnce();
      const ids = new Set(
        poEntries(readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8'))
          .filter(({ origins }) => catalogPartsOf(origins, first, partSources, isRoute).includes(which))
          .map(({ id }) => id),
      );
      return catalogModule(Object.fromEntries(Object.entries(messages).filter(([id]) => ids.has(id))));
    },
    resolveId(id) {
      return id === firstScreenRoutesModule ? resolvedFirstScreenRoutes : null;
    },
  };
}
