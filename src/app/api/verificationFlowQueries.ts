import { queryOptions } from '@tanstack/react-query';
import { verificationEndpoints } from '../../contract/verification.ts';
import type { VerificationLevel } from '../../contract/verification-level.ts';
import { call } from './call.ts';
import { verificationQueryKey } from './verificationQueries.ts';

/**
 * `GET /verification-flow/{section}`: one level's steps. Apart from the overview query
 * (verificationQueries.ts), which the withdraw gate needs: this one brings the whole verification
 * contract.
 */
export function verificationFlowQueryOptions(section: VerificationLevel) {
  return queryOptions({
    queryKey: [...verificationQueryKey, 'flow', section] as const,
    queryFn: ({ signal }) => call(verificationEndpoints.getVerificationFlow, { params: { section }, signal }),
    staleTime: 0,
  });
}
