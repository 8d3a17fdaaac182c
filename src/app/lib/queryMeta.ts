import type { MessageDescriptor } from '@lingui/core';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Shown as an error toast when the query fails with anything but a 401 (a 401 signs the
       * person out instead). Queries without it fail silently and show their own error state.
       */
      errorMessage?: MessageDescriptor;
      /**
       * Data that is the same for everyone (catalogues, configuration): kept when the person
       * logs out. Everything else is dropped from the cache on logout.
       */
      public?: boolean;
    };
  }
}
