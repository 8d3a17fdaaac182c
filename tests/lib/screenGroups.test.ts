import { describe, expect, it } from 'vitest';
import { type ModuleGraph, screenChunkOwners } from '../../scripts/vite/screenGroups.ts';

/** A module graph from `module: [static imports]`, with `module: { lazy: [...] }` for a route's split modules. */
function graphOf(modules: Record<string, { imports?: string[]; lazy?: string[] }>): ModuleGraph {
  return (id) => {
    const module = modules[id];
    return module === undefined
      ? null
      : { importedIds: module.imports ?? [], dynamicallyImportedIds: module.lazy ?? [] };
  };
}

const graph = graphOf({
  'main.tsx': { imports: ['routeTree.ts', 'Button.tsx'] },
  'routeTree.ts': { imports: ['index.tsx', 'withdraw.tsx'] },
  'index.tsx': { lazy: ['index.tsx?tsr-split=component'] },
  'index.tsx?tsr-split=component': { imports: ['SessionGate.tsx'] },
  'SessionGate.tsx': { imports: ['Button.tsx'] },
  'withdraw.tsx': { lazy: ['withdraw.tsx?tsr-split=component'] },
  'withdraw.tsx?tsr-split=component': { imports: ['WithdrawPage.tsx', 'money.ts', 'Button.tsx'] },
  'WithdrawPage.tsx': { imports: ['Sheet.tsx'] },
  'Sheet.tsx': {},
  'home.tsx': { imports: ['HomeView.tsx', 'money.ts', 'SessionGate.tsx'] },
  'HomeView.tsx': { imports: ['node_modules/circle-flags/uz.svg'] },
  'node_modules/circle-flags/uz.svg': {},
  'money.ts': {},
  'Button.tsx': {},
});

const options = {
  entries: ['main.tsx'],
  screens: [
    { name: 'home', module: 'home.tsx' },
    { name: 'withdraw', module: 'withdraw.tsx' },
  ],
  otherFirstScreens: ['index.tsx'],
};

describe("the first screens' own chunks", () => {
  it("group each screen's own modules, and what two screens share in a chunk of its own", () => {
    expect(Object.fromEntries(screenChunkOwners(graph, options))).toEqual({
      'home.tsx': 'home',
      'HomeView.tsx': 'home',
      'node_modules/circle-flags/uz.svg': 'home',
      'money.ts': 'home+withdraw',
      'withdraw.tsx?tsr-split=component': 'withdraw',
      'WithdrawPage.tsx': 'withdraw',
      'Sheet.tsx': 'withdraw',
    });
  });

  it('leave out what the entry or another first screen reaches, the route file itself among it', () => {
    const owners = screenChunkOwners(graph, options);
    for (const id of ['Button.tsx', 'SessionGate.tsx', 'withdraw.tsx', 'index.tsx?tsr-split=component']) {
      expect(owners.has(id), id).toBe(false);
    }
  });

  it('fail the build when a listed screen is not in it', () => {
    expect(() => screenChunkOwners(graph, { ...options, otherFirstScreens: ['renamed.tsx'] })).toThrow(
      'screenGroups: renamed.tsx is not in the build',
    );
  });
});
