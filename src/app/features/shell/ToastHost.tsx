import { useLingui } from '@lingui/react/macro';
import { useToasts, useVisibleToast } from '../../lib/toasts.tsx';
import { Toast } from '../../ui/Toast.tsx';
import './shell.css';

/** Where the one visible toast appears (bottom of the screen). */
export function ToastHost() {
  const { t } = useLingui();
  const toast = useVisibleToast();
  const toasts = useToasts();
  return (
    <div className="shell-toasts" aria-live="polite">
      {toast ? (
        <Toast
          key={toast.id}
          kind={toast.kind}
          message={toast.message}
          dismissLabel={t`Dismiss`}
          onDismiss={toasts.dismiss}
        />
      ) : null}
    </div>
  );
}
