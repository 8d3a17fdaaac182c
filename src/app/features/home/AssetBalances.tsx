import { Trans, useLingui } from '@lingui/react/macro';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Asset, AssetCatalogue } from '../../../contract/wallet.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { holdingsOf } from '../../lib/holdings.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AssetCell } from '../../ui/AssetCell.tsx';
import { LoadFailed } from '../../ui/LoadStates.tsx';
import { Section } from '../../ui/Section.tsx';
import './home.css';

/** One balance joined with its catalogue entry: the balance names its asset by code only. */
interface CatalogueBalance {
  readonly balance: AssetBalance;
  readonly asset: Asset;
}

function BalanceRow({ balance, asset, localCurrency }: CatalogueBalance & { localCurrency: Asset | undefined }) {
  return (
    <Link to="/wallet/$asset" params={{ asset: asset.code }}>
      <AssetCell
        asset={asset}
        // The same figure as the asset page and the history: one number per amount (docs/formatting.md).
        value={<Amount smallest={holdingsOf(balance)} asset={asset} full />}
        secondaryValue={
          localCurrency === undefined ? undefined : <Amount smallest={balance.local_amount} asset={localCurrency} />
        }
        chevron
      />
    </Link>
  );
}

/**
 * The balances whose asset the catalogue has, in the balance's (catalogue) order. One it lacks
 * (an asset switched on after the catalogue was loaded) waits for the catalogue to be fetched again.
 */
function joinCatalogue(balances: readonly AssetBalance[], catalogue: AssetCatalogue): CatalogueBalance[] {
  return balances.flatMap((balance) => {
    const asset = catalogue.assets[balance.asset];
    return asset === undefined ? [] : [{ balance, asset }];
  });
}

/** Fetches the catalogue again, once per set of codes, when the balance names assets it lacks. */
function useCatalogueCovers(balances: readonly AssetBalance[] | undefined, catalogue: UseQueryResult<AssetCatalogue>) {
  const missing = (balances ?? [])
    .filter((balance) => catalogue.data !== undefined && catalogue.data.assets[balance.asset] === undefined)
    .map((balance) => balance.asset)
    .join(',');
  const asked = useRef('');
  const { refetch } = catalogue;
  useEffect(() => {
    if (missing === '' || missing === asked.current) return;
    asked.current = missing;
    void refetch();
  }, [missing, refetch]);
}

/**
 * Every crypto asset in catalogue order: icon, name, amount, local value. Assets with nothing in
 * them fold under "Show all" once something has a balance; a person with nothing yet sees them
 * all, so the list is never empty (docs/wallet-app.md). The balance names assets by code; their
 * names, icons and decimals come from the catalogue.
 */
export function AssetBalances() {
  const { t } = useLingui();
  const balance = useQuery(balanceQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const [showAll, setShowAll] = useState(false);
  useCatalogueCovers(balance.data?.balances, catalogue);
  // The total above says why when the balance failed.
  if (balance.isError) return null;
  if (catalogue.isError)
    return <LoadFailed message={<Trans>Couldn’t load the assets.</Trans>} onRetry={() => void catalogue.refetch()} />;
  if (balance.data === undefined || catalogue.data === undefined)
    // Only the list's shape while it loads.
    return <div className="home-balances-loading" role="status" aria-label={t`Loading`} />;
  const localCurrency = catalogue.data.assets[balance.data.total.currency];
  const entries = joinCatalogue(balance.data.balances, catalogue.data);
  const held = entries.filter((entry) => holdingsOf(entry.balance) !== '0');
  const folds = held.length > 0 && held.length < entries.length;
  const shown = folds && !showAll ? held : entries;
  return (
    <Section header={<Trans>Assets</Trans>}>
      {shown.map((entry) => (
        <BalanceRow key={entry.asset.code} {...entry} localCurrency={localCurrency} />
      ))}
      {folds ? (
        <button type="button" className="home-show-all" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? <Trans>Hide zero balances</Trans> : <Trans>Show all</Trans>}
        </button>
      ) : null}
    </Section>
  );
}
