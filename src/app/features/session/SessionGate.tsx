import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { UserSettings } from '../../../contract/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';

/**
 * Screens for signed-in users: while the session check runs, nothing (the shell's indicator
 * shows after 1 s); signed out, the sign-in prompt; when the check fails (not a 401), a retry
 * (the error toast comes from the query's meta).
 */
export function SessionGate({ children }: { children: (settings: UserSettings) => ReactNode }) {
  const { session } = useRouteContext({ from: '__root__' });
  const query = useQuery(session.queryOptions);
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <Page centered>
        <PageTitle
          title={<Trans>Couldn’t load your wallet</Trans>}
          subtitle={<Trans>Check your connection and try again.</Trans>}
        />
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          <Trans>Try again</Trans>
        </Button>
      </Page>
    );
  }
  if (query.data.status === 'signed-out') return <SignInPrompt onSignIn={session.signIn} />;
  return children(query.data.settings);
}
