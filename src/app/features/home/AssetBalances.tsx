import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Asset } from '../../../contract/wallet.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { holdingsOf } from '../../lib/holdings.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AssetCell } from '../../ui/AssetCell.tsx';
import { Section } from '../../ui/Section.tsx';
import './home.css';

function BalanceRow({ balance, localCurrency }: { balance: AssetBalance; localCurrency: Asset | undefined }) {
  return (
    <Link to="/wallet/$asset" params={{ asset: balance.asset.code }}>
      <AssetCell
        asset={balance.asset}
        // The same figure as the asset page and the history: one number per amount (docs/formatting.md).
        value={<Amount smallest={holdingsOf(balance)} asset={balance.asset} full />}
        secondaryValue={
          localCurrency === undefined ? undefined : <Amount smallest={balance.local_amount} asset={localCurrency} />
        }
        chevron
      />
    </Link>
  );
}

/**
 * Every crypto asset in catalogue order: icon, name, amount, local value. Assets with nothing in
 * them fold under "Show all" once something has a balance; a person with nothing yet sees them
 * all, so the list is never empty (docs/wallet-app.md).
 */
export function AssetBalances() {
  const { t } = useLingui();
  const balance = useQuery(balanceQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const [showAll, setShowAll] = useState(false);
  if (balance.data === undefined)
    // The total above says why when it failed; here only the list's shape while it loads.
    return balance.isError ? null : <div className="home-balances-loading" role="status" aria-label={t`Loading`} />;
  const localCurrency = catalogue.data?.assets[balance.data.total.currency];
  const entries = balance.data.balances;
  const held = entries.filter((entry) => holdingsOf(entry) !== '0');
  const folds = held.length > 0 && held.length < entries.length;
  const shown = folds && !showAll ? held : entries;
  return (
    <Section header={<Trans>Assets</Trans>}>
      {shown.map((entry) => (
        <BalanceRow key={entry.asset.code} balance={entry} localCurrency={localCurrency} />
      ))}
      {folds ? (
        <button type="button" className="home-show-all" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? <Trans>Hide zero balances</Trans> : <Trans>Show all</Trans>}
        </button>
      ) : null}
    </Section>
  );
}
