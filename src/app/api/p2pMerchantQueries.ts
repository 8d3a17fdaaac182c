import { queryOptions } from '@tanstack/react-query';
import { p2pMerchantEndpoints } from '../../contract/p2p-merchant.ts';
import { call } from './call.ts';

/** GET /p2p/profile/verified-merchant: the person's status, the conditions with their progress, the deposit. */
export function verifiedMerchantQueryOptions() {
  return queryOptions({
    queryKey: ['p2p', 'profile', 'verified-merchant'] as const,
    queryFn: ({ signal }) => call(p2pMerchantEndpoints.getVerifiedMerchant, { signal }),
  });
}

/** POST /p2p/profile/verified-merchant/apply: holds the deposit, puts the application on review. */
export function applyVerifiedMerchant() {
  return call(p2pMerchantEndpoints.applyVerifiedMerchant, {});
}

/** POST /p2p/profile/verified-merchant/leave: leaves the status (or withdraws the application). */
export function leaveVerifiedMerchant() {
  return call(p2pMerchantEndpoints.leaveVerifiedMerchant, {});
}
