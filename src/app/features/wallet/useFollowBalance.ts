import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { WalletBalance } from '../../../contract/wallet-operations.ts';
import { balanceQueryOptions } from '../../api/walletQueries.ts';

/** Every history list (all assets and each asset's) sits under this key (api/walletQueries.ts). */
const historyKey = ['wallet', 'transactions'] as const;

function fingerprintOf(balance: WalletBalance): string {
  return balance.balances.map((entry) => `${entry.asset}:${entry.available}:${entry.held}`).join('|');
}

/**
 * Keeps the history in step with the balance, which is refetched every 5 s: when any asset's
 * amounts change (a deposit arrived, a withdrawal settled), the history lists are refetched, so a
 * new operation shows in both within the same 5 s.
 */
export function useFollowBalance(): void {
  const queryClient = useQueryClient();
  const { data: fingerprint } = useQuery({ ...balanceQueryOptions(), select: fingerprintOf });
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (fingerprint === undefined) return;
    const changed = seen.current !== null && seen.current !== fingerprint;
    seen.current = fingerprint;
    if (changed) void queryClient.invalidateQueries({ queryKey: historyKey });
  }, [fingerprint, queryClient]);
}
