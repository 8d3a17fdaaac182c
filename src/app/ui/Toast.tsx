import './ui.css';

export interface ToastProps {
  kind: 'error' | 'success' | 'info';
  message: string;
  dismissLabel: string;
  onDismiss: () => void;
}

/** One toast at the bottom of the screen, above the safe area, announced politely (role status). */
export function Toast({ kind, message, dismissLabel, onDismiss }: ToastProps) {
  return (
    <div className={`ui-toast ui-toast--${kind}`} role="status">
      <span className="ui-toast-icon" aria-hidden="true">
        {kind === 'error' ? '!' : kind === 'success' ? '✓' : 'i'}
      </span>
      <span className="ui-toast-message">{message}</span>
      <button type="button" className="ui-toast-close" onClick={onDismiss} aria-label={dismissLabel}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
