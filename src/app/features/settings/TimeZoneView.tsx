import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { UserSettings } from '../../../contract/settings.ts';
import { normalizeTimeZone } from '../../../contract/settings.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { normalizeSearch, SearchField } from '../../ui/SearchField.tsx';
import { deviceTimeZone } from './deviceTimeZone.ts';
import { useChangeSetting } from './settingsApi.ts';
import { timeZoneOptions } from './timeZones.ts';
import './settings.css';

/**
 * /account/settings/time-zone: every zone, sorted by UTC offset then name, shown as
 * "(UTC+03:00) Europe/Moscow"; the device's zone is marked and is the current one while none is
 * saved. A choice is saved with PUT (Europe/Kiev as Europe/Kyiv) and leads back to the settings.
 */
export function TimeZoneView({ settings }: { settings: UserSettings }) {
  const { t } = useLingui();
  // A saved choice returns to the settings the same way back does.
  const back = useBack({ to: '/account/settings' });
  const change = useChangeSetting({ onSaved: back });
  useScreenActions({ back });
  const [search, setSearch] = useState('');
  const query = normalizeSearch(useDeferredValue(search));
  const device = deviceTimeZone();
  const current = normalizeTimeZone(settings.timezone ?? device);
  const saving = change.isPending ? change.variables.timezone : undefined;

  const rows = useMemo(
    () =>
      timeZoneOptions(new Date(), [device, current]).map((option) => ({
        option,
        haystack: normalizeSearch(option.label),
      })),
    [device, current],
  );
  const shown = query === '' ? rows : rows.filter((row) => row.haystack.includes(query));

  // The list is long: open it at the current zone (once the page is laid out).
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const checked = list.current?.querySelector('[aria-checked="true"]');
      if (checked instanceof HTMLElement && typeof checked.scrollIntoView === 'function')
        checked.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <Page>
      <PageTitle
        title={<Trans>Time zone</Trans>}
        subtitle={<Trans>Dates and times are shown in this time zone.</Trans>}
      />
      <SearchField label={t`Search`} value={search} onChange={setSearch} />
      <div ref={list}>
        {shown.length === 0 ? (
          <p className="settings-empty">
            <Trans>Nothing found</Trans>
          </p>
        ) : (
          <ChoiceSection label={t`Time zone`}>
            {shown.map(({ option }) => (
              <Choice
                key={option.zone}
                title={<span className="tabular">{option.label}</span>}
                subtitle={option.zone === device ? <Trans>This device’s time zone</Trans> : undefined}
                checked={current === option.zone}
                pending={saving === option.zone}
                pendingLabel={t`Saving`}
                disabled={change.isPending}
                onSelect={() => {
                  if (option.zone === settings.timezone) back();
                  else change.mutate({ timezone: option.zone });
                }}
              />
            ))}
          </ChoiceSection>
        )}
      </div>
    </Page>
  );
}
