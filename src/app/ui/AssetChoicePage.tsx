import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BackLink } from './BackLink.tsx';
import { Page, PageTitle } from './Page.tsx';

/** The first page of a wallet operation (deposit, withdraw): "‹ Wallet" back home, the heading, then the asset list. */
export function AssetChoicePage({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page>
      <BackLink to="/">
        <Trans>Wallet</Trans>
      </BackLink>
      <PageTitle title={title} subtitle={subtitle} />
      {children}
    </Page>
  );
}
