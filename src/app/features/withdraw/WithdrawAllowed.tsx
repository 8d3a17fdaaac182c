import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isBlocked, isPermitted } from '../../../contract/settings.ts';
import { verificationOverviewQueryOptions } from '../../api/verificationQueries.ts';
import { useSignedInSettings } from '../../lib/signedInSettings.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { LazyWithdrawRefusal } from './LazyWithdrawRefusal.tsx';

/**
 * Spec 000 s.4: "Withdrawal is gated by can_withdraw and by lock or ban". Every withdraw page
 * says so first, before an asset, an address or a passcode is asked for: a ban blocks the account,
 * a lock the money, and `can_withdraw` false turns withdrawals off. The server refuses them too
 * (`withdraw_forbidden`). With the feature flag `show_withdraw_basic_verification` on, the
 * `withdraw` verification level must be completed as well (issue 11; the server answers
 * `verification_required` otherwise): the page says so and leads to that level's flow. The
 * refusals' screens load only when one is shown (WithdrawRefusals.tsx).
 */
export function WithdrawAllowed({ children }: { children: ReactNode }) {
  const session = useSignedInSettings();
  if (session.settings === null) return children;
  const { compliance, permissions } = session.settings;
  if (isBlocked(compliance)) return <LazyWithdrawRefusal reason={{ kind: 'blocked', banned: compliance.ban }} />;
  if (!isPermitted(permissions, 'can_withdraw')) return <LazyWithdrawRefusal reason={{ kind: 'turned-off' }} />;
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
  return <LazyWithdrawRefusal reason={{ kind: 'verify' }} />;
}
