import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Asset } from '../../../contract/wallet.ts';
import type { WalletTransaction } from '../../../contract/wallet-operations.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AssetIcon } from '../../ui/AssetIcon.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { shownAmount } from './incoming.ts';
import { routeKindOfType } from './transactionKinds.ts';
import { transactionStatusBadges, transactionTypeTitles } from './transactionMessages.ts';
import './wallet.css';

/** A badge's tone: failures in red, operations still on their way in the hint colour. */
function badgeTone(status: WalletTransaction['status']): 'failed' | 'pending' {
  return status === 'error' || status === 'reverted' || status === 'canceled' ? 'failed' : 'pending';
}

/**
 * One history row: the asset's icon (with the network's badge for chain operations), the type as
 * its title, the short date, the signed amount (green when it came in; unsigned and struck through
 * when the money never moved: canceled, failed, reverted) and, unless completed, the status. The
 * amount has the same precision as on the detail and asset pages. Types with a detail page lead to it.
 */
export function TransactionItem({
  transaction,
  asset,
  timeZone,
  back,
}: {
  transaction: WalletTransaction;
  /** The catalogue's entry of its asset; undefined when the catalogue no longer lists it. */
  asset: Asset | undefined;
  timeZone: string | null;
  /** Where the detail page's back goes (the spec's `?back=`): the page listing it, unless that is home. */
  back?: string | undefined;
}) {
  const { i18n } = useLingui();
  const cell = (
    <Cell
      icon={<AssetIcon code={transaction.asset} size={40} network={transaction.network ?? undefined} />}
      title={i18n._(transactionTypeTitles[transaction.type])}
      subtitle={formatShortDate(transaction.date, { locale: i18n.locale, timeZone })}
      value={
        <span className="wallet-item-values">
          {asset === undefined ? (
            <span className="wallet-item-amount">{transaction.asset}</span>
          ) : (
            <Amount asset={asset} full {...shownAmount('wallet-item-amount', transaction)} />
          )}
          {transaction.status === 'completed' ? null : (
            <span className={`wallet-badge wallet-badge--${badgeTone(transaction.status)}`}>
              {i18n._(transactionStatusBadges[transaction.status])}
            </span>
          )}
        </span>
      }
      chevron={false}
      names
    />
  );
  const kind = routeKindOfType(transaction.type);
  if (kind === null) return <div className="wallet-item">{cell}</div>;
  return (
    <Link
      to="/transactions/$kind/$id"
      params={{ kind, id: transaction.id }}
      search={back === undefined ? {} : { back }}
      className="wallet-item"
    >
      {cell}
    </Link>
  );
}
