import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { AssetUnavailablePage } from '../../ui/AssetUnavailablePage.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { withdrawForbiddenMessage } from './withdrawLaterMessages.ts';

/**
 * The screens a withdraw page shows instead of the flow when a gate refuses (WithdrawAllowed.tsx,
 * WithdrawPage.tsx): blocked or locked, withdrawals turned off, the `withdraw` verification level
 * to complete, outflows held, an asset and network that take no withdrawals. Loaded only when one is shown (LazyWithdrawRefusal.tsx):
 * most people never see them, and the withdraw screen's first paint does without them.
 */

export type WithdrawRefusalReason =
  | { readonly kind: 'verify' }
  | { readonly kind: 'blocked'; readonly banned: boolean }
  | { readonly kind: 'turned-off' }
  | { readonly kind: 'held'; readonly until: string }
  /** A pair that takes no withdrawals (unknown, disabled, or can_withdraw off). */
  | { readonly kind: 'unavailable'; readonly asset: string };

// Only a paused person sees the notice, and it brings the date formatting with it.
const OutflowHoldNotice = lazy(() =>
  import('../../ui/OutflowHoldNotice.tsx').then(({ OutflowHoldNotice }) => ({ default: OutflowHoldNotice })),
);

export function WithdrawRefusal({ reason }: { reason: WithdrawRefusalReason }) {
  switch (reason.kind) {
    case 'blocked':
      return <WithdrawBlocked banned={reason.banned} />;
    case 'turned-off':
      return <WithdrawalsTurnedOff />;
    case 'verify':
      return <VerificationNeeded />;
    case 'held':
      return <WithdrawalsHeld until={reason.until} />;
    case 'unavailable':
      return <WithdrawUnavailable asset={reason.asset} />;
  }
}

function WithdrawUnavailable({ asset }: { asset: string }) {
  return (
    <AssetUnavailablePage
      title={<Trans>Withdrawals unavailable</Trans>}
      reason={<Trans>{asset} can’t be withdrawn on this network right now.</Trans>}
      assetList="/wallet/withdraw"
    />
  );
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

/** 24 h after a passcode recovery or a backup e-mail change, money stays in (the server refuses too). */
function WithdrawalsHeld({ until }: { until: string }) {
  return (
    <Page centered>
      <PageTitle title={<Trans>Withdrawals are paused</Trans>} />
      <Suspense fallback={null}>
        <OutflowHoldNotice until={until} />
      </Suspense>
      <Link to="/account/security" className="ui-button ui-button--secondary ui-button--stretched">
        <Trans>Go to Security</Trans>
      </Link>
    </Page>
  );
}
