import type { ReactNode } from 'react';
import { LineIcon } from '../../ui/LineIcon.tsx';
import './createOffer.css';

/** One choice of several: a row with a box that is ticked when chosen. */
export function CheckRow({
  title,
  subtitle,
  value,
  checked,
  onToggle,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  value?: ReactNode;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of a grouped list, not a native checkbox.
    <button type="button" role="checkbox" aria-checked={checked} className="ui-cell-button" onClick={onToggle}>
      <span className="ui-cell">
        <span className="ui-cell-text">
          <span className="ui-cell-title">{title}</span>
          {subtitle ? <span className="ui-cell-subtitle">{subtitle}</span> : null}
        </span>
        {value ? <span className="ui-cell-value">{value}</span> : null}
        <span className={checked ? 'create-offer-check create-offer-check--on' : 'create-offer-check'} aria-hidden>
          {checked ? <LineIcon width={12} height={10} path="M1 5l3.5 3.5L11 1" strokeWidth={2.2} /> : null}
        </span>
      </span>
    </button>
  );
}
