import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { formatAssetAmount } from '../../lib/money.ts';
import { BalancePlaceholder } from '../../ui/BalancePlaceholder.tsx';
import { LoadFailed } from '../../ui/LoadStates.tsx';
import './home.css';

/** Smaller type for a long total, so it stays on one line at 320 px instead of breaking inside the number. */
function TotalAmount({ text }: { text: string }) {
  const length = Array.from(text).length;
  const size = length <= 11 ? '' : length <= 16 ? ' home-total-amount--long' : ' home-total-amount--longer';
  return <p className={`home-total-amount${size}`}>{text}</p>;
}

/**
 * The largest thing on the home screen: everything the person holds, valued in their local
 * currency. The balance query refetches every 5 s; while it first loads a placeholder of the
 * same height keeps the page from jumping.
 */
export function TotalBalance() {
  const balance = useQuery(balanceQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const total = balance.data?.total;
  const currency = total === undefined ? undefined : catalogue.data?.assets[total.currency];

  return (
    <section className="home-total" aria-labelledby="home-total-label">
      <p id="home-total-label" className="home-total-label">
        <Trans>Total balance</Trans>
      </p>
      {balance.isError ? (
        <LoadFailed message={<Trans>Couldn’t load the balance.</Trans>} onRetry={() => void balance.refetch()} />
      ) : total === undefined || currency === undefined ? (
        <BalancePlaceholder className="home-total-amount home-total-amount--loading" />
      ) : (
        <TotalAmount text={formatAssetAmount(total.amount, currency)} />
      )}
    </section>
  );
}
