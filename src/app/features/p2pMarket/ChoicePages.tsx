import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useDeferredValue, useState } from 'react';
import type { PaymentCatalogueEntry } from '../../../contract/p2p-market.ts';
import type { UserSettings } from '../../../contract/settings.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { fiatCatalogueQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { pricesByMethodQueryOptions } from '../../api/p2pQueries.ts';
import { fiatName } from '../../lib/p2p/fiatName.ts';
import { type MarketSide, offerTypeOfSide } from '../../lib/p2p/marketSide.ts';
import { formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { normalizeSearch, SearchField } from '../../ui/SearchField.tsx';
import { Section } from '../../ui/Section.tsx';
import { type MarketReference, MarketReferenceGate } from './MarketReferenceGate.tsx';
import { methodsOf, methodsParam, type ShownMarket, shownMarket } from './offerFilters.ts';
import type { OfferListSearch } from './offerListSearch.ts';
import { useReturnToList } from './returnToList.ts';
import './p2p-market.css';

// The offer list's choice pages (spec 001 s.2 `/p2p/{side}/asset`, `/fiat`, `/method`,
// `/verification`). Each reads the list's filters from its own URL and goes back to the list with
// the one it changes; back without a choice returns to the list as it was.

interface ChoicePageProps {
  side: MarketSide;
  search: OfferListSearch;
  back: string | undefined;
  settings: UserSettings;
}

interface ChoiceBodyProps extends ChoicePageProps {
  reference: MarketReference;
  market: ShownMarket;
  choose: (search: OfferListSearch) => void;
}

function ChoicePage({
  title,
  subtitle,
  body,
  ...props
}: ChoicePageProps & { title: ReactNode; subtitle?: ReactNode; body: (props: ChoiceBodyProps) => ReactNode }) {
  const choose = useReturnToList(props.side, props.back);
  return (
    <Page>
      <ChoiceBack choose={choose} search={props.search} />
      <PageTitle title={title} subtitle={subtitle} />
      <MarketReferenceGate>
        {(reference) => {
          const market = shownMarket(props.search, reference.assets, reference.fiats, props.settings.local_currency);
          return market === null ? null : body({ ...props, reference, market, choose });
        }}
      </MarketReferenceGate>
    </Page>
  );
}

/** Back returns to the list as it was (the method page's own `main` joins this declaration). */
function ChoiceBack({ choose, search }: { choose: (search: OfferListSearch) => void; search: OfferListSearch }) {
  useScreenActions({ back: () => choose(search) });
  return null;
}

/** /p2p/{side}/asset */
export function AssetChoiceView(props: ChoicePageProps) {
  const { t } = useLingui();
  return (
    <ChoicePage
      {...props}
      title={<Trans>Asset</Trans>}
      body={({ reference, market, search, choose }) => (
        <ChoiceSection label={t`Asset`}>
          {reference.assets.map(({ code }) => (
            <Choice
              key={code}
              title={code}
              subtitle={reference.catalogue.assets[code]?.name}
              checked={code === market.asset}
              onSelect={() => choose({ ...search, asset: code })}
            />
          ))}
        </ChoiceSection>
      )}
    />
  );
}

/** /p2p/{side}/fiat: a search over code and name; another fiat clears the methods (they are the fiat's). */
export function FiatChoiceView(props: ChoicePageProps) {
  return <ChoicePage {...props} title={<Trans>Currency</Trans>} body={(body) => <FiatChoices {...body} />} />;
}

/** A search over a list: the field and the rows whose words contain what is typed. */
function useSearchedRows<T>(
  rows: readonly T[],
  wordsOf: (row: T) => string,
): { field: ReactNode; shown: readonly T[] } {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const query = normalizeSearch(useDeferredValue(text));
  const shown = query === '' ? rows : rows.filter((row) => normalizeSearch(wordsOf(row)).includes(query));
  return { field: <SearchField label={t`Search`} value={text} onChange={setText} />, shown };
}

function NothingFound() {
  return (
    <Empty>
      <p>
        <Trans>Nothing found</Trans>
      </p>
    </Empty>
  );
}

function FiatChoices({ reference, market, search, choose }: ChoiceBodyProps) {
  const { t, i18n } = useLingui();
  const rows = reference.fiats.map(({ code }) => ({ code, name: fiatName(code, i18n.locale) }));
  const { field, shown } = useSearchedRows(rows, (row) => `${row.code} ${row.name}`);
  return (
    <>
      {field}
      {shown.length === 0 ? (
        <NothingFound />
      ) : (
        <ChoiceSection label={t`Currency`}>
          {shown.map(({ code, name }) => (
            <Choice
              key={code}
              title={name}
              subtitle={code}
              checked={code === market.fiat}
              onSelect={() => choose(code === market.fiat ? search : { ...search, fiat: code, methods: undefined })}
            />
          ))}
        </ChoiceSection>
      )}
    </>
  );
}

/**
 * /p2p/{side}/method: the fiat's catalogue, several at once (an offer listing any of them shows),
 * each with the best price on the list now. A press changes this page's URL; "Show offers"
 * (and back) return to the list with the methods chosen.
 */
export function MethodChoiceView(props: ChoicePageProps) {
  return (
    <ChoicePage
      {...props}
      title={<Trans>Payment methods</Trans>}
      subtitle={<Trans>Offers that take any of the methods chosen are shown.</Trans>}
      body={(body) => <MethodChoices {...body} />}
    />
  );
}

function MethodChoices({ side, reference, market, search, choose }: ChoiceBodyProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const catalogue = useQuery(fiatCatalogueQueryOptions(market.fiat));
  const prices = useQuery(
    pricesByMethodQueryOptions(
      { type: offerTypeOfSide(side), asset: market.asset, fiat: market.fiat },
      reference.config.price_refresh_ms,
    ),
  );
  const chosen = methodsOf(search);
  useScreenActions({ main: { label: t`Show offers`, onPress: () => choose(search) } });
  const write = (methods: readonly string[]) =>
    void navigate({
      to: '/p2p/$side/method',
      params: { side },
      search: (previous) => ({ ...previous, methods: methodsParam(methods) }),
      replace: true,
    });
  return (
    <QueryGate query={catalogue} failed={() => <Trans>Couldn’t load the payment methods.</Trans>}>
      {({ methods }) => (
        <MethodChecklist
          methods={methods}
          chosen={chosen}
          write={write}
          priceOf={(identifier) => prices.data?.items.find((item) => item.identifier === identifier)}
          fiat={market.fiat}
          catalogue={reference.catalogue}
        />
      )}
    </QueryGate>
  );
}

/** The fiat's methods with a search (a currency may have two dozen), "All methods" first. */
function MethodChecklist({
  methods,
  chosen,
  write,
  priceOf,
  fiat,
  catalogue,
}: {
  methods: readonly PaymentCatalogueEntry[];
  chosen: readonly string[];
  write: (methods: readonly string[]) => void;
  priceOf: (identifier: string) => { price: string; offers: number } | undefined;
  fiat: string;
  catalogue: AssetCatalogue;
}) {
  const { field, shown } = useSearchedRows(methods, (entry) => `${entry.locale} ${entry.identifier}`);
  return (
    <>
      {field}
      {shown.length === 0 ? (
        <NothingFound />
      ) : (
        <Section>
          <Choice
            kind="checkbox"
            title={<Trans>All methods</Trans>}
            checked={chosen.length === 0}
            onSelect={() => write([])}
          />
          {shown.map((entry) => {
            const best = priceOf(entry.identifier);
            const on = chosen.includes(entry.identifier);
            return (
              <Choice
                key={entry.identifier}
                kind="checkbox"
                title={entry.locale}
                subtitle={
                  best === undefined ? undefined : (
                    <>
                      <Trans>from {formatFiat(best.price, fiat, catalogue)}</Trans>
                      {' · '}
                      <Plural value={best.offers} one="# offer" other="# offers" />
                    </>
                  )
                }
                checked={on}
                onSelect={() =>
                  write(on ? chosen.filter((id) => id !== entry.identifier) : [...chosen, entry.identifier])
                }
              />
            );
          })}
        </Section>
      )}
    </>
  );
}

/** /p2p/{side}/verification: every maker, or verified merchants only. */
export function VerificationChoiceView(props: ChoicePageProps) {
  const { t } = useLingui();
  return (
    <ChoicePage
      {...props}
      title={<Trans>Merchants</Trans>}
      body={({ search, choose }) => (
        <ChoiceSection
          label={t`Merchants`}
          footer={<Trans>Verified merchants have a long record of completed orders and a security deposit.</Trans>}
        >
          <Choice
            title={<Trans>All merchants</Trans>}
            checked={search.verified !== true}
            onSelect={() => choose({ ...search, verified: undefined })}
          />
          <Choice
            title={<Trans>Verified merchants only</Trans>}
            checked={search.verified === true}
            onSelect={() => choose({ ...search, verified: true })}
          />
        </ChoiceSection>
      )}
    />
  );
}
