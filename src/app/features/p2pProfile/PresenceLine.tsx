import { Plural, Trans } from '@lingui/react/macro';
import type { Presence } from './presence.ts';

/** "online", "last seen 5 minutes ago", "last seen yesterday at 14:05" …; nothing when unknown. */
export function PresenceLine({ presence }: { presence: Presence }) {
  switch (presence.kind) {
    case 'online':
      return (
        <span className="p2p-profile-online">
          <Trans>online</Trans>
        </span>
      );
    case 'minutes':
      return <Plural value={presence.minutes} one="last seen # minute ago" other="last seen # minutes ago" />;
    case 'hours':
      return <Plural value={presence.hours} one="last seen # hour ago" other="last seen # hours ago" />;
    case 'today': {
      const { time } = presence;
      return <Trans>last seen today at {time}</Trans>;
    }
    case 'yesterday': {
      const { time } = presence;
      return <Trans>last seen yesterday at {time}</Trans>;
    }
    case 'date': {
      const { text } = presence;
      return <Trans>last seen {text}</Trans>;
    }
    case 'unknown':
      return null;
  }
}
