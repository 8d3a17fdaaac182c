import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { UserSettings } from '../../../contract/settings.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';

/** The signed-in home, for now only its frame: balances arrive with the wallet issue. */
export function HomeView({ settings }: { settings: UserSettings }) {
  return (
    <Page>
      <PageTitle title={<Trans>Wallet</Trans>} />
      <Section>
        <Cell title={<Trans>Local currency</Trans>} value={settings.local_currency} />
        <Link to="/account">
          <Cell title={<Trans>Account</Trans>} chevron />
        </Link>
      </Section>
    </Page>
  );
}
