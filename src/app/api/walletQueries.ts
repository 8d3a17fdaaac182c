import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { walletEndpoints } from '../../contract/wallet.ts';
import { walletOperationEndpoints } from '../../contract/wallet-operations.ts';
import { balanceQueryKey } from './balanceQueryKey.ts';
import { call } from './call.ts';
import { callOrTakeEarly } from './earlyRequests.ts';
import { storeCatalogue, storedCatalogue } from './storedCatalogue.ts';

/**
 * Query options of the wallet data that several features read (home, deposit, withdraw, address
 * book). Keys are hierarchical: invalidating ['wallet'] refreshes all of it.
 */

/** Spec 000 s.7: lists fetch 40 items divided by the device divider (the frontend config's, 1 today). */
export const transactionsPageSize = 40;
/** Spec 000 s.4 and s.9: the balance is refetched every 5 s. */
export const balanceRefetchMs = 5_000;

/**
 * GET /wallet/asset: the catalogue, keyed by asset code. The same for everyone. The mini app's
 * entry requests it while signing in (earlyRequests.ts); the first fetch takes that answer. The
 * catalogue an earlier start kept in local storage (storedCatalogue.ts) shows at once; it counts
 * as stale, so the first screen that reads it fetches it again, and every answer is kept.
 */
export function assetCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'asset'],
    queryFn: async ({ signal }) => {
      const catalogue = await callOrTakeEarly(walletEndpoints.listAssets, { signal });
      storeCatalogue(catalogue);
      return catalogue;
    },
    initialData: storedCatalogue,
    initialDataUpdatedAt: 0,
    meta: { public: true },
  });
}

/** GET /wallet/asset/prices: fresh for 5 minutes (the app's default freshness). */
export function assetPricesQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'asset', 'prices'],
    queryFn: ({ signal }) => call(walletEndpoints.listAssetPrices, { signal }),
    meta: { public: true },
  });
}

/** GET /wallet/balance, refetched every 5 s while a screen shows it; seeded by sign-in's answer. */
export function balanceQueryOptions() {
  return queryOptions({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => call(walletOperationEndpoints.getBalance, { signal }),
    refetchInterval: balanceRefetchMs,
  });
}

/** GET /wallet/transactions, page by page along the cursor; `asset` narrows it to one asset. */
export function transactionsQueryOptions(asset?: string) {
  return infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', asset ?? 'all'],
    queryFn: ({ signal, pageParam }) =>
      call(walletOperationEndpoints.listTransactions, {
        signal,
        // The first page has no cursor: '' stands for it.
        query: { count: transactionsPageSize, cursor: pageParam === '' ? undefined : pageParam, asset },
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.cursor,
  });
}
