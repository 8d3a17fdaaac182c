import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { catalogueItemQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { CatalogueEntries } from './CatalogueEntries.tsx';
import { useFlowReturn } from './flowReturn.ts';
import { isMissingMethod, methodFailure } from './methodErrors.ts';

/** /p2p/methods/add/{fiat}/group/{group}: the banks of a group such as SBP. */
export function AddMethodGroupView({ fiat, group }: { fiat: string; group: string }) {
  const { i18n } = useLingui();
  const back = useFlowReturn();
  const item = useQuery(catalogueItemQueryOptions(fiat, group));
  useScreenActions({
    main: null,
    back: useBack({ to: '/p2p/methods/add/$fiat', params: { fiat }, search: { back } }, { ignoreBackParam: true }),
  });
  return (
    <Page>
      <QueryGate
        query={item}
        failed={(error) =>
          isMissingMethod(error) ? (
            <Trans>This payment method is not available for this currency.</Trans>
          ) : (
            i18n._(methodFailure(error, 'catalogue'))
          )
        }
      >
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
                  >
                    {cell}
                  </Link>
                )}
              />
            </>
          ) : (
            <Empty>
              <p>
                <Trans>This payment method is not available for this currency.</Trans>
              </p>
            </Empty>
          )
        }
      </QueryGate>
    </Page>
  );
}
