import './count-badge.css';

/** A red count beside a row's title (orders waiting for the person); `label` says it in words for screen readers. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <span className="ui-count-badge tabular" role="img" aria-label={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
