import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { BackLink } from '../../ui/BackLink.tsx';
import { NetworkCell } from '../../ui/NetworkCell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { addressBookNetworks } from './addressBookNetworks.ts';
import { CatalogueGate } from './CatalogueGate.tsx';

/** /account/address-book: choose the network whose saved addresses to see. */
export function AddressBookNetworksView() {
  const navigate = useNavigate();
  return (
    <Page>
      <BackLink to="/account">
        <Trans>Account</Trans>
      </BackLink>
      <PageTitle
        title={<Trans>Address book</Trans>}
        subtitle={<Trans>Addresses you withdraw to, saved with a name.</Trans>}
      />
      <CatalogueGate>
        {(catalogue) => (
          <Section>
            {addressBookNetworks(catalogue).map(({ id, network }) => (
              <NetworkCell
                key={id}
                network={network}
                chevron
                onClick={() => void navigate({ to: '/account/address-book/$network', params: { network: id } })}
              />
            ))}
          </Section>
        )}
      </CatalogueGate>
    </Page>
  );
}
