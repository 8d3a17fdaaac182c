import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { shortenAddress } from '../../lib/address.ts';
import { addressFromPaymentLink } from '../../lib/paymentAddress.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { addressPickerQueryOptions } from './addressBook.ts';
import type { WithdrawActor } from './withdraw.ts';

/** The async Clipboard API's read, where this browser has one (the button is hidden otherwise). */
function clipboardReader(): (() => Promise<string>) | null {
  if (typeof navigator === 'undefined' || typeof navigator.clipboard?.readText !== 'function') return null;
  return () => navigator.clipboard.readText();
}

/**
 * The address field and the ways to fill it: typing, "Paste" (where the browser lets the page read
 * the clipboard), "Address book" (the saved addresses of the network) and, in the mini app from
 * 6.4, "Scan QR". Every way ends as `address.set`; the check starts from the screen's button.
 */
export function AddressField({
  actor,
  network,
  address,
  error,
  busy,
}: {
  actor: WithdrawActor;
  network: NetworkId;
  address: string;
  error: string | undefined;
  busy: boolean;
}) {
  const { t } = useLingui();
  const platform = usePlatform();
  const toasts = useToasts();
  const [picking, setPicking] = useState(false);
  const readClipboard = clipboardReader();
  const setAddress = (value: string) => actor.send({ type: 'address.set', address: value });
  const scanQr = platform.scanQr;

  const paste = async (read: () => Promise<string>) => {
    try {
      // As read: the check trims it, and the field shows what was pasted.
      const text = await read();
      if (text.trim() !== '') setAddress(text);
    } catch {
      // Refused (no permission, page not focused): the field still takes a paste by hand.
      toasts.show('error', t`Couldn’t read the clipboard. Paste the address into the field.`);
    }
  };
  const scan = async (open: (prompt: string) => Promise<string | null>) => {
    const text = await open(t`Scan the address QR code`);
    if (text !== null) setAddress(addressFromPaymentLink(text));
  };

  return (
    <>
      <TextField
        label={<Trans>Address</Trans>}
        value={address}
        onChange={setAddress}
        error={error}
        mono
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        disabled={busy}
      />
      <div className="withdraw-address-actions">
        {readClipboard !== null ? (
          <Button variant="secondary" disabled={busy} onClick={() => void paste(readClipboard)}>
            <Trans>Paste</Trans>
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={() => setPicking(true)}>
          <Trans>Address book</Trans>
        </Button>
        {scanQr !== undefined ? (
          <Button variant="secondary" disabled={busy} onClick={() => void scan(scanQr)}>
            <Trans>Scan QR</Trans>
          </Button>
        ) : null}
      </div>
      <Sheet open={picking} title={<Trans>Address book</Trans>} onClose={() => setPicking(false)}>
        <SavedAddresses
          network={network}
          onPick={(picked) => {
            setAddress(picked);
            setPicking(false);
          }}
        />
      </Sheet>
    </>
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
