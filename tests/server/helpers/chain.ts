import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { NetworkId } from '../../../src/contract/wallet-operations';
import type { Database } from '../../../src/server/db/database';
import { ledgerAccounts } from '../../../src/server/db/schema/ledger';
import { depositAddresses, withdrawals } from '../../../src/server/db/schema/wallet';
import { generateDepositAddress } from '../../../src/server/integrations/chain/addresses';
import { balancesOf, credit, hold, inTransaction } from '../../../src/server/ledger/ledger';

/** Gives the user a fresh deposit address on the network, as the deposit-address service does. */
export async function addDepositAddress(db: Database, userId: number, network: NetworkId): Promise<string> {
  const address = generateDepositAddress(network);
  await db.insert(depositAddresses).values({ userId, network, address, isMain: false });
  return address;
}

/** The user's available and held balance of an asset (zero when there is no account yet). */
export async function userBalance(db: Database, userId: number, asset: string) {
  return (await balancesOf(db, userId)).get(asset) ?? { available: 0n, held: 0n };
}

/** The balance of a system account (external or fees) of an asset. */
export async function systemBalance(db: Database, asset: string, kind: 'external' | 'fees'): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.assetCode, asset), eq(ledgerAccounts.kind, kind)));
  return BigInt(row?.balance ?? '0');
}

/**
 * A `created` withdrawal as POST /wallet/withdrawal leaves it: the user is first credited
 * `startingBalance`, then amount + fee go on hold under the withdrawal's id.
 */
export async function createdWithdrawal(
  db: Database,
  input: {
    readonly userId: number;
    readonly asset: string;
    readonly network: NetworkId;
    readonly amount: bigint;
    readonly fee: bigint;
    readonly startingBalance: bigint;
  },
): Promise<string> {
  return inTransaction(db, async (tx) => {
    await credit(tx, {
      operationId: randomUUID(),
      type: 'deposit',
      userId: input.userId,
      asset: input.asset,
      amount: input.startingBalance,
    });
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: input.userId,
        idempotencyKey: randomUUID(),
        assetCode: input.asset,
        network: input.network,
        address: generateDepositAddress(input.network),
        amount: input.amount.toString(),
        fee: input.fee.toString(),
      })
      .returning({ id: withdrawals.id });
    if (row === undefined) throw new Error('The withdrawal was not stored');
    await hold(tx, {
      operationId: row.id,
      type: 'withdrawal',
      userId: input.userId,
      asset: input.asset,
      amount: input.amount + input.fee,
    });
    return row.id;
  });
}

export async function withdrawalRow(db: Database, id: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (row === undefined) throw new Error(`No withdrawal ${id}`);
  return row;
}
