import { createFileRoute } from '@tanstack/react-router';
import { p2cAccountQueryOptions, p2cBanksQueryOptions } from '../api/p2cMerchantQueries.ts';
import { EditAccountView } from '../features/p2cMerchant/AccountFormView.tsx';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/methods/{id}/edit`: change a draft, rejected or asked-for-more account's details. */
export const Route = createFileRoute('/p2c/methods/$id/edit')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cAccountQueryOptions(params.id));
      void client.prefetchQuery(p2cBanksQueryOptions());
    });
  },
  component: function EditAccountRoute() {
    const { id } = Route.useParams();
    return <P2cGate>{() => <EditAccountView id={id} />}</P2cGate>;
  },
});
