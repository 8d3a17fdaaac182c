import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { Spinner } from './Spinner.tsx';

/** "Show more" under a paged list while there is a next page; a spinner while it comes. */
export function ShowMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const { t } = useLingui();
  if (!query.hasNextPage) return null;
  return (
    <Button variant="plain" stretched disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {query.isFetchingNextPage ? <Spinner size={20} label={t`Loading`} /> : <Trans>Show more</Trans>}
    </Button>
  );
}
