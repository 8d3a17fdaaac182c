import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession, useSignIn } from '../../lib/session.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActionsSnapshot } from '../../platform/useScreenActions.ts';
import { BackChevron } from '../../ui/BackLink.tsx';
import { Logo } from '../../ui/Logo.tsx';
import './shell.css';

/**
 * The web wallet's header: "‹ Back" when the screen has a way back (its `useScreenActions`
 * back, the same action as Telegram's BackButton in the mini app), the logo (home) and, from the sign-in machine's snapshot, the profile
 * link when signed in or "Sign in" (`signIn.start`, as the prompt's button) when signed out;
 * nothing while signing in or on the auth error page.
 */
export function Header() {
  const { t } = useLingui();
  const session = useSession();
  const state = useSignIn((snapshot) =>
    snapshot.hasTag('signedIn') ? 'signed-in' : snapshot.hasTag('signedOut') ? 'signed-out' : 'other',
  );
  return (
    <header className="shell-header">
      <div className="shell-header-inner">
        <div className="shell-header-start">
          <HeaderBack />
          {/* Named by the logo itself ("Kopilka"), the wallet's home. */}
          <Link to="/" className="shell-header-logo">
            <Logo size={30} />
          </Link>
        </div>
        {state === 'signed-in' ? (
          <Link to="/account" className="shell-header-action" aria-label={t`Profile`}>
            <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
              <circle cx="14" cy="14" r="13" fill="currentColor" opacity="0.14" />
              <circle cx="14" cy="11" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path
                d="M6.5 22.5c1.6-3.2 4.3-4.8 7.5-4.8s5.9 1.6 7.5 4.8"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </Link>
        ) : state === 'signed-out' ? (
          <Link
            to="/"
            className="shell-header-action"
            onClick={(event) => {
              // A link (the prompt lives at the wallet's address); the click starts signing in.
              event.preventDefault();
              session.signIn();
            }}
          >
            <Trans>Sign in</Trans>
          </Link>
        ) : null}
      </div>
    </header>
  );
}

/** "‹ Back" when the screen has a way back: the same action as Telegram's BackButton in the mini app. */
export function HeaderBack() {
  const { screenActions } = usePlatform();
  const { back } = useScreenActionsSnapshot();
  if (!back) return null;
  return (
    <button type="button" className="shell-header-action shell-header-back" onClick={() => screenActions.press('back')}>
      <BackChevron />
      <Trans>Back</Trans>
    </button>
  );
}
