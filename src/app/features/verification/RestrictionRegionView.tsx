import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBack } from '../../lib/back.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import './verification.css';

/**
 * `/restriction-region`: the personal data named a country of residence on the restricted list
 * (RESTRICTED_REGION). What it means (no verification, so nothing that needs it), that the money
 * already here stays the person's, and where to go: back to the form (a wrong country is
 * corrected there), support, the wallet.
 */
export function RestrictionRegionView() {
  useScreenActions({
    main: useGoToWalletAction(),
    back: useBack({ to: '/account/verification/personal-data' }),
  });
  return (
    <Page centered>
      <div role="alert">
        <PageTitle
          title={<Trans>Not available in your region</Trans>}
          subtitle={
            <Trans>
              We can’t verify residents of the country you named, so what needs verification isn’t available to you.
            </Trans>
          }
        />
      </div>
      <p className="verification-hint">
        <Trans>Your money stays yours: you can still see your balance and deposits.</Trans>
      </p>
      <p className="verification-hint">
        <Trans>
          Named the wrong country? <Link to="/account/verification/personal-data">Correct your personal data</Link>.
          Questions? <Link to="/help">Contact support</Link>.
        </Trans>
      </p>
    </Page>
  );
}
