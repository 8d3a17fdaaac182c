import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import type { UserSettings } from '../../../contract/settings.ts';
import type { FiatAsset } from '../../../contract/wallet.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { normalizeSearch, SearchField } from '../../ui/SearchField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { fiatCurrenciesQueryOptions } from './currencyQuery.ts';
import { useChangeSetting } from './settingsApi.ts';
import './settings.css';

/** The currency's name in the interface's language ("Российский рубль"), else the catalogue's. */
function currencyName(asset: FiatAsset, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' }).of(asset.code);
    if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    // No display names in this browser: the catalogue's (English) name.
  }
  return asset.name;
}

function SymbolBadge({ symbol }: { symbol: string }) {
  const size = symbol.length <= 1 ? '' : symbol.length <= 2 ? ' settings-symbol--long' : ' settings-symbol--longer';
  return (
    <span className={`settings-symbol${size}`} aria-hidden="true">
      {symbol}
    </span>
  );
}

/**
 * /account/settings/local-currency: every fiat currency of the catalogue with its sign and
 * name, a search, a check on the current one. A choice is saved with PUT and leads back to the
 * settings.
 */
export function LocalCurrencyView({ settings }: { settings: UserSettings }) {
  const { t, i18n } = useLingui();
  const currencies = useQuery(fiatCurrenciesQueryOptions());
  // A saved choice returns to the settings the same way back does.
  const back = useBack({ to: '/account/settings' });
  const change = useChangeSetting({ onSaved: back });
  useScreenActions({ back });
  const [search, setSearch] = useState('');
  const query = normalizeSearch(useDeferredValue(search));
  const saving = change.isPending ? change.variables.local_currency : undefined;

  const rows = useMemo(
    () =>
      (currencies.data ?? []).map((asset) => {
        const name = currencyName(asset, i18n.locale);
        return { asset, name, haystack: normalizeSearch([asset.code, asset.symbol, name, asset.name].join(' ')) };
      }),
    [currencies.data, i18n.locale],
  );
  const shown = query === '' ? rows : rows.filter((row) => row.haystack.includes(query));

  return (
    <Page>
      <PageTitle
        title={<Trans>Local currency</Trans>}
        subtitle={<Trans>Balances and prices are shown in this currency.</Trans>}
      />
      <SearchField label={t`Search`} value={search} onChange={setSearch} />
      {currencies.isPending ? (
        <div className="settings-loading">
          <Spinner label={t`Loading`} />
        </div>
      ) : currencies.isError ? (
        <div className="settings-empty">
          <p>
            <Trans>Couldn’t load the currencies.</Trans>
          </p>
          <Button variant="plain" onClick={() => void currencies.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className="settings-empty">
          <Trans>Nothing found</Trans>
        </p>
      ) : (
        <ChoiceSection label={t`Local currency`}>
          {shown.map(({ asset, name }) => (
            <Choice
              key={asset.code}
              icon={<SymbolBadge symbol={asset.symbol} />}
              title={name}
              subtitle={asset.code}
              checked={settings.local_currency === asset.code}
              pending={saving === asset.code}
              pendingLabel={t`Saving`}
              disabled={change.isPending}
              onSelect={() => {
                if (asset.code === settings.local_currency) back();
                else change.mutate({ local_currency: asset.code });
              }}
            />
          ))}
        </ChoiceSection>
      )}
    </Page>
  );
}
