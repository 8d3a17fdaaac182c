import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
 * feature's, shared with each asset's page). The account stays one tap away at the bottom too:
 * the web header and the mini app's settings button are not the only ways there.
 */
export function HomeView({ history }: { history: ReactNode }) {
  const actions = useHomeActions();
  return (
    <Page>
      {/* The screen's name for screen readers; the eye goes straight to the total. */}
      <h1 className="visually-hidden">
        <Trans>Wallet</Trans>
      </h1>
      <BlockedBanner />
      <TotalBalance />
      <HomeActions actions={actions} />
      <AssetBalances />
      {history}
      <Link to="/account" className="home-account-link">
        <Trans>Account</Trans>
      </Link>
    </Page>
  );
}
