/**
 * The balance query's key (walletQueries.ts). Sign-in seeds that query with the balance its answer
 * carries; the key has a module of its own so that the entry, which signs in, does not carry the
 * wallet queries and their contracts.
 */
export const balanceQueryKey = ['wallet', 'balance'] as const;
