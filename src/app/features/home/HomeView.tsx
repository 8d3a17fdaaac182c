import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Page } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { AssetBalances } from './AssetBalances.tsx';
import { BlockedBanner } from './BlockedBanner.tsx';
import { TotalBalance } from './TotalBalance.tsx';
import './home.css';

/**
 * The signed-in home (spec 000 s.2 "/"): the total in the local currency, Deposit and Withdraw,
 * every crypto asset's balance, then the history, which the route passes in (it is the wallet
 * feature's, shared with each asset's page). The account stays one tap away at the bottom too:
 * the web header and the mini app's settings button are not the only ways there.
 */
export function HomeView({ history }: { history: ReactNode }) {
  const { t } = useLingui();
  return (
    <Page>
      {/* The screen's name for screen readers; the eye goes straight to the total. */}
      <h1 className="visually-hidden">
        <Trans>Wallet</Trans>
      </h1>
      <BlockedBanner />
      <TotalBalance />
      <nav className="home-actions" aria-label={t`Wallet actions`}>
        <Link to="/wallet/deposit" className="ui-button ui-button--primary home-action">
          <Trans>Deposit</Trans>
        </Link>
        {/* The withdraw screens are a separate route tree; a plain path keeps this link independent of it. */}
        <PathLink href="/wallet/withdraw">
          <span className="ui-button ui-button--secondary home-action">
            <Trans>Withdraw</Trans>
          </span>
        </PathLink>
      </nav>
      <AssetBalances />
      {history}
      <Link to="/account" className="home-account-link">
        <Trans>Account</Trans>
      </Link>
    </Page>
  );
}
