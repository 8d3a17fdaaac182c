import type { ReactNode } from 'react';
import './ui.css';

export interface CellProps {
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Right-aligned value, in tabular figures. */
  value?: ReactNode;
  /** Shows a chevron: the cell leads somewhere. */
  chevron?: boolean;
}

/** One row of a Section: icon, title, subtitle, value, chevron. Wrap it in a link to navigate. */
export function Cell({ icon, title, subtitle, value, chevron = false }: CellProps) {
  return (
    // A span, not a div: cells sit inside links and buttons, which may only hold phrasing content.
    <span className="ui-cell">
      {icon ? <span className="ui-cell-icon">{icon}</span> : null}
      <span className="ui-cell-text">
        <span className="ui-cell-title">{title}</span>
        {subtitle ? <span className="ui-cell-subtitle">{subtitle}</span> : null}
      </span>
      {value !== undefined ? <span className="ui-cell-value">{value}</span> : null}
      {chevron ? (
        <svg className="ui-cell-chevron" width="8" height="14" viewBox="0 0 8 14" aria-hidden="true" focusable="false">
          <path
            d="M1 1l6 6-6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : null}
    </span>
  );
}
