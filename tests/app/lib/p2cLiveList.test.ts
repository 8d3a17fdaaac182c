/**
 * The live list's reducer (src/app/lib/p2c/liveList.ts): numbered updates apply in order, `add`
 * appends, `remove` counts positions after the update's earlier operations, a repeated update
 * changes nothing, and a skipped update or a position past the end asks for the list again.
 */
import { describe, expect, it } from 'vitest';
import { applyUpdate, listFromSnapshot } from '../../../src/app/lib/p2c/liveList.ts';
import type { P2cLiveItem } from '../../../src/contract/p2c.ts';

function item(id: number): P2cLiveItem {
  return {
    id,
    type: 'nspk',
    fiat_amount: '1500',
    fiat: 'RUB',
    asset: 'USDT',
    reward: '16000000',
    payee_bank: 'Sberbank',
    created_at: '2026-03-10T12:00:00Z',
    expires_at: '2026-03-10T12:05:00Z',
  };
}

const ids = (list: { items: readonly P2cLiveItem[] } | null) => list?.items.map((entry) => entry.id) ?? null;

describe('the live list', () => {
  const start = listFromSnapshot({ seq: 4, items: [item(1), item(2), item(3)] });

  it('starts as the snapshot, oldest first, at its number', () => {
    expect(start.seq).toBe(4);
    expect(ids(start)).toEqual([1, 2, 3]);
  });

  it('appends an added payment at the end', () => {
    const next = applyUpdate(start, { seq: 5, operations: [{ op: 'add', data: item(9) }] });
    expect(ids(next)).toEqual([1, 2, 3, 9]);
    expect(next?.seq).toBe(5);
  });

  it('removes by position, each position counted after the earlier operations of the same update', () => {
    const next = applyUpdate(start, {
      seq: 5,
      operations: [
        { op: 'remove', pos: 0 },
        { op: 'add', data: item(7) },
        { op: 'remove', pos: 1 },
      ],
    });
    // [1,2,3] → remove 0 → [2,3] → add 7 → [2,3,7] → remove 1 → [2,7]
    expect(ids(next)).toEqual([2, 7]);
  });

  it('applies updates one after another', () => {
    const first = applyUpdate(start, { seq: 5, operations: [{ op: 'remove', pos: 2 }] });
    const second = first && applyUpdate(first, { seq: 6, operations: [{ op: 'add', data: item(4) }] });
    expect(ids(second)).toEqual([1, 2, 4]);
    expect(second?.seq).toBe(6);
  });

  it('asks again when an update was skipped', () => {
    expect(applyUpdate(start, { seq: 6, operations: [{ op: 'add', data: item(9) }] })).toBeNull();
  });

  it('ignores an update it already has (the same number again, or an older one)', () => {
    expect(applyUpdate(start, { seq: 4, operations: [{ op: 'remove', pos: 0 }] })).toBe(start);
    expect(applyUpdate(start, { seq: 2, operations: [{ op: 'remove', pos: 0 }] })).toBe(start);
  });

  it('asks again when a position is past the end of the list', () => {
    expect(applyUpdate(start, { seq: 5, operations: [{ op: 'remove', pos: 3 }] })).toBeNull();
    expect(
      applyUpdate(start, {
        seq: 5,
        operations: [
          { op: 'remove', pos: 0 },
          { op: 'remove', pos: 2 },
        ],
      }),
    ).toBeNull();
  });

  it('leaves the list it was given as it was', () => {
    applyUpdate(start, { seq: 5, operations: [{ op: 'remove', pos: 0 }] });
    expect(ids(start)).toEqual([1, 2, 3]);
  });
});
