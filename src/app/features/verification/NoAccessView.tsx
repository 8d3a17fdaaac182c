import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { VerificationResult } from '../../../contract/verification.ts';
import { useBack } from '../../lib/back.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { resultMessage } from './verificationMessages.ts';

/**
 * The no-access screen: verification (or the part of the product it opens) is closed to this
 * person, by a reviewer or by a result such as UNDER_18. It says why when the server said, and
 * leads to support and back to the wallet. A blocked level shows it in place; `/no-access` shows
 * it for links from elsewhere.
 */
export function NoAccessNotice({
  result,
  reason,
  back,
}: {
  result: VerificationResult | null;
  reason: string | null;
  back: () => void;
}) {
  const { t, i18n } = useLingui();
  const why = resultMessage(result);
  useScreenActions({
    main: useGoToWalletAction(),
    secondary: null,
    back,
  });
  return (
    <Page centered>
      <div role="alert">
        <PageTitle
          title={<Trans>No access</Trans>}
          subtitle={why ? i18n._(why) : t`Verification isn’t available for your account.`}
        />
      </div>
      {reason ? <p className="verification-reason">{reason}</p> : null}
      <p className="verification-hint">
        <Trans>
          If you think this is a mistake, <Link to="/help">contact support</Link>.
        </Trans>
      </p>
    </Page>
  );
}

/** `/no-access`. */
export function NoAccessView() {
  return <NoAccessNotice result={null} reason={null} back={useBack({ to: '/account/verification' })} />;
}
