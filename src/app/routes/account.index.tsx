import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { AccountView } from '../features/account/AccountView.tsx';
import { profileQueryOptions } from '../features/account/profileQuery.ts';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { canSeeMarketPart } from '../lib/p2p/marketAccess.ts';

export const Route = createFileRoute('/account/')({
  // `?sheet=log-out` opens the log-out confirmation.
  validateSearch: z.object({ sheet: z.optional(z.literal('log-out')) }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(profileQueryOptions());
  },
  component: AccountRoute,
});

function AccountRoute() {
  const { sheet } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <SessionGate>
      {(settings) => (
        <AccountView
          showMerchant={canSeeMarketPart(settings.feature_flags, 'market')}
          logOutOpen={sheet === 'log-out'}
          onLogOut={() => {
            session.logOut();
            void navigate({ to: '/', replace: true });
          }}
        />
      )}
    </SessionGate>
  );
}
