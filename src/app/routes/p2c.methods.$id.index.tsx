import { createFileRoute } from '@tanstack/react-router';
import { p2cAccountQueryOptions } from '../api/p2cMerchantQueries.ts';
import { AccountView } from '../features/p2cMerchant/AccountView.tsx';
import { accountSearch } from '../features/p2cMerchant/merchantUrls.ts';
import { useBack } from '../lib/back.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/methods/{id}`: one payment account; `?step=upload` adds a document. */
export const Route = createFileRoute('/p2c/methods/$id/')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  validateSearch: accountSearch,
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cAccountQueryOptions(params.id));
    });
  },
  component: function AccountRoute() {
    const { id } = Route.useParams();
    const step = Route.useSearch({ select: (search) => search.step });
    const navigate = Route.useNavigate();
    const closeUpload = useBack({ to: '/p2c/methods/$id', params: { id } }, { ignoreBackParam: true });
    return (
      <P2cGate>
        {(settings) => (
          <AccountView
            id={id}
            step={step}
            timeZone={settings.timezone}
            openUpload={() => void navigate({ search: (previous) => ({ ...previous, step: 'upload' }) })}
            closeUpload={closeUpload}
          />
        )}
      </P2cGate>
    );
  },
});
