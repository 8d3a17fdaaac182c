import { queryOptions } from '@tanstack/react-query';
import { verificationEndpoints } from '../../contract/verification.ts';
import type { VerificationLevel } from '../../contract/verification-level.ts';
import { call } from './call.ts';

/**
 * Verification's server data, shared by the verification screens and the withdraw gate
 * (`show_withdraw_basic_verification`): `GET /verification` (every level's status and the
 * passport and address facts) and `GET /verification-flow/{section}` (one level's steps).
 */
export const verificationQueryKey = ['verification'] as const;

export function verificationOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...verificationQueryKey, 'overview'] as const,
    queryFn: ({ signal }) => call(verificationEndpoints.getVerification, { signal }),
    // A level completes while the person looks elsewhere (a review): never trusted for long.
    staleTime: 5000,
  });
}

export function verificationFlowQueryOptions(section: VerificationLevel) {
  return queryOptions({
    queryKey: [...verificationQueryKey, 'flow', section] as const,
    queryFn: ({ signal }) => call(verificationEndpoints.getVerificationFlow, { params: { section }, signal }),
    staleTime: 0,
  });
}
