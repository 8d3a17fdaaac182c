import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isBlocked, isPermitted } from '../../../contract/settings.ts';
import { verificationOverviewQueryOptions } from '../../api/verificationQueries.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useSignedInSettings } from '../../lib/signedInSettings.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { withdrawForbiddenMessage } from './withdrawMessages.ts';

/**
 * Spec 000 s.4: "Withdrawal is gated by can_withdraw and by lock or ban". Every withdraw page
 * says so first, before an asset, an address or a passcode is asked for: a ban blocks the account,
 * a lock the money, and `can_withdraw` false turns withdrawals off. The server refuses them too
 * (`withdraw_forbidden`). With the feature flag `show_withdraw_basic_verification` on, the
 * `withdraw` verification level must be completed as well (issue 11; the server answers
 * `verification_required` otherwise): the page says so and leads to that level's flow.
 */
export function WithdrawAllowed({ children }: { children: ReactNode }) {
  const session = useSignedInSettings();
  if (session.settings === null) return children;
  const { compliance, permissions } = session.settings;
  if (isBlocked(compliance)) return <WithdrawBlocked banned={compliance.ban} />;
  if (!isPermitted(permissions, 'can_withdraw')) return <WithdrawalsTurnedOff />;
  if (session.settings.feature_flags.show_withdraw_basic_verification === true) {
    return <WithdrawVerified>{children}</WithdrawVerified>;
  }
  return children;
}

/** The `withdraw` level from `GET /verification`: the withdraw pages only once it is completed. */
function WithdrawVerified({ children }: { children: ReactNode }) {
  const overview = useQuery(verificationOverviewQueryOptions());
  if (overview.isPending) return <Loading />;
  if (overview.isError) {
    return (
      <LoadFailed message={<Trans>Couldn’t check your verification.</Trans>} onRetry={() => void overview.refetch()} />
    );
  }
  const level = overview.data.levels.find((item) => item.level === 'withdraw');
  if (level?.status === 'completed') return children;
  return <VerificationNeeded />;
}

function VerificationNeeded() {
  const { t } = useLingui();
  const navigate = useNavigate();
  useScreenActions({
    main: {
      label: t`Verify now`,
      onPress: () => void navigate({ to: '/account/verification/$flow', params: { flow: 'withdraw' } }),
    },
  });
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Verify to withdraw</Trans>}
        subtitle={
          <Trans>
            Withdrawals need a short verification first: your phone number and personal data. It takes a couple of
            minutes.
          </Trans>
        }
      />
    </Page>
  );
}

/** The way on from a withdraw page that cannot be used: the wallet, as the screen's main action. */
function GoToWallet() {
  useScreenActions({ main: useGoToWalletAction() });
  return null;
}

function WithdrawBlocked({ banned }: { banned: boolean }) {
  return (
    <Page centered>
      <div role="alert">
        {banned ? (
          <PageTitle
            title={<Trans>Your account is blocked</Trans>}
            subtitle={<Trans>Withdrawals aren’t available on a blocked account.</Trans>}
          />
        ) : (
          <PageTitle
            title={<Trans>Your money is locked</Trans>}
            subtitle={
              <Trans>Withdrawals aren’t available while your money is locked. Contact support to find out why.</Trans>
            }
          />
        )}
      </div>
      <GoToWallet />
    </Page>
  );
}

function WithdrawalsTurnedOff() {
  const { i18n } = useLingui();
  return (
    <Page centered>
      <PageTitle title={<Trans>Withdrawal not available</Trans>} subtitle={i18n._(withdrawForbiddenMessage)} />
      <GoToWallet />
    </Page>
  );
}
