import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { p2cProfileQueryOptions } from '../../api/p2cMerchantQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { merchantFailureOf } from './merchantTexts.ts';
import './p2c-merchant.css';

/** /p2c/profile: what the person may do in P2C and their totals, as client and as merchant. */
export function ProfileView() {
  const { t, i18n } = useLingui();
  const profile = useQuery(p2cProfileQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions()).data;
  useScreenActions({ main: null, back: useBack({ to: '/p2c' }) });
  const yes = t`Yes`;
  const no = t`No`;
  return (
    <Page>
      <PageTitle title={<Trans>P2C profile</Trans>} />
      <QueryGate query={profile} failed={(error) => i18n._(merchantFailureOf(error, 'summary'))}>
        {(data) => (
          <>
            <Section header={t`What you can do`}>
              <Cell title={t`Pay QR codes`} value={data.can_pay ? yes : no} />
              <Cell title={t`P2C merchant`} value={data.is_merchant ? yes : no} />
              <Cell title={t`Take payments`} value={data.can_take ? yes : no} />
              <Cell title={t`Active accounts`} value={<span className="tabular">{data.active_accounts}</span>} />
            </Section>
            <Section header={t`As a client`}>
              <Cell title={t`Payments`} value={<span className="tabular">{data.as_client.payments}</span>} />
              <Cell
                title={t({ message: 'Completed', context: 'count of payments' })}
                value={<span className="tabular">{data.as_client.completed}</span>}
              />
              <Cell
                title={t`Paid in all`}
                value={<span className="tabular">{formatFiat(data.as_client.fiat_total, 'RUB', catalogue)}</span>}
              />
            </Section>
            <Section header={t`As a merchant`}>
              <Cell title={t`Payments`} value={<span className="tabular">{data.as_merchant.payments}</span>} />
              <Cell
                title={t({ message: 'Completed', context: 'count of payments' })}
                value={<span className="tabular">{data.as_merchant.completed}</span>}
              />
              <Cell
                title={t`Paid in all`}
                value={<span className="tabular">{formatFiat(data.as_merchant.fiat_total, 'RUB', catalogue)}</span>}
              />
            </Section>
            {data.is_merchant ? null : (
              <Section>
                <Link to="/account/verification/$flow" params={{ flow: 'p2c-merchant' }}>
                  <Cell title={t`Become a merchant`} chevron />
                </Link>
              </Section>
            )}
          </>
        )}
      </QueryGate>
    </Page>
  );
}
