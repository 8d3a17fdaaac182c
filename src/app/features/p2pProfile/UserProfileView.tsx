import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { PublicMarketProfile } from '../../../contract/p2p-profile.ts';
import { marketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page } from '../../ui/Page.tsx';
import { PresenceLine } from './PresenceLine.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileStats } from './ProfileStats.tsx';
import { presenceOf } from './presence.ts';
import { isMissingProfile, profileFailure } from './profileErrors.ts';
import { ReviewsSection } from './ReviewsSection.tsx';
import './p2p-profile.css';

/**
 * /p2p/users/{id}: another market user by their public market id: name, @username, whether they
 * are online (or when last seen), their trading record, and their reviews with a filter.
 */
export function UserProfileView({ id, timeZone }: { id: number; timeZone: string | null }) {
  const { i18n } = useLingui();
  const profile = useQuery(marketProfileQueryOptions(id));
  useScreenActions({ main: null, back: useBack({ to: '/p2p' }) });
  return (
    <Page>
      {profile.isError && isMissingProfile(profile.error) ? (
        <Empty>
          <p>
            <Trans>User not found</Trans>
          </p>
        </Empty>
      ) : (
        <QueryGate query={profile} failed={(error) => i18n._(profileFailure(error, 'profile'))}>
          {(data) => <UserProfile profile={data} timeZone={timeZone} />}
        </QueryGate>
      )}
    </Page>
  );
}

function UserProfile({ profile, timeZone }: { profile: PublicMarketProfile; timeZone: string | null }) {
  const { i18n } = useLingui();
  const presence = presenceOf(profile, { locale: i18n.locale, timeZone, now: new Date() });
  return (
    <>
      <ProfileHeader user={profile.user} line={<PresenceLine presence={presence} />} />
      <ProfileStats stats={profile.stats} reviews="none" />
      <ReviewsSection userId={profile.user.id} timeZone={timeZone} />
    </>
  );
}
