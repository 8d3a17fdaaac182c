import { Trans, useLingui } from '@lingui/react/macro';
import type { SignInError } from '../../../../machines/signIn.machine.ts';
import { recentApiErrors } from '../../lib/errorReporting.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import './session.css';

/** Why the last attempt failed, in words (the machine holds a code, never text). */
export function FailureReason({ error }: { error: SignInError | null }) {
  switch (error) {
    case 'network':
      return <Trans>Kopilka couldn’t be reached. Check your internet connection.</Trans>;
    case 'unauthorized':
      return <Trans>Telegram’s sign-in details weren’t accepted.</Trans>;
    case 'rate_limited':
      return <Trans>There were too many sign-ins in a short time.</Trans>;
    case 'invalid_settings':
    case 'server':
    case null:
      return <Trans>Something went wrong on our side.</Trans>;
  }
}

/** Signing in with the mini app's init data (tag `miniAppAuth`, while the request runs). */
export function MiniAppAuthPage() {
  const { t } = useLingui();
  return (
    <Page centered>
      <div className="session-state" aria-busy="true">
        <Spinner size={40} label={t`Signing in`} />
        <PageTitle title={<Trans>Signing you in…</Trans>} subtitle={<Trans>Checking your Telegram account.</Trans>} />
      </div>
    </Page>
  );
}

/** Back from the login page, signing in with what it sent (tag `webLogin`, while the request runs). */
export function WebLoginPage() {
  const { t } = useLingui();
  return (
    <Page centered>
      <div className="session-state" aria-busy="true">
        <Spinner size={40} label={t`Signing in`} />
        <PageTitle
          title={<Trans>Finishing sign-in…</Trans>}
          subtitle={<Trans>Checking the login Telegram sent back.</Trans>}
        />
      </div>
    </Page>
  );
}

/**
 * A failed attempt, below the fifth (tag `retrying`): the machine tries again after 5 s; the
 * button does it now. `checking` is the session check (tag `loading`), otherwise a sign-in.
 */
export function RetryPage({
  checking,
  error,
  onRetry,
}: {
  checking: boolean;
  error: SignInError | null;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  useScreenActions({ main: { label: t`Try again`, onPress: onRetry } });
  return (
    <Page centered>
      <div className="session-state">
        <PageTitle
          title={checking ? <Trans>Couldn’t reach Kopilka</Trans> : <Trans>Couldn’t sign you in yet</Trans>}
          subtitle={
            <>
              <FailureReason error={error} /> <Trans>Trying again in a few seconds.</Trans>
            </>
          }
        />
      </div>
    </Page>
  );
}

/**
 * The auth error page (tag `authError`, after 5 failed attempts, spec 000 s.4): what happened,
 * what to do, where to get help, and a reload (the only way to start over).
 */
export function AuthErrorPage({ error }: { error: SignInError | null }) {
  const { t } = useLingui();
  const platform = usePlatform();
  useScreenActions({ main: { label: t`Reload`, onPress: () => window.location.reload() } });
  const reference = recentApiErrors().findLast((record) => record.traceId !== null)?.traceId ?? null;
  return (
    <Page centered>
      <div className="session-state" role="alert">
        <svg
          className="session-state-icon"
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
          title={<Trans>Couldn’t sign you in</Trans>}
          subtitle={
            <>
              <FailureReason error={error} /> <Trans>Your money is safe.</Trans>
            </>
          }
        />
        <p className="session-state-text">
          {platform.kind === 'mini-app' ? (
            <Trans>Close Kopilka and open it again from Telegram. If that doesn’t help, try again later.</Trans>
          ) : (
            <Trans>Reload the page and sign in again. If that doesn’t help, try again later.</Trans>
          )}
        </p>
        <p className="session-state-hint">
          {reference === null ? (
            <Trans>If this keeps happening, write to Kopilka support in Telegram.</Trans>
          ) : (
            <Trans>
              If this keeps happening, write to Kopilka support in Telegram and quote this code: {reference}
            </Trans>
          )}
        </p>
      </div>
    </Page>
  );
}
