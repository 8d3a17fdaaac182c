import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OwnMarketProfile } from '../../../contract/p2p-profile.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatTimeOfDay } from '../../lib/timeOfDay.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileStats } from './ProfileStats.tsx';
import { profileFailure } from './profileErrors.ts';
import './p2p-profile.css';

/**
 * /p2p/profile: the person's own market profile as others see it (name, @username, the verified
 * badge, trading record, review counts leading to the reviews themselves), and the ways to change
 * the username, the quiet hours and the payment methods.
 */
export function OwnProfileView({ showMethods }: { showMethods: boolean }) {
  const { i18n } = useLingui();
  const profile = useQuery(ownMarketProfileQueryOptions());
  useScreenActions({ main: null, back: useBack({ to: '/p2p' }) });
  return (
    <Page>
      <QueryGate query={profile} failed={(error) => i18n._(profileFailure(error, 'profile'))}>
        {(data) => <OwnProfile profile={data} showMethods={showMethods} />}
      </QueryGate>
    </Page>
  );
}

function OwnProfile({ profile, showMethods }: { profile: OwnMarketProfile; showMethods: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <ProfileHeader user={profile.user} line={<Trans>Your market profile</Trans>} />
      <Section>
        <Link to="/p2p/profile/name">
          <Cell title={t`Change username`} chevron />
        </Link>
        <Link to="/p2p/quiet-hours">
          <Cell
            title={t`Quiet hours`}
            value={
              profile.quiet_hours === null ? (
                <Trans context="quiet hours">Off</Trans>
              ) : (
                <span className="tabular">{`${formatTimeOfDay(profile.quiet_hours.from, i18n.locale)}–${formatTimeOfDay(profile.quiet_hours.to, i18n.locale)}`}</span>
              )
            }
            chevron
          />
        </Link>
        {showMethods ? (
          <Link to="/p2p/methods">
            <Cell title={t`Payment methods`} chevron />
          </Link>
        ) : null}
      </Section>
      <ProfileStats
        stats={profile.stats}
        reviews={
          <Link to="/p2p/users/$id" params={{ id: profile.user.id }}>
            <Cell title={t`All reviews`} chevron />
          </Link>
        }
      />
    </>
  );
}
