import { createFileRoute } from '@tanstack/react-router';
import { p2cAccountsQueryOptions } from '../api/p2cMerchantQueries.ts';
import { ChooseAccountView } from '../features/p2cMerchant/ChooseAccountView.tsx';
import { chooseAccountSearch } from '../features/p2cMerchant/merchantUrls.ts';
import { prefetchSignedIn } from '../lib/prefetchSignedIn.ts';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/orders/choose-method?payment={id}`: the account a taken payment was paid from. */
export const Route = createFileRoute('/p2c/orders/choose-method')({
  validateSearch: chooseAccountSearch,
  loader: ({ context }) => {
    prefetchSignedIn(context, (client) => {
      void client.prefetchQuery(p2cAccountsQueryOptions());
    });
  },
  component: function ChooseAccountRoute() {
    const { payment, account } = Route.useSearch({
      select: (search) => ({ payment: search.payment, account: search.account }),
    });
    return <P2cGate>{() => <ChooseAccountView paymentId={payment} chosen={account} />}</P2cGate>;
  },
});
