import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from './features/shell/ErrorBoundary.tsx';
import { i18n } from './lib/i18n.ts';
import { type Session, SessionContext } from './lib/session.ts';
import { type ToastActor, ToastActorContext } from './lib/toasts.tsx';
import { PlatformContext } from './platform/PlatformContext.tsx';
import type { Platform } from './platform/types.ts';

/**
 * Everything above the router: translations, platform, toasts, queries, the session (the sign-in
 * machine), the last-resort boundary.
 */
export function AppProviders(props: {
  platform: Platform;
  queryClient: QueryClient;
  toastActor: ToastActor;
  session: Session;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <PlatformContext.Provider value={props.platform}>
        <ToastActorContext.Provider value={props.toastActor}>
          <QueryClientProvider client={props.queryClient}>
            <SessionContext.Provider value={props.session}>
              <AppErrorBoundary>{props.children}</AppErrorBoundary>
            </SessionContext.Provider>
          </QueryClientProvider>
        </ToastActorContext.Provider>
      </PlatformContext.Provider>
    </I18nProvider>
  );
}
