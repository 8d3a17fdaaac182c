import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { WithdrawalStatus } from '../../../contract/wallet-operations.ts';
import { balanceQueryOptions } from '../../api/walletQueries.ts';
import { isFinalStatus } from './transactionQueries.ts';

/**
 * A withdrawal followed on its page settles (completed, canceled, reverted, error): its hold has
 * just been spent or released, so the balance and the history are refetched at once instead of
 * at their next tick. Operations that were final when the page opened refresh nothing.
 */
export function useRefreshWhenSettled(status: WithdrawalStatus | undefined): void {
  const queryClient = useQueryClient();
  const following = useRef(false);

  useEffect(() => {
    if (status === undefined) return;
    if (!isFinalStatus(status)) {
      following.current = true;
      return;
    }
    if (!following.current) return;
    following.current = false;
    void queryClient.invalidateQueries({ queryKey: balanceQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
  }, [status, queryClient]);
}
