import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';

/** can_create_market_offer is false (or the server refused for it): nothing to fill in. */
export function CannotCreateOffers() {
  useScreenActions({ main: null, back: useBack({ to: '/p2p' }) });
  return (
    <Page centered>
      <PageTitle
        title={<Trans>You can’t create offers</Trans>}
        subtitle={
          <Trans>
            Creating offers isn’t available for your account. Contact support if you think this is a mistake.
          </Trans>
        }
      />
      <Link to="/p2p" className="ui-button ui-button--secondary ui-button--stretched">
        <Trans>Go to P2P market</Trans>
      </Link>
    </Page>
  );
}
