import { useLingui } from '@lingui/react/macro';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { QrCode } from '../../ui/QrCode.tsx';
import './deposit.css';

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * An address to receive on: its QR code, the full address in a monospace block that wraps
 * anywhere (nothing is hidden). "Copy address" ("Copied" for 2 s) is the screen's main action and,
 * where the Web Share API exists, Share its second one.
 */
export function AddressCard({ address, qrLabel }: { address: string; qrLabel: string }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyFeedback();
  useScreenActions({
    main: { label: copied ? t`Copied` : t`Copy address`, onPress: () => void copy(address) },
    secondary: canShare()
      ? {
          label: t`Share`,
          // Closing the share sheet rejects with AbortError: nothing to tell anyone.
          onPress: () => void navigator.share({ text: address }).catch(() => {}),
        }
      : null,
  });
  return (
    <div className="deposit-card">
      <QrCode className="deposit-qr" value={address} label={qrLabel} />
      <p className="deposit-address">{address}</p>
    </div>
  );
}
