import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A link to a path that has no route yet (a later issue builds it): a real <a href>, and a
 * click goes through the router's history like any link, so it lands on the route once it
 * exists and on the not-found page until then.
 */
export function PathLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const router = useRouter();
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        router.history.push(href);
      }}
    >
      {children}
    </a>
  );
}
