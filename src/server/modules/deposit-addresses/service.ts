import { and, count, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type DepositAddress, depositAddressErrorCodes, depositAddressLimit } from '../../../contract/deposit-address';
import { type NetworkId, networkId } from '../../../contract/wallet-operations';
import { lockUntilCommit } from '../../db/advisory-lock';
import type { Database } from '../../db/database';
import { depositAddresses } from '../../db/schema/wallet';
import { ApiError } from '../../http/api-error';
import { generateDepositAddress } from '../../integrations/chain/addresses';
import { walletAccessOf } from '../settings/wallet-access';

const depositAddressErrors = {
  notFound: () => new ApiError(404, depositAddressErrorCodes.addressNotFound, 'No such deposit address was found'),
  limitReached: () =>
    new ApiError(
      409,
      depositAddressErrorCodes.addressLimitReached,
      `You already have the most deposit addresses allowed on this network (${depositAddressLimit})`,
    ),
  forbidden: () =>
    new ApiError(403, depositAddressErrorCodes.depositForbidden, 'Deposits are not available for this account'),
};

/**
 * A fresh address can collide with one already stored (another user's, on a small test
 * network); the unique index refuses it and a new one is drawn, at most this many times.
 */
const addressAttempts = 5;

type AddressRow = typeof depositAddresses.$inferSelect;

function toDepositAddress(row: AddressRow): DepositAddress {
  return {
    id: row.id,
    address: row.address,
    name: row.name,
    network: z.parse(networkId, row.network),
    is_main: row.isMain,
    created_at: row.createdAt.toISOString(),
  };
}

async function assertCanDeposit(db: Database, userId: number): Promise<void> {
  const access = await walletAccessOf(db, userId);
  if (access.blocked || !access.canDeposit) throw depositAddressErrors.forbidden();
}

/**
 * Stores a freshly generated address. Answers null when the insert lost to the main-address
 * index (someone else made the main address first); draws again on an address collision.
 */
async function insertNewAddress(
  db: Database,
  values: {
    readonly userId: number;
    readonly network: NetworkId;
    readonly name: string | null;
    readonly isMain: boolean;
  },
  now: Date,
): Promise<AddressRow | null> {
  for (let attempt = 0; attempt < addressAttempts; attempt++) {
    const [row] = await db
      .insert(depositAddresses)
      .values({ ...values, address: generateDepositAddress(values.network), createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (row !== undefined) return row;
    if (values.isMain && (await mainAddress(db, values.userId, values.network)) !== undefined) return null;
  }
  throw new Error(`No free ${values.network} deposit address after ${addressAttempts} attempts`);
}

async function mainAddress(db: Database, userId: number, network: NetworkId): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(
      and(
        eq(depositAddresses.userId, userId),
        eq(depositAddresses.network, network),
        eq(depositAddresses.isMain, true),
      ),
    );
  return row;
}

/** Makes the network's main address unless it exists; concurrent first asks make exactly one. */
async function ensureMainAddress(db: Database, userId: number, network: NetworkId, now: Date): Promise<void> {
  if ((await mainAddress(db, userId, network)) !== undefined) return;
  await insertNewAddress(db, { userId, network, name: null, isMain: true }, now);
}

/** The user's addresses on a network, main first, then newest; the main one is made on first ask. */
export async function listDepositAddresses(
  db: Database,
  userId: number,
  network: NetworkId,
  now: Date,
): Promise<{ items: DepositAddress[] }> {
  await assertCanDeposit(db, userId);
  await ensureMainAddress(db, userId, network, now);
  const rows = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)))
    .orderBy(desc(depositAddresses.isMain), desc(depositAddresses.createdAt), desc(depositAddresses.id));
  return { items: rows.map(toDepositAddress) };
}

export async function getDepositAddress(
  db: Database,
  userId: number,
  network: NetworkId,
  id: string,
): Promise<DepositAddress> {
  if (!z.safeParse(z.uuid(), id).success) throw depositAddressErrors.notFound();
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(
      and(eq(depositAddresses.id, id), eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)),
    );
  if (row === undefined) throw depositAddressErrors.notFound();
  return toDepositAddress(row);
}

/**
 * A new named address. The user's addresses on the network are counted under a lock of their
 * own, so concurrent creates cannot pass the limit together; the main address counts too and is
 * made first when missing.
 */
export async function createDepositAddress(
  db: Database,
  userId: number,
  network: NetworkId,
  name: string,
  now: Date,
): Promise<DepositAddress> {
  await assertCanDeposit(db, userId);
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, `deposit-addresses:${userId}:${network}`);
    await ensureMainAddress(tx, userId, network, now);
    const [existing] = await tx
      .select({ total: count() })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)));
    if ((existing?.total ?? 0) >= depositAddressLimit) throw depositAddressErrors.limitReached();
    const row = await insertNewAddress(tx, { userId, network, name, isMain: false }, now);
    if (row === null) throw new Error('A named deposit address cannot lose to the main-address index');
    return toDepositAddress(row);
  });
}

export async function renameDepositAddress(
  db: Database,
  userId: number,
  network: NetworkId,
  id: string,
  name: string,
): Promise<{ result: true }> {
  if (!z.safeParse(z.uuid(), id).success) throw depositAddressErrors.notFound();
  const renamed = await db
    .update(depositAddresses)
    .set({ name })
    .where(and(eq(depositAddresses.id, id), eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)))
    .returning({ id: depositAddresses.id });
  if (renamed.length === 0) throw depositAddressErrors.notFound();
  return { result: true };
}
