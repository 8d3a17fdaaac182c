import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { p2cAccountsQueryOptions } from '../../api/p2cMerchantQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { AccountStatus } from './AccountStatus.tsx';
import { accountName, merchantFailureOf } from './merchantTexts.ts';
import './p2c-merchant.css';

/** /p2c/methods: the merchant's payment accounts with their statuses; "Add account" is the main action. */
export function AccountsListView() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const accounts = useQuery(p2cAccountsQueryOptions());
  useScreenActions({
    main: { label: t`Add account`, onPress: () => void navigate({ to: '/p2c/methods/add' }) },
    back: useBack({ to: '/p2c' }),
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Payment accounts</Trans>}
        subtitle={
          <Trans>The cards and accounts you pay shops from. Support checks each one before it is active.</Trans>
        }
      />
      <QueryGate query={accounts} failed={(error) => i18n._(merchantFailureOf(error, 'accounts'))}>
        {({ accounts: saved }) =>
          saved.length === 0 ? (
            <Empty>
              <p>
                <Trans>You have no payment accounts yet.</Trans>
              </p>
              <p className="p2c-merchant-hint">
                <Trans>Add a card or account in your name to take payments.</Trans>
              </p>
            </Empty>
          ) : (
            <Section>
              {saved.map((account) => (
                <Link key={account.id} to="/p2c/methods/$id" params={{ id: account.id }}>
                  <Cell
                    title={accountName(account)}
                    subtitle={account.holder_name}
                    value={<AccountStatus status={account.status} />}
                    chevron
                  />
                </Link>
              ))}
            </Section>
          )
        }
      </QueryGate>
    </Page>
  );
}
