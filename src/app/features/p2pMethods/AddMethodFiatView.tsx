import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { marketFiatsQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { fiatName } from '../../lib/p2p/fiatName.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { useFlowReturn, useNextStepState } from './flowReturn.ts';
import { methodFailure } from './methodErrors.ts';

/** /p2p/methods/add: the add flow's first step, the currency the method receives. */
export function AddMethodFiatView() {
  const { i18n } = useLingui();
  const back = useFlowReturn();
  const next = useNextStepState();
  const fiats = useQuery(marketFiatsQueryOptions());
  // The first step leaves the flow: to where it was opened from (`back`), else the list.
  useScreenActions({ main: null, back: useBack({ to: '/p2p/methods' }) });
  return (
    <Page>
      <PageTitle title={<Trans>Add payment method</Trans>} subtitle={<Trans>Choose the currency you receive.</Trans>} />
      <QueryGate query={fiats} failed={(error) => i18n._(methodFailure(error, 'catalogue'))}>
        {(data) => (
          <Section>
            {data.fiats.map((fiat) => (
              <Link
                key={fiat.code}
                to="/p2p/methods/add/$fiat"
                params={{ fiat: fiat.code }}
                search={{ back }}
                state={next}
              >
                <Cell names title={fiat.code} subtitle={fiatName(fiat.code, i18n.locale)} chevron />
              </Link>
            ))}
          </Section>
        )}
      </QueryGate>
    </Page>
  );
}
