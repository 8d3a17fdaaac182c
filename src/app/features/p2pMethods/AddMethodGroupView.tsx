import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { CatalogueEntries } from './CatalogueEntries.tsx';
import { CatalogueItemGate, UnavailableEntry } from './CatalogueItemGate.tsx';
import { useFlowReturn, useNextStepState } from './flowReturn.ts';

/** /p2p/methods/add/{fiat}/group/{group}: the banks of a group such as SBP. */
export function AddMethodGroupView({ fiat, group }: { fiat: string; group: string }) {
  const back = useFlowReturn();
  const next = useNextStepState();
  useScreenActions({
    main: null,
    back: useBack({ to: '/p2p/methods/add/$fiat', params: { fiat }, search: { back } }, { ignoreBackParam: true }),
  });
  return (
    <Page>
      <CatalogueItemGate fiat={fiat} identifier={group}>
        {(data) =>
          data.method.is_parent ? (
            <>
              <PageTitle title={data.method.locale} subtitle={<Trans>Choose your bank</Trans>} />
              <CatalogueEntries
                entries={data.children}
                linkOf={(entry, cell) => (
                  <Link
                    key={entry.identifier}
                    to="/p2p/methods/add/$fiat/group/$group/$method"
                    params={{ fiat, group, method: entry.identifier }}
                    search={{ back }}
                    state={next}
                  >
                    {cell}
                  </Link>
                )}
              />
            </>
          ) : (
            <UnavailableEntry />
          )
        }
      </CatalogueItemGate>
    </Page>
  );
}
