import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ parts: [] as string[][], every: 0 }));
vi.mock('../../../src/app/lib/i18n.ts', () => ({
  loadTexts: async (parts: string[]) => {
    loaded.parts.push(parts);
  },
  loadEveryText: async () => {
    loaded.every += 1;
  },
}));

const { loadTextsFor } = await import('../../../src/app/lib/routeTexts.ts');

const firstRoutes = ['__root__', '/'];
const parts = { '/wallet/withdraw/$asset/$network': 'withdraw' };
const matching = (...ids: string[]) => ids.map((routeId) => ({ routeId }));

describe("the catalog's parts a route waits for", () => {
  beforeEach(() => {
    loaded.parts = [];
    loaded.every = 0;
  });

  it('are none on a home', async () => {
    await loadTextsFor(matching('__root__', '/'), firstRoutes, parts);
    expect(loaded).toEqual({ parts: [], every: 0 });
  });

  it("are withdraw's own on the withdraw screen", async () => {
    await loadTextsFor(matching('__root__', '/wallet/withdraw/$asset/$network'), firstRoutes, parts);
    expect(loaded).toEqual({ parts: [['withdraw']], every: 0 });
  });

  it('are every part on any other screen', async () => {
    await loadTextsFor(matching('__root__', '/account/security'), firstRoutes, parts);
    expect(loaded).toEqual({ parts: [], every: 1 });
  });

  it('are none outside a build, where the first part is the whole catalog', async () => {
    await loadTextsFor(matching('__root__', '/account/security'), null, parts);
    expect(loaded).toEqual({ parts: [], every: 0 });
  });
});
