import type { ReactNode } from 'react';
import './ui.css';

/** A grouped list: an optional header, cells on the section background, an optional hint. */
export function Section({ header, footer, children }: { header?: ReactNode; footer?: ReactNode; children: ReactNode }) {
  return (
    <section className="ui-section">
      {header ? <h2 className="ui-section-header">{header}</h2> : null}
      <div className="ui-section-body">{children}</div>
      {footer ? <p className="ui-section-footer">{footer}</p> : null}
    </section>
  );
}
