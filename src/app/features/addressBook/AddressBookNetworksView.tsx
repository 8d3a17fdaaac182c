import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { NetworkChoiceList } from '../../ui/NetworkChoiceList.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { addressBookNetworks } from './addressBookNetworks.ts';

/** /account/address-book: choose the network whose saved addresses to see. */
export function AddressBookNetworksView() {
  const navigate = useNavigate();
  useScreenActions({ back: useBack({ to: '/account' }) });
  return (
    <Page>
      <PageTitle
        title={<Trans>Address book</Trans>}
        subtitle={<Trans>Addresses you withdraw to, saved with a name.</Trans>}
      />
      <CatalogueGate failed={<Trans>Couldn’t load the networks.</Trans>}>
        {(catalogue) => (
          <NetworkChoiceList
            networks={addressBookNetworks(catalogue)}
            onChoose={({ network }) => void navigate({ to: '/account/address-book/$network', params: { network } })}
          />
        )}
      </CatalogueGate>
    </Page>
  );
}
