import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { authConfigQueryOptions } from '../../api/authConfig.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { BotChatLink } from '../../ui/BotChatLink.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import './help.css';

/**
 * `/help` (spec 000 s.2 names the route, not its contents): where every "Contact support" leads.
 * Support answers in the chat with Kopilka's bot, the one place a person can always reach from
 * Telegram, signed in or not; the button opens that chat. In local mode there is no bot to write
 * to, and the page says so instead. Back returns where the person came from (home otherwise).
 */
export function HelpView() {
  const back = useBack({ to: '/' });
  useScreenActions({ back });
  const config = useQuery(authConfigQueryOptions());
  const bot = config.data?.bot_username ?? '';
  return (
    <Page>
      <PageTitle
        title={<Trans>Help</Trans>}
        subtitle={
          <Trans>
            A question about your wallet, a locked account or a payment? Write to us in the Kopilka bot chat: support
            answers there.
          </Trans>
        }
      />
      {config.data?.local_mode ? (
        <p className="help-note">
          <Trans>Local mode: there is no support chat on this test server.</Trans>
        </p>
      ) : bot !== '' ? (
        <BotChatLink bot={bot}>
          <Trans>Write to support</Trans>
        </BotChatLink>
      ) : null}
    </Page>
  );
}
