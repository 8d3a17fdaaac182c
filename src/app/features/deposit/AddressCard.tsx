import { Trans } from '@lingui/react/macro';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import { Button } from '../../ui/Button.tsx';
import { QrCode } from './QrCode.tsx';
import './deposit.css';

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * An address to receive on: its QR code, the full address in a monospace block that wraps
 * anywhere (nothing is hidden), Copy ("Copied" for 2 s) and, where the Web Share API exists, Share.
 */
export function AddressCard({ address, qrLabel }: { address: string; qrLabel: string }) {
  const { copied, copy } = useCopyFeedback();
  return (
    <div className="deposit-card">
      <QrCode value={address} label={qrLabel} />
      <p className="deposit-address">{address}</p>
      <div className="deposit-actions">
        <Button variant="secondary" onClick={() => void copy(address)} aria-live="polite">
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </Button>
        {canShare() ? (
          <Button
            variant="secondary"
            onClick={() => {
              // Closing the share sheet rejects with AbortError: nothing to tell anyone.
              navigator.share({ text: address }).catch(() => {});
            }}
          >
            <Trans>Share</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
