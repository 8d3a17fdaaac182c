import { eq } from 'drizzle-orm';
import type { NetworkId } from '../../../src/contract/wallet-operations';
import type { Database } from '../../../src/server/db/database';
import { depositAddresses, withdrawals } from '../../../src/server/db/schema/wallet';
import { generateDepositAddress } from '../../../src/server/integrations/chain/addresses';
import { type ChainMovement, creditUser, seedWithdrawal } from './ledger';

/** Gives the user a fresh deposit address on the network, as the deposit-address service does. */
export async function addDepositAddress(db: Database, userId: number, network: NetworkId): Promise<string> {
  const address = generateDepositAddress(network);
  await db.insert(depositAddresses).values({ userId, network, address, isMain: false });
  return address;
}

/**
 * A `created` withdrawal as POST /wallet/withdrawal leaves it: the user is first credited
 * `startingBalance`, then amount + fee go on hold under the withdrawal's id.
 */
export async function createdWithdrawal(
  db: Database,
  input: ChainMovement & { readonly fee: bigint; readonly startingBalance: bigint },
): Promise<string> {
  await creditUser(db, { userId: input.userId, asset: input.asset, amount: input.startingBalance });
  return seedWithdrawal(db, { ...input, address: generateDepositAddress(input.network), status: 'created' });
}

export async function withdrawalRow(db: Database, id: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (row === undefined) throw new Error(`No withdrawal ${id}`);
  return row;
}
