import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { BackLabel } from '../../ui/BackLabel.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressBookEntries } from './AddressBookEntries.tsx';
import { addressBookNetworkName } from './addressBookNetworks.ts';
import { CatalogueGate } from './CatalogueGate.tsx';
import { RestoreOffer } from './RestoreOffer.tsx';
import './address-book.css';

/**
 * /account/address-book/{network}: the network's saved addresses, "Add address" and "Search".
 * `deleted` is the entry just deleted (the URL's `?deleted=`), offered for restoring.
 */
export function AddressBookListView({
  network,
  deleted,
  onRestoreOfferClose,
}: {
  network: NetworkId;
  deleted: string | undefined;
  onRestoreOfferClose: () => void;
}) {
  return (
    <Page>
      <Link to="/account/address-book" className="ui-back-link">
        <BackLabel>
          <Trans>Address book</Trans>
        </BackLabel>
      </Link>
      <CatalogueGate>
        {(catalogue) => {
          const networkName = addressBookNetworkName(catalogue, network);
          return (
            <>
              <PageTitle title={networkName} subtitle={<Trans>Saved addresses</Trans>} />
              <div className="address-book-actions">
                <Link
                  to="/account/address-book/$network/add"
                  params={{ network }}
                  className="ui-button ui-button--primary"
                >
                  <Trans>Add address</Trans>
                </Link>
                <Link
                  to="/account/address-book/$network/search"
                  params={{ network }}
                  className="ui-button ui-button--secondary"
                >
                  <Trans>Search</Trans>
                </Link>
              </div>
              <AddressBookEntries
                network={network}
                empty={
                  <p>
                    <Trans>No saved addresses on {networkName} yet.</Trans>
                  </p>
                }
              />
            </>
          );
        }}
      </CatalogueGate>
      {deleted ? <RestoreOffer key={deleted} id={deleted} onClose={onRestoreOfferClose} /> : null}
    </Page>
  );
}
