import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { shortenAddress } from '../../lib/address.ts';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { addressPickerQueryOptions } from './addressBook.ts';

/**
 * The address book's sheet on the address step: the saved addresses of the network, each a button
 * that puts its address in the field. Loaded when the person opens it (AddressField.tsx): the
 * address step paints without the sheet and the address-book contract.
 */
export function AddressBookSheet({
  network,
  onPick,
  onClose,
}: {
  network: NetworkId;
  onPick: (address: string) => void;
  onClose: () => void;
}) {
  return (
    <Sheet open title={<Trans>Address book</Trans>} onClose={onClose}>
      <SavedAddresses network={network} onPick={onPick} />
    </Sheet>
  );
}

/** The saved addresses of the network (GET /wallet/address-book?network=), each a button. */
function SavedAddresses({ network, onPick }: { network: NetworkId; onPick: (address: string) => void }) {
  const entries = useQuery(addressPickerQueryOptions(network));
  if (entries.isPending) return <Loading />;
  if (entries.isError)
    return (
      <LoadFailed message={<Trans>Couldn’t load the address book.</Trans>} onRetry={() => void entries.refetch()} />
    );
  if (entries.data.items.length === 0)
    return (
      <Empty>
        <p>
          <Trans>No saved addresses on this network yet.</Trans>
        </p>
      </Empty>
    );
  return (
    <Section>
      {entries.data.items.map((entry) => (
        <CellButton key={entry.id} onClick={() => onPick(entry.address)}>
          <Cell title={entry.title} subtitle={<span className="withdraw-mono">{shortenAddress(entry.address)}</span>} />
        </CellButton>
      ))}
    </Section>
  );
}
