/** "Load more" of the address book: the next offset is what the pages so far hold, until the total. */
import { describe, expect, it } from 'vitest';
import { nextOffset } from '../../../src/app/features/addressBook/addressBookQueries.ts';
import type { AddressBookEntry, AddressBookPage } from '../../../src/contract/address-book.ts';

function page(size: number, total: number): AddressBookPage {
  const entry: AddressBookEntry = {
    id: 'e',
    address: 'T1',
    title: 't',
    network: 'TRX',
    created_at: '2026-11-22T05:00:00.000Z',
  };
  return { items: Array.from({ length: size }, () => entry), total };
}

describe('the next page of the address book', () => {
  it('starts after the entries already loaded', () => {
    const first = page(20, 45);
    expect(nextOffset(first, [first])).toBe(20);
    const second = page(20, 45);
    expect(nextOffset(second, [first, second])).toBe(40);
  });

  it('ends once every entry is loaded', () => {
    const first = page(20, 45);
    const second = page(20, 45);
    const last = page(5, 45);
    expect(nextOffset(last, [first, second, last])).toBeUndefined();
  });

  it('ends on an empty page even if the total has grown meanwhile', () => {
    const first = page(20, 30);
    const empty = page(0, 31);
    expect(nextOffset(empty, [first, empty])).toBeUndefined();
  });
});
