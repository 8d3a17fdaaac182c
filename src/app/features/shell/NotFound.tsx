import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Page, PageTitle } from '../../ui/Page.tsx';
import './shell.css';

/** Unknown paths: say so plainly and offer the way home. */
export function NotFound() {
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
        <Link to="/" className="ui-button ui-button--primary ui-button--stretched">
          <Trans>Go to the wallet</Trans>
        </Link>
      </div>
    </Page>
  );
}
