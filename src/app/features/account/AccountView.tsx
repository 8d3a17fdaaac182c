import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { UserSettings } from '../../../contract/settings.ts';
import { languageName } from '../../lib/languageNames.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';

/** The account page's first version: who you are and your settings, read-only. */
export function AccountView({ settings }: { settings: UserSettings }) {
  return (
    <Page>
      <PageTitle title={<Trans>Account</Trans>} />
      <Section header={<Trans>Profile</Trans>}>
        <Cell title={<Trans>Telegram ID</Trans>} value={<span className="tabular">{settings.id}</span>} />
      </Section>
      <Section header={<Trans>Settings</Trans>}>
        <Cell title={<Trans>Language</Trans>} value={languageName(settings.language)} />
        <Cell title={<Trans>Local currency</Trans>} value={settings.local_currency} />
        <Cell title={<Trans>Time zone</Trans>} value={settings.timezone ?? <Trans>Not set</Trans>} />
      </Section>
      <Section>
        <Link to="/diagnostic">
          <Cell title={<Trans>Diagnostics</Trans>} chevron />
        </Link>
      </Section>
    </Page>
  );
}
