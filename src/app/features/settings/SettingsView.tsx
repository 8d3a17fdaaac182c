import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { languages, type UserSettings } from '../../../contract/settings.ts';
import { useBack } from '../../lib/back.ts';
import { languageName } from '../../lib/languageNames.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { deviceTimeZone } from './deviceTimeZone.ts';
import { useChangeSetting } from './settingsApi.ts';

/**
 * /account/settings: the language (saved with PUT and switched live: the interface follows the
 * saved settings), the local currency and the time zone (their own pages), and whatever the
 * route adds under them (the theme choice on the web).
 */
export function SettingsView({ settings, children }: { settings: UserSettings; children?: ReactNode }) {
  const { t } = useLingui();
  const change = useChangeSetting();
  const saving = change.isPending ? change.variables.language : undefined;
  useScreenActions({ back: useBack({ to: '/account' }) });
  return (
    <Page>
      <PageTitle title={<Trans>Settings</Trans>} />
      <ChoiceSection header={<Trans>Language</Trans>}>
        {languages.map((language) => (
          <Choice
            key={language}
            lang={language}
            title={languageName(language)}
            checked={settings.language === language}
            pending={saving === language}
            pendingLabel={t`Saving`}
            disabled={change.isPending}
            onSelect={() => {
              if (language !== settings.language) change.mutate({ language });
            }}
          />
        ))}
      </ChoiceSection>
      <Section>
        <Link to="/account/settings/local-currency">
          <Cell title={<Trans>Local currency</Trans>} value={settings.local_currency} chevron />
        </Link>
        <Link to="/account/settings/time-zone">
          <Cell title={<Trans>Time zone</Trans>} value={settings.timezone ?? deviceTimeZone()} chevron />
        </Link>
      </Section>
      {children}
    </Page>
  );
}
