import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { User } from '../../../contract/user.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { Avatar } from './Avatar.tsx';
import { profileQueryOptions } from './profileQuery.ts';
import './account.css';

/**
 * /account: who you are (photo or initials, name, @username from GET /user/profile), the way to
 * the settings, security and verification, and logging out behind a confirmation sheet. The
 * sheet's state is the URL's (`?sheet=log-out`), so the view keeps no state of its own.
 */
export function AccountView({
  logOutOpen,
  onLogOut,
  showMerchant,
}: {
  logOutOpen: boolean;
  onLogOut: () => void;
  /** The verified merchant status is a market thing: shown with the market (`show_p2p`). */
  showMerchant: boolean;
}) {
  const navigate = useNavigate();
  const closeSheet = () => void navigate({ to: '/account', search: {}, replace: true });
  useScreenActions({ back: useBack({ to: '/' }) });
  return (
    <Page>
      <PageTitle title={<Trans>Account</Trans>} />
      <Profile />
      <Section>
        <Link to="/account/settings">
          <Cell icon={<CellIcon colour="#8e8e93" glyph="settings" />} title={<Trans>Settings</Trans>} chevron />
        </Link>
        <PathLink href="/account/security">
          <Cell icon={<CellIcon colour="#34c759" glyph="security" />} title={<Trans>Security</Trans>} chevron />
        </PathLink>
        <Link to="/account/address-book">
          <Cell icon={<CellIcon colour="#5856d6" glyph="addressBook" />} title={<Trans>Address book</Trans>} chevron />
        </Link>
        <Link to="/account/verification">
          <Cell icon={<CellIcon colour="#2481cc" glyph="verification" />} title={<Trans>Verification</Trans>} chevron />
        </Link>
        {showMerchant ? (
          <Link to="/account/verified-merchant">
            <Cell
              icon={<CellIcon colour="#af52de" glyph="merchant" />}
              title={<Trans>Verified merchant</Trans>}
              chevron
            />
          </Link>
        ) : null}
      </Section>
      <Section>
        <Link to="/diagnostic">
          <Cell icon={<CellIcon colour="#ff9500" glyph="diagnostics" />} title={<Trans>Diagnostics</Trans>} chevron />
        </Link>
      </Section>
      <Section>
        <button
          type="button"
          className="account-destructive"
          onClick={() => void navigate({ to: '/account', search: { sheet: 'log-out' }, replace: true })}
        >
          <Cell title={<Trans>Log out</Trans>} />
        </button>
      </Section>
      <Sheet
        open={logOutOpen}
        title={<Trans>Log out of Kopilka?</Trans>}
        description={
          <Trans>Your money stays safe in your wallet. You can sign in again with Telegram at any time.</Trans>
        }
        onClose={closeSheet}
      >
        <Button variant="destructive" stretched onClick={onLogOut}>
          <Trans>Log out</Trans>
        </Button>
        <Button variant="secondary" stretched onClick={closeSheet}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </Page>
  );
}

/** The profile block: a skeleton while loading, a retry when it failed. */
function Profile() {
  const profile = useQuery(profileQueryOptions());
  if (profile.isPending) return <div className="account-profile account-profile--loading" aria-hidden="true" />;
  if (profile.isError) {
    return (
      <div className="account-profile">
        <p className="account-profile-error">
          <Trans>Couldn’t load your profile.</Trans>
        </p>
        <Button variant="plain" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  return <ProfileCard user={profile.data} />;
}

function fullName(user: User): string {
  return [user.first_name, user.last_name ?? ''].join(' ').trim();
}

function ProfileCard({ user }: { user: User }) {
  const { t } = useLingui();
  return (
    <section className="account-profile" aria-label={t`Profile`}>
      <Avatar id={user.id} firstName={user.first_name} lastName={user.last_name} photoUrl={user.photo_url.small} />
      <h2 className="account-name">{fullName(user)}</h2>
      {user.username ? <p className="account-username">@{user.username}</p> : null}
    </section>
  );
}

type Glyph = 'settings' | 'security' | 'addressBook' | 'verification' | 'merchant' | 'diagnostics';

const glyphs: Record<Glyph, (colour: string) => ReactNode> = {
  settings: () => (
    <>
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 3.5v2.2M12 18.3v2.2M3.5 12h2.2M18.3 12h2.2M6 6l1.6 1.6M16.4 16.4 18 18M6 18l1.6-1.6M16.4 7.6 18 6"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  security: () => (
    <>
      <rect x="6" y="10.5" width="12" height="9" rx="2" fill="currentColor" />
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </>
  ),
  addressBook: (colour) => (
    <>
      <rect x="5.5" y="3.5" width="13" height="17" rx="2" fill="currentColor" />
      <circle cx="12" cy="10" r="2.3" fill={colour} />
      <path d="M8.6 16.2a3.6 3.6 0 0 1 6.8 0" fill="none" stroke={colour} strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  verification: (colour) => (
    <>
      <path d="M12 3.5 19 6v5.5c0 4.2-3 7.4-7 9-4-1.6-7-4.8-7-9V6Z" fill="currentColor" />
      <path
        d="m8.8 12 2.3 2.3 4.2-4.4"
        fill="none"
        stroke={colour}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  merchant: (colour) => (
    <>
      <path d="M5 10.5V19a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8.5" fill="currentColor" />
      <path
        d="M3.8 9 5.5 4h13l1.7 5a2.7 2.7 0 0 1-5.4.3 2.9 2.9 0 0 1-5.6 0A2.7 2.7 0 0 1 3.8 9Z"
        fill="currentColor"
      />
      <path d="M9.8 20v-4.5h4.4V20" fill={colour} />
    </>
  ),
  diagnostics: () => (
    <path
      d="M3.5 12.5h4l2-5 4 10 2-5h5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
};

/** A Telegram-style settings icon: a white glyph on a coloured rounded square. */
function CellIcon({ colour, glyph }: { colour: string; glyph: Glyph }) {
  return (
    <span className="account-icon" style={{ background: colour }}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {glyphs[glyph](colour)}
      </svg>
    </span>
  );
}
