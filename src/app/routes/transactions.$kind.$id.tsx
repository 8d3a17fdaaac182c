import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SessionGate } from '../features/session/SessionGate.tsx';
import { TransactionDetailView } from '../features/wallet/TransactionDetailView.tsx';
import { lookupKindOf, transactionRouteKinds } from '../features/wallet/transactionKinds.ts';
import { parseParamsOrNotFound } from '../lib/routeParams.ts';

const transactionPageParams = z.object({
  kind: z.enum(transactionRouteKinds),
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});

/**
 * `/transactions/{kind}/{id}` (spec 000 s.2): kind as the spec writes it (qr-pay,
 * campaign-reward); any other kind is the not-found page.
 */
export const Route = createFileRoute('/transactions/$kind/$id')({
  params: { parse: (raw) => parseParamsOrNotFound(transactionPageParams, raw) },
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.session.queryOptions),
  component: TransactionRoute,
});

function TransactionRoute() {
  const { kind, id } = Route.useParams();
  return (
    <SessionGate>
      {(settings) => <TransactionDetailView kind={lookupKindOf(kind)} id={id} timeZone={settings.timezone} />}
    </SessionGate>
  );
}
