import type { ReactNode } from 'react';
import './back-link.css';

/**
 * The inside of a back link to any route ("‹ Deposit"): the chevron and the label. Wrap it in a
 * typed `<Link className="ui-back-link" to=… params=…>`; `BackLink` covers the account pages.
 */
export function BackLabel({ children }: { children: ReactNode }) {
  return (
    <>
      <svg width="10" height="17" viewBox="0 0 10 17" aria-hidden="true" focusable="false">
        <path
          d="M8.5 1.5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {children}
    </>
  );
}
