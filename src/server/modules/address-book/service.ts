import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type AddressBookEntry, type AddressBookPage, addressBookErrorCodes } from '../../../contract/address-book';
import { type NetworkId, networkId } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { addressBookEntries } from '../../db/schema/wallet';
import { ApiError } from '../../http/api-error';
import { normaliseAddress } from '../../integrations/chain/addresses';

/** Page size when the client does not say (spec 000 s.7: 20 for the address book). */
export const defaultAddressBookPageSize = 20;

const addressBookErrors = {
  notFound: () =>
    new ApiError(404, addressBookErrorCodes.addressNotFound, 'No such address was found in the address book'),
  notDeleted: () =>
    new ApiError(409, addressBookErrorCodes.addressNotDeleted, 'This address is not deleted, so it cannot be restored'),
  exists: () =>
    new ApiError(
      409,
      addressBookErrorCodes.addressExists,
      'This address is already in the address book for this network',
    ),
  invalidAddress: () =>
    new ApiError(422, addressBookErrorCodes.addressRejected, 'This is not a valid address for this network', {
      result: 'invalid',
    }),
};

type EntryRow = typeof addressBookEntries.$inferSelect;

/** The user's entry with this id, unless it is deleted. */
function isLiveEntry(userId: number, id: string) {
  return and(
    eq(addressBookEntries.id, id),
    eq(addressBookEntries.userId, userId),
    isNull(addressBookEntries.deletedAt),
  );
}

function toEntry(row: EntryRow): AddressBookEntry {
  return {
    id: row.id,
    address: row.address,
    title: row.title,
    network: z.parse(networkId, row.network),
    created_at: row.createdAt.toISOString(),
  };
}

/** Ids are UUIDs; anything else cannot name an entry (and must not reach the uuid column). */
function isEntryId(id: string): boolean {
  return z.safeParse(z.uuid(), id).success;
}

/** `search` as a LIKE pattern that matches it literally anywhere in the text. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface AddressBookQuery {
  readonly count?: number | undefined;
  readonly offset?: number | undefined;
  readonly network?: NetworkId | undefined;
  readonly search?: string | undefined;
}

/** The user's live entries, newest first, optionally of one network and matching a search. */
export async function listAddressBook(db: Database, userId: number, query: AddressBookQuery): Promise<AddressBookPage> {
  const conditions: SQL[] = [eq(addressBookEntries.userId, userId), isNull(addressBookEntries.deletedAt)];
  if (query.network !== undefined) conditions.push(eq(addressBookEntries.network, query.network));
  if (query.search !== undefined && query.search !== '') {
    const pattern = containsPattern(query.search);
    const matches = or(ilike(addressBookEntries.title, pattern), ilike(addressBookEntries.address, pattern));
    if (matches !== undefined) conditions.push(matches);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(addressBookEntries)
      .where(where)
      .orderBy(desc(addressBookEntries.createdAt), desc(addressBookEntries.id))
      .limit(query.count ?? defaultAddressBookPageSize)
      .offset(query.offset ?? 0),
    db.select({ total: count() }).from(addressBookEntries).where(where),
  ]);
  return { items: rows.map(toEntry), total: total?.total ?? 0 };
}

async function liveEntry(db: Database, userId: number, id: string): Promise<EntryRow> {
  if (!isEntryId(id)) throw addressBookErrors.notFound();
  const [row] = await db.select().from(addressBookEntries).where(isLiveEntry(userId, id));
  if (row === undefined) throw addressBookErrors.notFound();
  return row;
}

export async function getAddressBookEntry(db: Database, userId: number, id: string): Promise<AddressBookEntry> {
  return toEntry(await liveEntry(db, userId, id));
}

/** Saves an address under a title; the address is stored in the network's canonical form. */
export async function addAddressBookEntry(
  db: Database,
  userId: number,
  input: { readonly network: NetworkId; readonly address: string; readonly title: string },
  now: Date,
): Promise<AddressBookEntry> {
  const address = normaliseAddress(input.network, input.address);
  if (address === null) throw addressBookErrors.invalidAddress();
  // The partial unique index on live entries decides, so two concurrent adds save one entry.
  const [row] = await db
    .insert(addressBookEntries)
    .values({ userId, network: input.network, address, title: input.title, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (row === undefined) throw addressBookErrors.exists();
  return toEntry(row);
}

export async function renameAddressBookEntry(
  db: Database,
  userId: number,
  id: string,
  title: string,
  now: Date,
): Promise<{ result: true }> {
  if (!isEntryId(id)) throw addressBookErrors.notFound();
  const updated = await db
    .update(addressBookEntries)
    .set({ title, updatedAt: now })
    .where(isLiveEntry(userId, id))
    .returning({ id: addressBookEntries.id });
  if (updated.length === 0) throw addressBookErrors.notFound();
  return { result: true };
}

/** Deletes softly: the entry disappears from the book but can be restored. */
export async function deleteAddressBookEntry(
  db: Database,
  userId: number,
  id: string,
  now: Date,
): Promise<{ result: true }> {
  if (!isEntryId(id)) throw addressBookErrors.notFound();
  const deleted = await db
    .update(addressBookEntries)
    .set({ deletedAt: now, updatedAt: now })
    .where(isLiveEntry(userId, id))
    .returning({ id: addressBookEntries.id });
  if (deleted.length === 0) throw addressBookErrors.notFound();
  return { result: true };
}

/** Brings a deleted entry back, unless the same address was saved again in the meantime. */
export async function restoreAddressBookEntry(
  db: Database,
  userId: number,
  id: string,
  now: Date,
): Promise<{ result: true }> {
  if (!isEntryId(id)) throw addressBookErrors.notFound();
  const [row] = await db
    .select({ deletedAt: addressBookEntries.deletedAt })
    .from(addressBookEntries)
    .where(and(eq(addressBookEntries.id, id), eq(addressBookEntries.userId, userId)));
  if (row === undefined) throw addressBookErrors.notFound();
  if (row.deletedAt === null) throw addressBookErrors.notDeleted();
  let restoredCount: number;
  try {
    const restored = await db
      .update(addressBookEntries)
      .set({ deletedAt: null, updatedAt: now })
      .where(
        and(
          eq(addressBookEntries.id, id),
          eq(addressBookEntries.userId, userId),
          isNotNull(addressBookEntries.deletedAt),
        ),
      )
      .returning({ id: addressBookEntries.id });
    restoredCount = restored.length;
  } catch (error) {
    if (isUniqueViolation(error)) throw addressBookErrors.exists();
    throw error;
  }
  // Restored by a concurrent request between the read and the update.
  if (restoredCount === 0) throw addressBookErrors.notDeleted();
  return { result: true };
}
