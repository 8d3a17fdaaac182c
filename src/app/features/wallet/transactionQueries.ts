import { queryOptions } from '@tanstack/react-query';
import {
  finalWithdrawalStatuses,
  type TransactionDetailKind,
  type WithdrawalStatus,
  walletOperationEndpoints,
} from '../../../contract/wallet-operations.ts';
import { call } from '../../api/call.ts';

/** A withdrawal being watched on its detail page is asked about this often until it settles. */
export const followTransactionMs = 3_000;

export function isFinalStatus(status: WithdrawalStatus): boolean {
  const final: readonly WithdrawalStatus[] = finalWithdrawalStatuses;
  return final.includes(status);
}

/**
 * GET /wallet/transactions/{kind}/{id}, refetched every 3 s while its status can still change
 * (only withdrawals move; every other operation is completed from the start). Kept apart from the
 * history pages' keys, which are infinite queries.
 */
export function transactionDetailQueryOptions(kind: TransactionDetailKind, id: string) {
  return queryOptions({
    queryKey: ['wallet', 'transaction', kind, id],
    queryFn: ({ signal }) => call(walletOperationEndpoints.getTransaction, { params: { kind, id }, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || isFinalStatus(status) ? false : followTransactionMs;
    },
  });
}
