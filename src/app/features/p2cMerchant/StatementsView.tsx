import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { p2cStatementsQueryOptions } from '../../api/p2cMerchantQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { merchantFailureOf } from './merchantTexts.ts';

/** "2026-03" → "March 2026" in the person's language (UTC months, as the server counts them). */
function monthName(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** /p2c/statements: the merchant's last 12 months, newest first. */
export function StatementsView() {
  const { t, i18n } = useLingui();
  const statements = useQuery(p2cStatementsQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions()).data;
  useScreenActions({ main: null, back: useBack({ to: '/p2c' }) });
  return (
    <Page>
      <PageTitle title={<Trans>Statements</Trans>} subtitle={<Trans>Your P2C payments by month (UTC).</Trans>} />
      <QueryGate query={statements} failed={(error) => i18n._(merchantFailureOf(error, 'summary'))}>
        {({ months }) =>
          months.length === 0 ? (
            <Empty>
              <p>
                <Trans>No payments yet.</Trans>
              </p>
            </Empty>
          ) : (
            months.map((month) => {
              const refunded = month.refunded;
              return (
                <Section key={month.month} header={monthName(month.month, i18n.locale)}>
                  <Cell
                    title={<Plural value={month.payments} one="# payment" other="# payments" />}
                    value={<span className="tabular">{formatFiat(month.fiat_total, 'RUB', catalogue)}</span>}
                  />
                  {month.rewards.map((reward) => (
                    <Cell
                      key={reward.asset}
                      title={t`Received in ${reward.asset}`}
                      value={<span className="tabular">{formatCrypto(reward.amount, reward.asset, catalogue)}</span>}
                    />
                  ))}
                  {refunded > 0 ? (
                    <Cell title={<Plural value={refunded} one="# refunded" other="# refunded" />} />
                  ) : null}
                </Section>
              );
            })
          )
        }
      </QueryGate>
    </Page>
  );
}
