import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { p2cAccountsQueryOptions } from '../../api/p2cMerchantQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AccountStatus } from './AccountStatus.tsx';
import { accountName, merchantFailureOf } from './merchantTexts.ts';
import './p2c-merchant.css';

/**
 * /p2c/orders/choose-method?payment={id}: the account the merchant paid the code from. Only an
 * active account can be chosen; the others are listed with their status. Choosing returns to the
 * payment with the choice in its URL (`?account=`), replacing this page.
 */
export function ChooseAccountView({
  paymentId,
  chosen,
}: {
  paymentId: number | undefined;
  chosen: number | undefined;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const accounts = useQuery(p2cAccountsQueryOptions());
  const back = useBack(
    paymentId === undefined ? { to: '/p2c/orders' } : { to: '/p2c/orders/$id', params: { id: paymentId } },
  );
  useScreenActions({ main: null, back });
  if (paymentId === undefined) {
    return (
      <Page>
        <Empty>
          <p>
            <Trans>Payment not found</Trans>
          </p>
        </Empty>
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle
        title={<Trans>Paid from</Trans>}
        subtitle={<Trans>The account you paid the shop’s code from.</Trans>}
      />
      <QueryGate query={accounts} failed={(error) => i18n._(merchantFailureOf(error, 'accounts'))}>
        {({ accounts: all }) =>
          all.length === 0 ? (
            <Empty>
              <p>
                <Trans>You have no payment accounts yet.</Trans>
              </p>
              <Link to="/p2c/methods/add" className="p2c-merchant-link">
                <Trans>Add account</Trans>
              </Link>
            </Empty>
          ) : (
            <ChoiceSection label={t`Paid from`}>
              {all.map((account) => (
                <Choice
                  key={account.id}
                  title={accountName(account)}
                  subtitle={
                    account.status === 'active' ? account.holder_name : <AccountStatus status={account.status} />
                  }
                  checked={account.id === chosen}
                  disabled={account.status !== 'active'}
                  onSelect={() =>
                    void navigate({
                      to: '/p2c/orders/$id',
                      params: { id: paymentId },
                      search: { account: account.id },
                      replace: true,
                    })
                  }
                />
              ))}
            </ChoiceSection>
          )
        }
      </QueryGate>
    </Page>
  );
}
