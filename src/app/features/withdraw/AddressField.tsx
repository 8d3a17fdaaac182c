import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { loadTexts } from '../../lib/i18n.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { WithdrawActor } from './withdraw.ts';

// The address book's sheet and the payment-link grammar load when the person opens the book or
// has scanned a code: the address step paints without them. The sheet's texts are in the later
// steps' catalog part (scripts/vite/catalogParts.ts), which comes with it.
const AddressBookSheet = lazy(() =>
  Promise.all([import('./AddressBookSheet.tsx'), loadTexts(['withdrawLater'])]).then(([{ AddressBookSheet }]) => ({
    default: AddressBookSheet,
  })),
);

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
    if (text === null) return;
    const { addressFromPaymentLink } = await import('../../lib/paymentAddress.ts');
    setAddress(addressFromPaymentLink(text));
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
      {picking ? (
        <Suspense fallback={null}>
          <AddressBookSheet
            network={network}
            onPick={(picked) => {
              setAddress(picked);
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
