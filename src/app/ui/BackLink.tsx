import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import './back-link.css';
import { LineIcon } from './LineIcon.tsx';

/** The "‹" in front of every way back. */
export function BackChevron() {
  return <LineIcon width={10} height={17} path="M8.5 1.5l-7 7 7 7" strokeWidth={2.2} />;
}

/** The anchor the router's `Link` renders (with its `href`, handlers and, when active, its `className`). */
function BackAnchor({
  children,
  className,
  ref,
  ...anchor
}: AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a ref={ref} {...anchor} className={className === undefined ? 'ui-back-link' : `ui-back-link ${className}`}>
      <BackChevron />
      {children}
    </a>
  );
}

/**
 * "‹ Account" above a page's title: the way back on the web (and, until the shell drives
 * Telegram's back button, inside the mini app too). Takes a typed route like `Link` does:
 * `<BackLink to="/wallet/deposit/$asset" params={{ asset }}>`.
 */
export const BackLink = createLink(BackAnchor);

/** "‹ Back" to the previous step of a flow that stays on one route, so there is nowhere to link to. */
export function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="ui-back-link ui-back-button" onClick={onClick}>
      <BackChevron />
      {children}
    </button>
  );
}
