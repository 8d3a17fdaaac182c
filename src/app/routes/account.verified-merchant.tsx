import { createFileRoute } from '@tanstack/react-router';
import { verifiedMerchantQueryOptions } from '../api/p2pMerchantQueries.ts';
import { VerifiedMerchantPage } from '../features/verifiedMerchant/VerifiedMerchantPage.tsx';
import { P2PGate } from './-p2pGate.tsx';

/** `/account/verified-merchant`: the verified merchant status (spec 001 s.2; a market part, behind `show_p2p`). */
export const Route = createFileRoute('/account/verified-merchant')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.session.queryOptions);
    void context.queryClient.prefetchQuery(verifiedMerchantQueryOptions());
  },
  component: () => (
    <P2PGate part="market">{(settings) => <VerifiedMerchantPage timeZone={settings.timezone} />}</P2PGate>
  ),
});
