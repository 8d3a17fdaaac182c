import type { ReactNode } from 'react';
import './ui.css';

/**
 * A screen's layout: centred column (at most 560 px wide on large screens), padded by the safe
 * areas. `centered` places short content (prompts, empty and error states) in the middle.
 */
export function Page({
  children,
  centered = false,
  footer,
}: {
  children: ReactNode;
  centered?: boolean;
  footer?: ReactNode;
}) {
  return (
    <div className={centered ? 'ui-page ui-page--centered' : 'ui-page'}>
      <div className="ui-page-content">{children}</div>
      {footer ? <div className="ui-page-footer">{footer}</div> : null}
    </div>
  );
}

/** The large title and the sentence under it that open a screen. */
export function PageTitle({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className="ui-page-title">
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </header>
  );
}
