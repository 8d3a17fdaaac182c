// One chunk per grouped first screen for the modules only that screen reaches (issue 10). Rolldown
// splits the app's shared modules by the set of routes that import them, so the signed-in home
// arrived as thirteen files and withdraw as twenty; each file gzipped alone loses what the others
// taught the compressor. A module a grouped screen reaches that the entries or another first
// screen also reach stays where it was, so grouping never adds bytes to another first screen; the
// modules two grouped screens share get a chunk of their own. A later screen that imports one
// grouped module loads its whole group (docs/performance.md says what that costs).
import { resolve } from 'node:path';
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown';
import type { Plugin } from 'vite';

export interface ScreenGroupsOptions {
  /** The app's entries (their static imports are on every screen). */
  readonly entries: readonly string[];
  /** Each grouped screen: its chunk's name and the module that starts it (a route file or a lazily loaded module). */
  readonly screens: readonly { readonly name: string; readonly module: string }[];
  /** What the other first screens load lazily (route files or modules): their static imports stay out. */
  readonly otherFirstScreens: readonly string[];
}

export type ModuleGraph = (id: string) => Pick<ModuleInfo, 'importedIds' | 'dynamicallyImportedIds'> | null;

/** Every module reachable from `roots` by static imports. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph(id)?.importedIds ?? []));
  }
  return seen;
}

/** A module and, for a route file, the split modules (component and loader) it loads lazily. */
function lazyRoots(graph: ModuleGraph, id: string): string[] {
  const info = graph(id);
  if (info === null) throw new Error(`screenGroups: ${id} is not in the build (renamed? update vite.config.ts)`);
  return [id, ...info.dynamicallyImportedIds.filter((imported) => imported.includes('tsr-split='))];
}

/**
 * Which group each module goes to: the names of the grouped screens that reach it, joined by `+`.
 * Modules the entries or the other first screens reach are in no group. A screen's own lazily
 * loaded modules (its split route component, the lazily loaded screen) are in its group too: as
 * chunks of their own they were one more file on the screen (0.1–0.2 KiB gzip each). The manifest
 * then names the group's chunk by the group's name, not by their source (`npm run size` looks for both).
 */
export function screenChunkOwners(graph: ModuleGraph, options: ScreenGroupsOptions): Map<string, string> {
  const shared = staticClosure(graph, [
    ...options.entries,
    ...options.otherFirstScreens.flatMap((module) => lazyRoots(graph, module)),
  ]);
  const reach = options.screens.map(({ name, module }) => {
    const roots = lazyRoots(graph, module);
    const modules = staticClosure(graph, roots);
    return { name, modules };
  });
  const owner = new Map<string, string>();
  for (const id of new Set(reach.flatMap(({ modules }) => [...modules]))) {
    if (shared.has(id)) continue;
    const names = reach.filter(({ modules }) => modules.has(id)).map(({ name }) => name);
    owner.set(id, names.join('+'));
  }
  return owner;
}

/**
 * The plugin reads the module graph once it is complete (`buildEnd`, before chunking); the group
 * captures what it found.
 */
export function screenGroups(
  root: string,
  options: ScreenGroupsOptions,
): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const absolute = (file: string) => resolve(root, file);
  let owner = new Map<string, string>();
  const plugin: Plugin = {
    name: 'kopilka:screen-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      owner = screenChunkOwners((id) => this.getModuleInfo(id), {
        entries: options.entries.map(absolute),
        screens: options.screens.map(({ name, module }) => ({ name, module: absolute(module) })),
        otherFirstScreens: options.otherFirstScreens.map(absolute),
      });
    },
  };
  // Only the screens' own modules: by default a group also takes everything they import, which
  // would pull the shared modules (and the framework) in with them.
  const group: CodeSplittingGroup = {
    name: (id) => owner.get(id) ?? null,
    test: (id) => owner.has(id),
    includeDependenciesRecursively: false,
  };
  return { plugin, groups: [group] };
}
