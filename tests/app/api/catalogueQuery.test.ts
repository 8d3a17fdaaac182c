import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnexpectedResponseError } from '../../../src/app/api/errors.ts';
import { assetCatalogueQueryOptions } from '../../../src/app/api/walletQueries.ts';
import { preloadSignedInHome } from '../../../src/app/routes/-preloadSignedInHome.ts';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function catalogueRequests(): number {
  return fetchMock.mock.calls.filter(
    ([input]) => input instanceof Request && input.url.endsWith('/api/v1/wallet/asset'),
  ).length;
}

const emptyCatalogue = { assets: {} };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the catalogue the mini app’s entry requests while signing in', () => {
  it('is asked for once: the catalogue query takes the early answer, and later fetches ask again', async () => {
    fetchMock.mockImplementation(async () => json(200, emptyCatalogue));
    const queryClient = new QueryClient();

    preloadSignedInHome('/account');
    await expect(queryClient.fetchQuery(assetCatalogueQueryOptions())).resolves.toEqual(emptyCatalogue);
    expect(catalogueRequests()).toBe(1);

    await queryClient.refetchQueries({ queryKey: ['wallet', 'asset'] });
    expect(catalogueRequests()).toBe(2);
  });

  it('is asked for again when the early request failed', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { code: 'unavailable', message: 'Down' }));
    fetchMock.mockResolvedValueOnce(json(200, emptyCatalogue));
    const queryClient = new QueryClient();

    preloadSignedInHome('/account');

    await expect(queryClient.fetchQuery(assetCatalogueQueryOptions())).resolves.toEqual(emptyCatalogue);
    expect(catalogueRequests()).toBe(2);
  });

  it('is validated like any answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { assets: 'none' }));
    const queryClient = new QueryClient();

    preloadSignedInHome('/account');

    await expect(queryClient.fetchQuery(assetCatalogueQueryOptions())).rejects.toBeInstanceOf(UnexpectedResponseError);
    expect(catalogueRequests()).toBe(1);
  });
});

describe('the asset catalogue kept in local storage', () => {
  it('keeps what it fetched; the next start shows it at once and still fetches it again', async () => {
    fetchMock.mockImplementation(async () => json(200, emptyCatalogue));
    await new QueryClient().fetchQuery(assetCatalogueQueryOptions());
    expect(JSON.parse(localStorage.getItem('kopilka.catalogue') ?? 'null')).toEqual({ assets: {} });

    const nextStart = new QueryClient();
    await expect(nextStart.ensureQueryData(assetCatalogueQueryOptions())).resolves.toEqual({ assets: {} });
    expect(catalogueRequests()).toBe(1);
    await nextStart.fetchQuery(assetCatalogueQueryOptions());
    expect(catalogueRequests()).toBe(2);
  });

  it('ignores a kept catalogue that no longer matches the contract, and fetches it', async () => {
    localStorage.setItem('kopilka.catalogue', JSON.stringify({ assets: 'none' }));
    fetchMock.mockImplementation(async () => json(200, emptyCatalogue));

    await expect(new QueryClient().ensureQueryData(assetCatalogueQueryOptions())).resolves.toEqual({ assets: {} });
    expect(catalogueRequests()).toBe(1);
  });

  it('ignores a kept value that is not JSON', async () => {
    localStorage.setItem('kopilka.catalogue', '{broken');
    fetchMock.mockImplementation(async () => json(200, emptyCatalogue));

    await expect(new QueryClient().ensureQueryData(assetCatalogueQueryOptions())).resolves.toEqual({ assets: {} });
    expect(catalogueRequests()).toBe(1);
  });
});
