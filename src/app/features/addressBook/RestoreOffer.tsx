import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useToasts } from '../../lib/toasts.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { useRestoreAddressBookEntry } from './addressBookQueries.ts';
import './address-book.css';

/**
 * How long "Address deleted · Restore" stays: longer than a plain 3 s toast, as Telegram's own
 * undo bar, so there is time to reach the button.
 */
export const restoreOfferMs = 5000;

/**
 * The toast after a deletion, offering "Restore" (POST …/restore). The app's toasts carry only
 * a message, so this one lives with the list it belongs to, in the same place and style. It
 * closes by itself after 5 s, on ×, or once the entry is restored; a failure becomes an error
 * toast ("Address not found", "The address was not deleted", or the default).
 */
export function RestoreOffer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const toasts = useToasts();
  const restore = useRestoreAddressBookEntry();
  const busy = restore.isPending;
  useEffect(() => {
    if (busy) return;
    const timer = setTimeout(onClose, restoreOfferMs);
    return () => clearTimeout(timer);
  }, [busy, onClose]);
  return (
    <div className="address-book-offer">
      <div className="ui-toast ui-toast--info" role="status">
        <span className="ui-toast-message">
          <Trans>Address deleted</Trans>
        </span>
        <button
          type="button"
          className="address-book-offer-action"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() =>
            restore.mutate(id, {
              onSuccess: () => {
                toasts.show('success', t`Address restored`);
                onClose();
              },
              onError: (error) => {
                toasts.show('error', i18n._(addressBookFailure(error, 'restore').message));
                onClose();
              },
            })
          }
        >
          <Trans>Restore</Trans>
        </button>
        <button type="button" className="ui-toast-close" onClick={onClose} aria-label={t`Dismiss`}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
