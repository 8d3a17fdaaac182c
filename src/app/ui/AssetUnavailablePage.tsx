import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Page, PageTitle } from './Page.tsx';

/** An asset and network that cannot be used for the operation: why, and the way back to the operation's asset list. */
export function AssetUnavailablePage({
  title,
  reason,
  assetList,
}: {
  title: ReactNode;
  reason: ReactNode;
  assetList: '/wallet/deposit' | '/wallet/withdraw';
}) {
  return (
    <Page centered>
      <PageTitle title={title} subtitle={reason} />
      <Link to={assetList} className="ui-button ui-button--primary ui-button--stretched">
        <Trans>Choose another asset</Trans>
      </Link>
    </Page>
  );
}
