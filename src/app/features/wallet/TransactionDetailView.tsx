import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Asset } from '../../../contract/wallet.ts';
import {
  type TransactionDetailKind,
  transactionDetailKinds,
  type WalletTransactionDetail,
  type WalletTransactionType,
} from '../../../contract/wallet-operations.ts';
import { toApiError } from '../../api/errors.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { shortenAddress } from '../../lib/address.ts';
import { useBack } from '../../lib/back.ts';
import { formatTitleDate } from '../../lib/dates.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Amount } from '../../ui/Amount.tsx';
import { AssetIcon } from '../../ui/AssetIcon.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CopyableText } from './CopyableText.tsx';
import { shownAmount } from './incoming.ts';
import { LargeAmount } from './LargeAmount.tsx';
import { transactionStatusBadges, transactionTypeTitles, withdrawalStatusSentences } from './transactionMessages.ts';
import { transactionDetailQueryOptions } from './transactionQueries.ts';
import { useRefreshWhenSettled } from './useRefreshWhenSettled.ts';
import './wallet.css';

const withdrawalTypes: readonly WalletTransactionType[] = transactionDetailKinds.withdrawal;
const p2cMerchantTypes: readonly WalletTransactionType[] = ['p2c_merchant', 'p2c_merchant_refund'];

/**
 * A P2C operation's payment: the client's payment page in the /qr-pay flow, the merchant's
 * /p2c/orders/{id}. A plain path, as the payments list writes it: the router would write the
 * search's digits as a quoted JSON string (`payment=%2231%22`).
 */
function P2cPaymentLink({ type, paymentId }: { type: WalletTransactionType; paymentId: number }) {
  const href = p2cMerchantTypes.includes(type) ? `/p2c/orders/${paymentId}` : `/qr-pay?payment=${paymentId}`;
  return (
    <Section>
      <PathLink href={href}>
        <Cell title={<Trans>Open the payment</Trans>} chevron />
      </PathLink>
    </Section>
  );
}

function TransactionNotFound() {
  return (
    <Page centered>
      <div className="wallet-page-state">
        <PageTitle
          title={<Trans>Transaction not found</Trans>}
          subtitle={<Trans>There is no such transaction in your wallet. The link may be wrong or incomplete.</Trans>}
        />
      </div>
    </Page>
  );
}

/** The network's human name from the catalogue ("Tron (TRC20)"), else its identifier. */
function networkName(asset: Asset | undefined, network: string): string {
  return asset !== undefined && !asset.is_fiat ? (asset.networks[network]?.name ?? network) : network;
}

function TransactionDetails({
  transaction,
  asset,
  timeZone,
}: {
  transaction: WalletTransactionDetail;
  asset: Asset | undefined;
  timeZone: string | null;
}) {
  const { t, i18n } = useLingui();
  const isWithdrawal = withdrawalTypes.includes(transaction.type);
  const status = i18n._(transactionStatusBadges[transaction.status]);
  return (
    <Page>
      <header className="wallet-detail-header">
        <AssetIcon code={transaction.asset} size={56} network={transaction.network ?? undefined} />
        <h1 className="wallet-detail-title">{i18n._(transactionTypeTitles[transaction.type])}</h1>
        {asset === undefined ? (
          <p className="wallet-detail-amount">{transaction.asset}</p>
        ) : (
          <LargeAmount asset={asset} {...shownAmount('wallet-detail-amount', transaction)} />
        )}
        {isWithdrawal ? (
          <p className="wallet-detail-sentence" role="status">
            {i18n._(withdrawalStatusSentences[transaction.status])}
          </p>
        ) : null}
      </header>
      <Section>
        <Cell
          title={<Trans>Status</Trans>}
          value={<span className={`wallet-detail-status wallet-detail-status--${transaction.status}`}>{status}</span>}
        />
        <Cell
          title={<Trans>Date</Trans>}
          value={formatTitleDate(transaction.date, { locale: i18n.locale, timeZone })}
        />
        {asset !== undefined && (isWithdrawal || transaction.fee !== '0') ? (
          <Cell title={<Trans>Fee</Trans>} value={<Amount smallest={transaction.fee} asset={asset} full />} />
        ) : null}
        {transaction.network !== null ? (
          <Cell title={<Trans>Network</Trans>} value={networkName(asset, transaction.network)} />
        ) : null}
        {transaction.address !== null ? (
          <Cell
            title={<Trans>Address</Trans>}
            value={
              <CopyableText
                value={transaction.address}
                short={shortenAddress(transaction.address)}
                copyLabel={t`Copy address`}
              />
            }
          />
        ) : null}
        {transaction.txid !== null ? (
          <Cell
            title={<Trans>Transaction ID</Trans>}
            value={
              <CopyableText
                value={transaction.txid}
                short={shortenAddress(transaction.txid)}
                copyLabel={t`Copy transaction ID`}
              />
            }
          />
        ) : null}
      </Section>
      {transaction.p2c_payment_id === undefined ? null : (
        <P2cPaymentLink type={transaction.type} paymentId={transaction.p2c_payment_id} />
      )}
      {transaction.explorer_transaction_url !== null ? (
        <a
          className="ui-button ui-button--secondary ui-button--stretched"
          href={transaction.explorer_transaction_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Trans>View in explorer</Trans>
        </a>
      ) : null}
    </Page>
  );
}

/**
 * /transactions/{kind}/{id}: one operation in full (GET /wallet/transactions/{kind}/{id}): its
 * type, the exact amount, the status (a withdrawal's in a sentence), date, fee, network, address
 * and chain transaction with its explorer page. A withdrawal on its way is refetched every 3 s
 * until it settles; then the balance is refreshed.
 */
export function TransactionDetailView({
  kind,
  id,
  timeZone,
}: {
  kind: TransactionDetailKind;
  id: string;
  timeZone: string | null;
}) {
  const { t } = useLingui();
  const detail = useQuery(transactionDetailQueryOptions(kind, id));
  const catalogue = useQuery(assetCatalogueQueryOptions());
  useRefreshWhenSettled(detail.data?.status);
  // Back goes to the page that opened it (`?back=`, e.g. the asset page), else where the person came from, else home.
  const goToWallet = useGoToWalletAction();
  const failed = detail.data === undefined && detail.isError;
  const missing = failed && toApiError(detail.error)?.code === 404;
  useScreenActions({
    back: useBack({ to: '/' }),
    ...(missing
      ? { main: goToWallet }
      : failed
        ? { main: { label: t`Try again`, onPress: () => void detail.refetch() } }
        : {}),
  });

  // Data first: a failed refetch while following a withdrawal keeps the page as it was.
  if (detail.data === undefined) {
    if (!detail.isError)
      return (
        <Page centered>
          <Spinner label={t`Loading`} />
        </Page>
      );
    if (missing) return <TransactionNotFound />;
    return (
      <Page centered>
        <div className="wallet-page-state" role="alert">
          <PageTitle
            title={<Trans>Couldn’t load the transaction</Trans>}
            subtitle={<Trans>Check the connection and try again.</Trans>}
          />
        </div>
      </Page>
    );
  }
  return (
    <TransactionDetails
      transaction={detail.data}
      asset={catalogue.data?.assets[detail.data.asset]}
      timeZone={timeZone}
    />
  );
}
