import { i18n } from '@lingui/core';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api/errors.ts';
import type { Toasts } from './lib/toasts.tsx';
import './lib/queryMeta.ts';

/**
 * Query defaults of spec 000 s.9: fresh for 5 min, no retries. A failing query whose meta
 * names an `errorMessage` shows it as an error toast (a 401 signs out instead).
 */
export function createQueryClient(toasts: Toasts): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const message = query.meta?.errorMessage;
        if (message && !isUnauthorized(error)) toasts.show('error', i18n._(message));
      },
    }),
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: false },
      mutations: { retry: false },
    },
  });
}
