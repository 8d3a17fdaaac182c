import './ui.css';

/** A quiet, theme-coloured spinner. `label` is read by screen readers. */
export function Spinner({ size = 28, label }: { size?: number; label: string }) {
  return (
    <span className="ui-spinner" role="status" aria-label={label}>
      <svg width={size} height={size} viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="14" cy="14" r="11" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M14 3a11 11 0 0 1 11 11" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
