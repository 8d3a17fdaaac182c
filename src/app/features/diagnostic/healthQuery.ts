import { queryOptions } from '@tanstack/react-query';
import { healthEndpoints } from '../../../contract/health.ts';
import { call } from '../../api/call.ts';

/** GET /health, never cached: the diagnostic page always asks the server afresh. */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['diagnostic', 'health'],
    queryFn: ({ signal }) => call(healthEndpoints.getHealth, { signal }),
    staleTime: 0,
    retry: false,
  });
}
