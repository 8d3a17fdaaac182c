import type { NetworkId } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { chainAddressFlags } from '../../db/schema/wallet';
import type { AddressFlag } from '../../integrations/chain/address-flags';
import { normaliseAddress } from '../../integrations/chain/addresses';
import { chainSimulatorErrors } from './errors';

export interface FlaggedAddress {
  readonly network: NetworkId;
  readonly address: string;
  readonly flag: AddressFlag;
}

/** Flags an address on the test network (stored in canonical form); a second flag replaces the first. */
export async function flagAddress(
  db: Database,
  input: { readonly network: NetworkId; readonly address: string; readonly flag: AddressFlag; readonly note?: string },
): Promise<FlaggedAddress> {
  const address = normaliseAddress(input.network, input.address);
  if (address === null) throw chainSimulatorErrors.invalidAddress(input.network);
  const note = input.note ?? 'Flagged through the chain simulator';
  await db
    .insert(chainAddressFlags)
    .values({ network: input.network, address, flag: input.flag, note })
    .onConflictDoUpdate({
      target: [chainAddressFlags.network, chainAddressFlags.address],
      set: { flag: input.flag, note },
    });
  return { network: input.network, address, flag: input.flag };
}
