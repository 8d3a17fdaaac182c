import { queryOptions } from '@tanstack/react-query';
import { securityEndpoints } from '../../contract/security.ts';
import { call } from './call.ts';
import { securityQueryKey } from './securityQueries.ts';

/**
 * GET /security/sessions: the signed-in devices (under the security key, so a refresh includes
 * it). Apart from `securityQueryOptions`, which the withdraw screen needs before it paints: this
 * one brings the whole security contract.
 */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: [...securityQueryKey, 'sessions'] as const,
    queryFn: ({ signal }) => call(securityEndpoints.listSessions, { signal }),
    staleTime: 0,
  });
}
