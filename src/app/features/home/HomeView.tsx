import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { Page } from '../../ui/Page.tsx';
import { AssetBalances } from './AssetBalances.tsx';
import { BlockedBanner } from './BlockedBanner.tsx';
import { HomeActions, useHomeActions } from './HomeActions.tsx';
import { TotalBalance } from './TotalBalance.tsx';
import './home.css';

/**
 * The signed-in home (spec 000 s.2 "/", and "/qr-pay" shows the same page): the total in the
 * local currency, the action row (Deposit, Withdraw, Scan in the mini app), the assets (zero
 * balances folded under "Show all"), then the history, which the route passes in (it is the wallet
 * feature's, shared with each asset's page), as it passes a notice above the total (compliance's). The account stays one tap away at the bottom too:
 * the web header and the mini app's settings button are not the only ways there.
 */
export function HomeView({ history, notice }: { history: ReactNode; notice?: ReactNode }) {
  const actions = useHomeActions();
  // Only whether they are still loading matters here (not every 5 s poll).
  const balance = useQuery({ ...balanceQueryOptions(), notifyOnChangeProps: ['isPending'] });
  const catalogue = useQuery({ ...assetCatalogueQueryOptions(), notifyOnChangeProps: ['isPending'] });
  // What follows the actions shows at once, when the balance and the catalogue are there (or
  // failed): a placeholder of the asset list could not have its height (it depends on what the
  // person holds), and everything below it would jump when the list replaced it. Until then it is
  // mounted (its requests, the history's too, go out now) but hidden; the total keeps its height
  // with its own placeholder. Once shown it stays: a refetch after a failure makes a query pending
  // again, and hiding the lists for it would take away the failure's "Try again".
  const [listsShown, showLists] = useState(false);
  if (!listsShown && !balance.isPending && !catalogue.isPending) showLists(true);
  return (
    <Page>
      {/* The screen's name for screen readers; the eye goes straight to the total. */}
      <h1 className="visually-hidden">
        <Trans>Wallet</Trans>
      </h1>
      <BlockedBanner />
      {notice}
      <TotalBalance />
      <HomeActions actions={actions} />
      <div className="home-lists" hidden={!listsShown}>
        <AssetBalances />
        {history}
        <Link to="/account" className="home-account-link">
          <Trans>Account</Trans>
        </Link>
      </div>
    </Page>
  );
}
