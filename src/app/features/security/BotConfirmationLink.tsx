import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { authConfigQueryOptions } from '../../api/authConfig.ts';
import { BotChatLink } from '../../ui/BotChatLink.tsx';

/**
 * Where the person confirms in the bot: the local mailbox in local mode, otherwise a button that
 * opens the bot's chat (nothing while the bot's name is unknown).
 */
export function BotConfirmationLink() {
  const config = useQuery(authConfigQueryOptions());
  const bot = config.data?.bot_username;
  if (config.data?.local_mode) {
    return (
      <p className="security-hint">
        <Trans>
          Local mode: the confirmation link is in the <a href="/local/mailbox">local mailbox</a>.
        </Trans>
      </p>
    );
  }
  if (!bot) return null;
  return (
    <BotChatLink bot={bot}>
      <Trans>Open the bot</Trans>
    </BotChatLink>
  );
}
