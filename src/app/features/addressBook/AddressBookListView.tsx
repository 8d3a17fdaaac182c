import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressBookEntries } from './AddressBookEntries.tsx';
import { addressBookNetworkName } from './addressBookNetworks.ts';
import { RestoreOffer } from './RestoreOffer.tsx';
import './address-book.css';

/**
 * /account/address-book/{network}: the network's saved addresses, "Search", and "Add address" as
 * the main action.
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
  const { t } = useLingui();
  const navigate = useNavigate();
  useScreenActions({
    main: {
      label: t`Add address`,
      onPress: () => void navigate({ to: '/account/address-book/$network/add', params: { network } }),
    },
    back: useBack({ to: '/account/address-book' }),
  });
  return (
    <Page>
      <CatalogueGate failed={<Trans>Couldn’t load the networks.</Trans>}>
        {(catalogue) => {
          const networkName = addressBookNetworkName(catalogue, network);
          return (
            <>
              <PageTitle title={networkName} subtitle={<Trans>Saved addresses</Trans>} />
              <div className="address-book-actions">
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
