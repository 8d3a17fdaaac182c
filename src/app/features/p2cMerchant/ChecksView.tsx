import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { p2cChecksQueryOptions } from '../../api/p2cMerchantQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { merchantFailureOf, paymentStatusLabels } from './merchantTexts.ts';

/** /p2c/checks: the receipts the merchant uploaded, newest first, each leading to its payment. */
export function ChecksView({ timeZone }: { timeZone: string | null }) {
  const { i18n } = useLingui();
  const checks = useInfiniteQuery(p2cChecksQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions()).data;
  useScreenActions({ main: null, back: useBack({ to: '/p2c' }) });
  const rows = checks.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page>
      <PageTitle title={<Trans>Receipts</Trans>} subtitle={<Trans>The bank receipts you uploaded.</Trans>} />
      {checks.isPending ? (
        <Loading />
      ) : checks.isError ? (
        <LoadFailed
          message={i18n._(merchantFailureOf(checks.error, 'summary'))}
          onRetry={() => void checks.refetch()}
        />
      ) : rows.length === 0 ? (
        <Empty>
          <p>
            <Trans>No receipts yet.</Trans>
          </p>
        </Empty>
      ) : (
        <Section>
          {rows.map((row) => (
            <Link
              key={row.check.id}
              className="p2c-merchant-check"
              to="/p2c/orders/$id"
              params={{ id: row.payment_id }}
            >
              <Cell
                title={row.check.name}
                subtitle={`${formatShortDate(row.check.uploaded_at, { locale: i18n.locale, timeZone })} · ${i18n._(paymentStatusLabels[row.status])}`}
                value={<span className="tabular">{formatFiat(row.fiat_amount, 'RUB', catalogue)}</span>}
                chevron
                names
              />
            </Link>
          ))}
        </Section>
      )}
      {checks.hasNextPage ? (
        <Button variant="plain" disabled={checks.isFetchingNextPage} onClick={() => void checks.fetchNextPage()}>
          <Trans>Show more</Trans>
        </Button>
      ) : null}
    </Page>
  );
}
