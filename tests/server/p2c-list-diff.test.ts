import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { P2cListOperation, P2cLiveItem } from '../../src/contract/p2c';
import { p2cListDiff } from '../../src/server/realtime/p2c-list-diff';

const item = (id: number): P2cLiveItem => ({
  id,
  type: 'nspk',
  fiat_amount: '1500',
  fiat: 'RUB',
  asset: 'USDT',
  reward: '1',
  payee_bank: 'Sberbank',
  created_at: '2026-11-24T10:00:00.000Z',
  expires_at: '2026-11-24T10:05:00.000Z',
});

/** What a merchant's app does with an update: remove at the position, append an add. */
function applied(held: readonly number[], operations: readonly P2cListOperation[]): number[] {
  const list = [...held];
  for (const operation of operations) {
    if (operation.op === 'add') list.push(operation.data.id);
    else {
      expect(operation.pos).toBeLessThan(list.length);
      list.splice(operation.pos, 1);
    }
  }
  return list;
}

describe('the live list diff', () => {
  it('removes the second and fourth of five at positions 1 and 2, then appends the new one', () => {
    const diff = p2cListDiff([1, 2, 3, 4, 5], [item(1), item(3), item(5), item(6)]);
    expect(diff.operations).toEqual([
      { op: 'remove', pos: 1 },
      { op: 'remove', pos: 2 },
      { op: 'add', data: item(6) },
    ]);
    expect(diff.ids).toEqual([1, 3, 5, 6]);
  });

  it('sends nothing when the app already holds every pending payment', () => {
    expect(p2cListDiff([2, 1], [item(1), item(2)])).toEqual({ operations: [], ids: [2, 1] });
  });

  it('turns any list the app holds into the pending ones, keeping the order of those it keeps', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 20 });
    fc.assert(
      fc.property(ids, ids, (held, current) => {
        const diff = p2cListDiff(held, current.map(item));
        const after = applied(held, diff.operations);
        expect(after).toEqual(diff.ids);
        expect([...after].sort((a, b) => a - b)).toEqual([...current].sort((a, b) => a - b));
        const kept = held.filter((id) => current.includes(id));
        expect(after.slice(0, kept.length)).toEqual(kept);
      }),
    );
  });
});
