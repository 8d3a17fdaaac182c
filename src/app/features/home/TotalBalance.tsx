import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { formatAssetAmount } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
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
  const { t } = useLingui();
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
        <div className="home-total-error" role="alert">
          <p>
            <Trans>Couldn’t load the balance.</Trans>
          </p>
          <Button variant="plain" onClick={() => void balance.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : total === undefined || currency === undefined ? (
        <p className="home-total-amount home-total-amount--loading" role="status" aria-label={t`Loading the balance`} />
      ) : (
        <TotalAmount text={formatAssetAmount(total.amount, currency)} />
      )}
    </section>
  );
}
