import { and, eq } from 'drizzle-orm';
import type { AddressCheckAnswer, NetworkId } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { chainAddressFlags } from '../../db/schema/wallet';
import { normaliseAddress } from './addresses';

/**
 * The test network's answer about a withdrawal address (spec 000 s.4 "Address check result"):
 * invalid when it is not an address of the network; blocked, contract or invalid_smart_contract
 * when the chain has flagged it; otherwise valid, with the address in canonical form. The asset
 * does not change the answer here: every flag applies to every asset of the network. When the
 * check itself cannot run (the flag store is unreachable) the answer is `failed`, never a throw,
 * so the caller can show the spec's "check failed" message.
 */
export async function checkAddress(
  db: Database,
  input: { network: NetworkId; asset: string; address: string },
): Promise<AddressCheckAnswer> {
  const address = normaliseAddress(input.network, input.address);
  if (address === null) return { result: 'invalid' };
  try {
    const [flagged] = await db
      .select({ flag: chainAddressFlags.flag })
      .from(chainAddressFlags)
      .where(and(eq(chainAddressFlags.network, input.network), eq(chainAddressFlags.address, address)));
    return flagged === undefined ? { result: 'valid', address } : { result: flagged.flag };
  } catch {
    return { result: 'failed' };
  }
}
