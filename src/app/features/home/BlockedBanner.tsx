import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { isBlocked } from '../../../contract/settings.ts';
import { useSignedInSettings } from '../../lib/signedInSettings.ts';
import './blocked-banner.css';

/**
 * Issue 9: a blocked person learns it on home first, not by tapping into a guarded screen. A ban
 * blocks the account for good, a lock (without a ban) locks the money until support lifts it
 * (spec 000 s.4 "Blocked user"); either way deposits and withdrawals are closed, and "Contact
 * support" leads to the help page.
 */
export function BlockedBanner() {
  const session = useSignedInSettings();
  if (session.status !== 'signed-in' || !isBlocked(session.settings.compliance)) return null;
  const banned = session.settings.compliance.ban;
  return (
    <section className="home-blocked" aria-labelledby="home-blocked-title">
      <h2 id="home-blocked-title" className="home-blocked-title">
        {banned ? <Trans>Your account is blocked</Trans> : <Trans>Your money is locked</Trans>}
      </h2>
      <p className="home-blocked-text">
        {banned ? (
          <Trans>Deposits and withdrawals aren’t available on this account.</Trans>
        ) : (
          <Trans>Deposits and withdrawals are paused until support lifts the lock.</Trans>
        )}
      </p>
      <Link to="/help" className="home-blocked-link">
        <Trans>Contact support</Trans>
      </Link>
    </section>
  );
}
