import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { toApiError } from '../../api/errors.ts';
import { useBack } from '../../lib/back.ts';
import { languageName } from '../../lib/languageNames.ts';
import { usePlatform, useTheme } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { appBuild } from './build.ts';
import { healthQueryOptions } from './healthQuery.ts';
import './diagnostic.css';

/**
 * /diagnostic: where the app runs and whether the server answers, for support and testing. "Check
 * again" is the main action; back returns where the person came from (the account, usually).
 */
export function DiagnosticView() {
  const { t, i18n } = useLingui();
  const platform = usePlatform();
  const theme = useTheme();
  const health = useQuery(healthQueryOptions());
  const apiError = health.isError ? toApiError(health.error) : null;
  useScreenActions({
    main: { label: t`Check again`, busy: health.isFetching, onPress: () => void health.refetch() },
    back: useBack({ to: '/account' }),
  });

  return (
    <Page>
      <PageTitle
        title={<Trans>Diagnostics</Trans>}
        subtitle={<Trans>Share this screen with support if something doesn’t work.</Trans>}
      />

      <Section header={<Trans>App</Trans>}>
        <Cell
          title={<Trans>Runs as</Trans>}
          value={platform.kind === 'mini-app' ? t`Telegram mini app` : t`Web wallet`}
        />
        <Cell title={<Trans>Build</Trans>} value={<span className="tabular">{appBuild()}</span>} />
        <Cell title={<Trans>Language</Trans>} value={languageName(i18n.locale)} />
      </Section>

      {platform.messenger ? (
        <Section header={<Trans>Telegram</Trans>}>
          <Cell title={<Trans>Version</Trans>} value={<span className="tabular">{platform.messenger.version}</span>} />
          <Cell title={<Trans>Platform</Trans>} value={platform.messenger.platform} />
        </Section>
      ) : null}

      <Section header={<Trans>Theme</Trans>}>
        <Cell title={<Trans>Colours</Trans>} value={theme.scheme === 'dark' ? t`Dark` : t`Light`} />
        <Cell
          title={<Trans>Source</Trans>}
          value={
            theme.source === 'telegram'
              ? t`Telegram theme`
              : theme.source === 'choice'
                ? t`Your choice`
                : t`Device setting`
          }
        />
      </Section>

      <Section
        header={<Trans>Server</Trans>}
        footer={
          health.isError ? (
            apiError ? (
              <ServerErrorNote status={apiError.code} />
            ) : (
              <Trans>The server didn’t answer. Check your connection.</Trans>
            )
          ) : null
        }
      >
        <Cell
          title={<Trans>API</Trans>}
          value={
            health.isPending ? (
              <Spinner size={18} label={t`Checking`} />
            ) : health.isError ? (
              <span className="diagnostic-bad">{t`Unavailable`}</span>
            ) : (
              <span className="diagnostic-good">{t`Working`}</span>
            )
          }
        />
        {health.data ? (
          <>
            <Cell
              title={<Trans>Database</Trans>}
              value={health.data.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}
            />
            <Cell title={<Trans>Migrations</Trans>} value={<MigrationCounts {...health.data.migrations} />} />
          </>
        ) : null}
      </Section>
    </Page>
  );
}

function ServerErrorNote({ status }: { status: number }) {
  return <Trans>The server answered with an error ({status}).</Trans>;
}

function MigrationCounts({ applied, pending }: { applied: number; pending: number }) {
  return (
    <span className="tabular">
      <Plural value={applied} one="# applied" other="# applied" />
      {pending > 0 ? (
        <>
          {', '}
          <Plural value={pending} one="# pending" other="# pending" />
        </>
      ) : null}
    </span>
  );
}
