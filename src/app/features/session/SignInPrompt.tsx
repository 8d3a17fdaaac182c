import { Trans } from '@lingui/react/macro';
import type { SignInError } from '../../../../machines/signIn.machine.ts';
import { Button } from '../../ui/Button.tsx';
import { LogoMark } from '../../ui/Logo.tsx';
import { Page } from '../../ui/Page.tsx';
import { FailureReason } from './SignInPages.tsx';
import './session.css';

/**
 * What a signed-out visitor sees: who we are and the one way in (tag `signedOut`). `error`: why
 * the last attempt failed, when it did (a sign-in the server refused, or the login page that
 * could not be opened). `opening` (tag `redirecting`): on the web, the trip to Telegram's login
 * page has started (the button waits for the page to go).
 */
export function SignInPrompt({
  onSignIn,
  opening = false,
  error = null,
}: {
  onSignIn: () => void;
  opening?: boolean;
  error?: SignInError | null;
}) {
  return (
    <Page
      centered
      footer={
        <Button stretched onClick={onSignIn} disabled={opening} aria-busy={opening}>
          <TelegramIcon />
          {opening ? <Trans>Opening Telegram…</Trans> : <Trans>Sign in with Telegram</Trans>}
        </Button>
      }
    >
      <div className="session-prompt">
        <LogoMark size={88} />
        <h1 className="session-prompt-title">
          <Trans>Kopilka</Trans>
        </h1>
        <p className="session-prompt-tagline">
          <Trans>Your crypto and money wallet, right in Telegram.</Trans>
        </p>
        <p className="session-prompt-hint">
          <Trans>Sign in with your Telegram account to see your balances.</Trans>
        </p>
        {error === null ? null : (
          <p className="session-prompt-error" role="alert">
            <Trans>Couldn’t sign you in.</Trans> <FailureReason error={error} />
          </p>
        )}
      </div>
    </Page>
  );
}

function TelegramIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M20.67 3.6 2.93 10.44c-1.21.49-1.2 1.16-.22 1.46l4.55 1.42 1.74 5.34c.21.58.11.81.72.81.47 0 .68-.22.94-.47l2.26-2.2 4.7 3.47c.87.48 1.49.23 1.71-.8l3.09-14.58c.32-1.27-.48-1.84-1.31-1.46Zm-2.6 3.05-8.9 8.03-.35 3.73-1.52-4.97 10.28-6.49c.48-.29.92-.13.49.3Z"
      />
    </svg>
  );
}
