import { createFileRoute } from '@tanstack/react-router';
import { merchantPaymentQueryOptions, p2cAccountsQueryOptions } from '../api/p2cMerchantQueries.ts';
import { MerchantPaymentPage } from '../features/p2cMerchant/MerchantPaymentPage.tsx';
import { merchantPaymentSearch } from '../features/p2cMerchant/merchantUrls.ts';
import { useBack } from '../lib/back.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { idParamOrNotFound } from '../lib/routeParams.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/orders/{id}`: the payment the merchant took; `?step=check` uploads the receipt. */
export const Route = createFileRoute('/p2c/orders/$id')({
  params: { parse: (raw) => ({ id: idParamOrNotFound(raw.id) }) },
  validateSearch: merchantPaymentSearch,
  loader: ({ context, params }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(merchantPaymentQueryOptions(params.id));
      void client.prefetchQuery(p2cAccountsQueryOptions());
    });
  },
  component: function MerchantPaymentRoute() {
    const { id } = Route.useParams();
    const { step, account } = Route.useSearch({ select: (search) => ({ step: search.step, account: search.account }) });
    const navigate = Route.useNavigate();
    const closeCheck = useBack(
      { to: '/p2c/orders/$id', params: { id }, search: { account } },
      { ignoreBackParam: true },
    );
    return (
      <P2cGate>
        {() => (
          <MerchantPaymentPage
            id={id}
            step={step}
            accountId={account}
            openCheck={() => void navigate({ search: (previous) => ({ ...previous, step: 'check' }) })}
            closeCheck={closeCheck}
          />
        )}
      </P2cGate>
    );
  },
});
