import { Trans } from '@lingui/react/macro';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isHarmlessError } from '../../lib/harmlessErrors.ts';
import { Button } from '../../ui/Button.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import './shell.css';

/**
 * The calm fallback: what happened, that the money is safe, and one action (reload). Rendered
 * outside the router too (the top-level boundary), so it uses no router hooks.
 */
export function ErrorScreen() {
  return (
    <Page centered>
      <div className="shell-state" role="alert">
        <svg
          className="shell-state-icon"
          width="56"
          height="56"
          viewBox="0 0 56 56"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="28" cy="28" r="26" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M28 15v17" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
          <circle cx="28" cy="40" r="2.5" fill="currentColor" />
        </svg>
        <PageTitle
          title={<Trans>Something went wrong</Trans>}
          subtitle={<Trans>This screen couldn’t be shown. Your money is safe. Reload the page to try again.</Trans>}
        />
        <Button stretched onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
      </div>
    </Page>
  );
}

/** The router's error component: harmless errors retry the route quietly, others show the screen. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const harmless = isHarmlessError(error);
  useEffect(() => {
    if (harmless) reset();
  }, [harmless, reset]);
  if (harmless) return null;
  return <ErrorScreen />;
}
