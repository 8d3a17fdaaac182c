import type { P2cListOperation, P2cLiveItem } from '../../contract/p2c';

export interface P2cListDiff {
  readonly operations: readonly P2cListOperation[];
  /** The ids of the list as the app holds it once it has applied the operations. */
  readonly ids: readonly number[];
}

/**
 * What turns the list a merchant's app holds (`held`: ids in its order) into the pending
 * payments now (`current`, oldest first): first a `remove` for each payment no longer pending,
 * at its position once the removals before it are applied, then an `add` for each new one,
 * which the app appends. Nothing when both hold the same payments.
 */
export function p2cListDiff(held: readonly number[], current: readonly P2cLiveItem[]): P2cListDiff {
  const currentIds = new Set(current.map((item) => item.id));
  const operations: P2cListOperation[] = [];
  const kept: number[] = [];
  for (const id of held) {
    if (currentIds.has(id)) kept.push(id);
    else operations.push({ op: 'remove', pos: kept.length });
  }
  const heldIds = new Set(held);
  for (const item of current) {
    if (heldIds.has(item.id)) continue;
    operations.push({ op: 'add', data: item });
    kept.push(item.id);
  }
  return { operations, ids: kept };
}
