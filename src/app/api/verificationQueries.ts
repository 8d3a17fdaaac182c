import { queryOptions } from '@tanstack/react-query';
import { getVerificationEndpoint } from '../../contract/verification-overview.ts';
import { call } from './call.ts';

/**
 * Verification's server data, shared by the verification screens and the withdraw gate
 * (`show_withdraw_basic_verification`): `GET /verification` (every level's status and the
 * passport and address facts); `GET /verification-flow/{section}` (one level's steps) is in
 * verificationFlowQueries.ts, with the verification screens.
 */
export const verificationQueryKey = ['verification'] as const;

export function verificationOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...verificationQueryKey, 'overview'] as const,
    queryFn: ({ signal }) => call(getVerificationEndpoint, { signal }),
    // A level completes while the person looks elsewhere (a review): never trusted for long.
    staleTime: 5000,
  });
}
