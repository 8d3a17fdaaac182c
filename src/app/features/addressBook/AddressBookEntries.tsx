import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { NetworkId } from '../../../contract/wallet-operations.ts';
import { shortenAddress } from '../../lib/address.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Section } from '../../ui/Section.tsx';
import { addressBookFailure } from './addressBookErrors.ts';
import { addressBookQueryOptions } from './addressBookQueries.ts';
import './address-book.css';

/**
 * The saved addresses of a network (all, or those matching `search`): title and shortened
 * address, each leading to its page; "Load more" fetches the next 20 by offset.
 */
export function AddressBookEntries({
  network,
  search = '',
  empty,
}: {
  network: NetworkId;
  search?: string;
  /** What to say when there is nothing to list. */
  empty: ReactNode;
}) {
  const { i18n } = useLingui();
  const entries = useInfiniteQuery(addressBookQueryOptions(network, search));
  // An infinite query's result is not a plain query result, so QueryGate does not take it.
  if (entries.isPending) return <Loading />;
  if (entries.isError)
    return (
      <LoadFailed
        message={i18n._(addressBookFailure(entries.error, 'load').message)}
        onRetry={() => void entries.refetch()}
      />
    );
  const items = entries.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      <Section>
        {items.map((entry) => (
          <Link key={entry.id} to="/account/address-book/$network/$id" params={{ network, id: entry.id }}>
            <Cell
              title={entry.title}
              subtitle={<span className="address-book-mono">{shortenAddress(entry.address)}</span>}
              chevron
            />
          </Link>
        ))}
      </Section>
      {entries.hasNextPage ? (
        <Button
          variant="plain"
          stretched
          disabled={entries.isFetchingNextPage}
          aria-busy={entries.isFetchingNextPage || undefined}
          onClick={() => void entries.fetchNextPage()}
        >
          <Trans>Load more</Trans>
        </Button>
      ) : null}
    </>
  );
}
