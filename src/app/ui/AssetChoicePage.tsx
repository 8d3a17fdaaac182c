import type { ReactNode } from 'react';
import { useBack } from '../lib/back.ts';
import { useScreenActions } from '../platform/useScreenActions.ts';
import { Page, PageTitle } from './Page.tsx';

/** The first page of a wallet operation (deposit, withdraw): back (home), the heading, then the asset list. */
export function AssetChoicePage({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  useScreenActions({ back: useBack({ to: '/' }) });
  return (
    <Page>
      <PageTitle title={title} subtitle={subtitle} />
      {children}
    </Page>
  );
}
