import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './ui.css';
import { LineIcon } from './LineIcon.tsx';

export interface CellProps {
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Right-aligned value, in tabular figures. */
  value?: ReactNode;
  /** Shows a chevron: the cell leads somewhere. */
  chevron?: boolean;
  /**
   * The title and subtitle are names (an asset, an address, a device): one line each, cut with an
   * ellipsis when too long, and the value beside them is never cut.
   */
  names?: boolean;
}

/** One row of a Section: icon, title, subtitle, value, chevron. Wrap it in a link to navigate. */
export function Cell({ icon, title, subtitle, value, chevron = false, names = false }: CellProps) {
  return (
    // A span, not a div: cells sit inside links and buttons, which may only hold phrasing content.
    <span className={names ? 'ui-cell ui-cell--names' : 'ui-cell'}>
      {icon ? <span className="ui-cell-icon">{icon}</span> : null}
      <span className="ui-cell-text">
        <span className="ui-cell-title">{title}</span>
        {subtitle ? <span className="ui-cell-subtitle">{subtitle}</span> : null}
      </span>
      {value !== undefined ? <span className="ui-cell-value">{value}</span> : null}
      {chevron ? (
        <LineIcon className="ui-cell-chevron" width={8} height={14} path="M1 1l6 6-6 6" strokeWidth={2} />
      ) : null}
    </span>
  );
}

/** A cell that is pressed rather than followed: the whole row is the button. */
export function CellButton({
  children,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return (
    <button {...button} type="button" className="ui-cell-button">
      {children}
    </button>
  );
}
