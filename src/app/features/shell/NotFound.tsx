import { Trans } from '@lingui/react/macro';
import { useBack } from '../../lib/back.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import './shell.css';

/** Unknown paths: say so plainly; "Go to the wallet" is the main action, back returns where the person came from. */
export function NotFound() {
  const goToWallet = useGoToWalletAction();
  useScreenActions({
    main: goToWallet,
    back: useBack({ to: '/' }),
  });
  return (
    <Page centered>
      <div className="shell-state">
        <p className="shell-state-code tabular" aria-hidden="true">
          404
        </p>
        <PageTitle
          title={<Trans>Page not found</Trans>}
          subtitle={<Trans>The link may be broken, or the page may have moved.</Trans>}
        />
      </div>
    </Page>
  );
}
