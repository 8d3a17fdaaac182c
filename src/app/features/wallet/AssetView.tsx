import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Asset } from '../../../contract/wallet.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { holdingsOf } from '../../lib/holdings.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AssetIcon } from '../../ui/AssetIcon.tsx';
import { BalancePlaceholder } from '../../ui/BalancePlaceholder.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { LoadFailed } from '../../ui/LoadStates.tsx';
import { Page } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { LargeAmount } from './LargeAmount.tsx';
import { TransactionHistory } from './TransactionHistory.tsx';
import './wallet.css';

function AssetBalanceCard({ asset }: { asset: Asset }) {
  const balance = useQuery(balanceQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions());
  if (balance.isError)
    return <LoadFailed message={<Trans>Couldn’t load the balance.</Trans>} onRetry={() => void balance.refetch()} />;
  if (balance.data === undefined)
    return <BalancePlaceholder className="wallet-asset-amount wallet-asset-amount--loading" />;

  // An asset the balance does not list (switched off since) holds nothing the wallet can show.
  const entry = balance.data.balances.find((candidate) => candidate.asset === asset.code);
  const available = entry?.available ?? '0';
  const held = entry?.held ?? '0';
  const localCurrency = catalogue.data?.assets[balance.data.total.currency];
  return (
    <>
      {/* All the person holds: the amount the local value beside it is the value of. */}
      <LargeAmount smallest={holdingsOf({ available, held })} asset={asset} className="wallet-asset-amount" />
      {entry !== undefined && localCurrency !== undefined ? (
        <p className="wallet-asset-local">
          <Amount smallest={entry.local_amount} asset={localCurrency} />
        </p>
      ) : null}
      {held === '0' ? null : (
        <Section
          footer={
            <Trans>
              Held for operations on their way, such as a withdrawal being sent, and reserved by your P2P offers while
              they are online.
            </Trans>
          }
        >
          <Cell title={<Trans>Available</Trans>} value={<Amount smallest={available} asset={asset} full />} />
          <Cell title={<Trans>On hold</Trans>} value={<Amount smallest={held} asset={asset} full />} />
        </Section>
      )}
    </>
  );
}

/**
 * /wallet/{asset}: one crypto asset (the route has checked it is in the catalogue): what is
 * available, what is held when anything is, the value in the local currency, Deposit and
 * Withdraw for this asset, and its own history.
 */
export function AssetView({ asset, timeZone }: { asset: Asset; timeZone: string | null }) {
  const { t } = useLingui();
  useScreenActions({ back: useBack({ to: '/' }) });
  return (
    <Page>
      <header className="wallet-asset-header">
        <AssetIcon code={asset.code} size={56} />
        <h1 className="wallet-asset-name">{asset.name}</h1>
      </header>
      <AssetBalanceCard asset={asset} />
      <nav className="wallet-actions" aria-label={t`Wallet actions`}>
        <Link to="/wallet/deposit/$asset" params={{ asset: asset.code }} className="ui-button ui-button--primary">
          <Trans>Deposit</Trans>
        </Link>
        {/* The withdraw screens are a separate route tree; a plain path keeps this link independent of it. */}
        <PathLink href={`/wallet/withdraw/${asset.code}`}>
          <span className="ui-button ui-button--secondary">
            <Trans>Withdraw</Trans>
          </span>
        </PathLink>
      </nav>
      <TransactionHistory asset={asset.code} timeZone={timeZone} />
    </Page>
  );
}
