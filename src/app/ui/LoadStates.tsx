import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Spinner } from './Spinner.tsx';
import './load-states.css';

/** A list or page that is still loading: a quiet spinner where the content will be. */
export function Loading() {
  const { t } = useLingui();
  return (
    <div className="ui-load-state">
      <Spinner label={t`Loading`} />
    </div>
  );
}

/** A load that failed: what happened, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <div className="ui-load-state" role="alert">
      <p>{message}</p>
      <Button variant="plain" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/** Nothing to show yet: a sentence and, usually, the next action. */
export function Empty({ children }: { children: ReactNode }) {
  return <div className="ui-load-state">{children}</div>;
}

/**
 * What a query shows: `Loading` while pending, `LoadFailed` with the caller's text for the error
 * (and "Try again" refetching), else `children` with the data.
 */
export function QueryGate<T>({
  query,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  failed: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed message={failed(query.error)} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
