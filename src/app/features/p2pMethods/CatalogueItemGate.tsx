import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PaymentCatalogueItem } from '../../../contract/p2p-market.ts';
import { catalogueItemQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { isMissingMethod, methodFailure } from './methodErrors.ts';

/** What the add flow says of an entry the fiat's catalogue does not have (or not as asked). */
export function UnavailableEntry() {
  return (
    <Empty>
      <p>
        <Trans>This payment method is not available for this currency.</Trans>
      </p>
    </Empty>
  );
}

/** One catalogue entry of a fiat (a group with its banks): loading, the failure, or `children`. */
export function CatalogueItemGate({
  fiat,
  identifier,
  children,
}: {
  fiat: string;
  identifier: string;
  children: (item: PaymentCatalogueItem) => ReactNode;
}) {
  const { i18n } = useLingui();
  const item = useQuery(catalogueItemQueryOptions(fiat, identifier));
  if (item.isError && isMissingMethod(item.error)) return <UnavailableEntry />;
  return (
    <QueryGate query={item} failed={(error) => i18n._(methodFailure(error, 'catalogue'))}>
      {children}
    </QueryGate>
  );
}
