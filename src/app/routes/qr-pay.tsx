import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { type QrPaySearch, qrPayFlowSearch, qrPaySearch } from '../features/p2cPay/qrPaySearch.ts';
import type { FlowWrite } from '../lib/flowUrl.ts';
import { HomePage } from './-homePage.tsx';

// The payment flow loads only when a code, a payment or the paste field is asked for.
const QrPayFlow = lazy(() => import('../features/p2cPay/QrPayRoute.tsx'));

/**
 * `/qr-pay` shows home (spec 000 s.2). With a code (`?id=`, the `qr-pay-{id}` deep link, a scan or
 * a paste), a payment (`?payment=`) or `?step=paste`, the QR payment flow opens in its place, one
 * URL per step (features/p2cPay/qrPaySearch.ts, docs/p2c.md).
 */
export const Route = createFileRoute('/qr-pay')({
  validateSearch: qrPaySearch,
  component: QrPayRoute,
});

function QrPayRoute() {
  const search = Route.useSearch({ select: qrPayFlowSearch });
  const navigate = Route.useNavigate();
  if (search.id === undefined && search.payment === undefined && search.step !== 'paste') return <HomePage />;
  const write = (next: QrPaySearch, how: FlowWrite) =>
    void navigate({ search: (previous) => ({ ...next, back: previous.back }), ...how });
  return (
    <Suspense fallback={null}>
      <QrPayFlow search={search} onSearch={write} home={<HomePage />} />
    </Suspense>
  );
}
