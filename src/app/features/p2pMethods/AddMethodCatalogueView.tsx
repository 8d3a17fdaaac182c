import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fiatCatalogueQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { fiatName } from '../../lib/p2p/fiatName.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { CatalogueEntries } from './CatalogueEntries.tsx';
import { useFlowReturn, useNextStepState } from './flowReturn.ts';
import { methodFailure } from './methodErrors.ts';

/**
 * /p2p/methods/add/{fiat}: the fiat's catalogue. A group (SBP) leads to its banks
 * (`/group/{group}`), a bank or e-money service straight to its details form.
 */
export function AddMethodCatalogueView({ fiat }: { fiat: string }) {
  const { i18n } = useLingui();
  const back = useFlowReturn();
  const next = useNextStepState();
  const catalogue = useQuery(fiatCatalogueQueryOptions(fiat));
  useScreenActions({
    main: null,
    back: useBack({ to: '/p2p/methods/add', search: { back } }, { ignoreBackParam: true }),
  });
  return (
    <Page>
      <PageTitle title={<Trans>Choose a payment method</Trans>} subtitle={fiatName(fiat, i18n.locale)} />
      <QueryGate query={catalogue} failed={(error) => i18n._(methodFailure(error, 'catalogue'))}>
        {(data) => (
          <CatalogueEntries
            entries={data.methods}
            linkOf={(entry, cell) =>
              entry.is_parent ? (
                <Link
                  key={entry.identifier}
                  to="/p2p/methods/add/$fiat/group/$group"
                  params={{ fiat, group: entry.identifier }}
                  search={{ back }}
                  state={next}
                >
                  {cell}
                </Link>
              ) : (
                <Link
                  key={entry.identifier}
                  to="/p2p/methods/add/$fiat/$method"
                  params={{ fiat, method: entry.identifier }}
                  search={{ back }}
                  state={next}
                >
                  {cell}
                </Link>
              )
            }
          />
        )}
      </QueryGate>
    </Page>
  );
}
