import { createFileRoute } from '@tanstack/react-router';
import { p2cPaymentsQueryOptions } from '../api/p2cQueries.ts';
import { PaymentsListView } from '../features/p2cPay/PaymentsListView.tsx';
import { paymentsSearch } from '../features/p2cPay/paymentsSearch.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/payments`: the person's P2C payments, as client and as merchant (`?status=` filters). */
export const Route = createFileRoute('/p2c/payments')({
  validateSearch: paymentsSearch,
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchInfiniteQuery(p2cPaymentsQueryOptions({}));
    });
  },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const status = Route.useSearch({ select: (search) => search.status });
  const navigate = Route.useNavigate();
  return (
    <P2cGate>
      {(settings) => (
        <PaymentsListView
          status={status}
          timeZone={settings.timezone}
          onFilter={(next) => void navigate({ search: (previous) => ({ ...previous, status: next }), replace: true })}
        />
      )}
    </P2cGate>
  );
}
