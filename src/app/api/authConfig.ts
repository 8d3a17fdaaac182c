import { queryOptions } from '@tanstack/react-query';
import { authEndpoints } from '../../contract/auth.ts';
import { call } from './call.ts';

/**
 * The public auth config (`GET /authentication/config`): the bot's id and username (the login
 * page, the bot chat for confirmations and support) and whether this is local mode. It never
 * changes while the page lives.
 */
export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: ['public', 'authentication', 'config'] as const,
    queryFn: ({ signal }) => call(authEndpoints.getConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });
}
