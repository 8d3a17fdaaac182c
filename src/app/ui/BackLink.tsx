import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './back-link.css';

/**
 * "‹ Account" above a page's title: the way back on the web (and, until the shell drives
 * Telegram's back button, inside the mini app too).
 */
export function BackLink({ to, children }: { to: '/account' | '/account/settings'; children: ReactNode }) {
  return (
    <Link to={to} className="ui-back-link">
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
    </Link>
  );
}
