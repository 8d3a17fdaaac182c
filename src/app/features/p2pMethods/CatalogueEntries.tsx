import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useDeferredValue, useState } from 'react';
import type { PaymentCatalogueEntry } from '../../../contract/p2p-market.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Empty } from '../../ui/LoadStates.tsx';
import { normalizeSearch, SearchField } from '../../ui/SearchField.tsx';
import { Section } from '../../ui/Section.tsx';

/** More entries than this get a search field above them (RUB lists dozens of banks). */
const searchFrom = 8;

/**
 * Catalogue entries to choose from, under the headers "Payment systems" (groups such as SBP),
 * "Banks" and "E-money", each drawn as a link by `linkOf`; a search narrows a long list.
 */
export function CatalogueEntries({
  entries,
  linkOf,
}: {
  entries: readonly PaymentCatalogueEntry[];
  linkOf: (entry: PaymentCatalogueEntry, cell: ReactNode) => ReactNode;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const query = normalizeSearch(useDeferredValue(search));
  const shown = query === '' ? entries : entries.filter((entry) => normalizeSearch(entry.locale).includes(query));
  const sections = [
    { header: t`Payment systems`, items: shown.filter((entry) => entry.is_parent) },
    { header: t`Banks`, items: shown.filter((entry) => !entry.is_parent && entry.type === 'bank') },
    { header: t`E-money`, items: shown.filter((entry) => !entry.is_parent && entry.type === 'emoney') },
  ].filter((section) => section.items.length > 0);
  return (
    <>
      {entries.length >= searchFrom ? <SearchField label={t`Search`} value={search} onChange={setSearch} /> : null}
      {sections.length === 0 ? (
        <Empty>
          <p>
            <Trans>Nothing found.</Trans>
          </p>
        </Empty>
      ) : (
        sections.map((section) => (
          <Section key={section.header} header={section.header}>
            {section.items.map((entry) => linkOf(entry, <Cell names title={entry.locale} chevron />))}
          </Section>
        ))
      )}
    </>
  );
}
