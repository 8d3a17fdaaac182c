import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OfferUser } from '../../../contract/p2p-profile.ts';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import './p2p-profile.css';

/**
 * A market profile's head: the avatar, the name as the page's title, @username and a line under
 * it, which starts with "Verified merchant" for one.
 */
export function ProfileHeader({ user, line }: { user: OfferUser; line?: ReactNode }) {
  return (
    <header className="p2p-profile-header">
      <UserAvatar name={user.name} colorIndex={user.user_color_index} size={72} />
      <h1 className="p2p-profile-name">{user.name}</h1>
      <p className="p2p-profile-username">@{user.username}</p>
      {line || user.is_verified_merchant ? (
        <p className="p2p-profile-line">
          {user.is_verified_merchant ? (
            <span className="p2p-profile-badge">
              <Trans>Verified merchant</Trans>
            </span>
          ) : null}
          {line}
        </p>
      ) : null}
    </header>
  );
}
