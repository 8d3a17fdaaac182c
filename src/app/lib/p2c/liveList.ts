import type { P2cListSnapshot, P2cListUpdate, P2cLiveItem } from '../../../contract/p2c.ts';

/**
 * The merchants' live list of pending P2C payments as the app holds it (spec 001 s.7;
 * docs/p2c.md "The live list"): the server's snapshot, then its numbered updates applied in
 * order. Pure: the socket hook (features/p2cMerchant/useLiveList.ts) feeds it and re-initialises
 * whenever it answers `null`.
 */
export interface LiveList {
  /** The last update applied (the snapshot's number at first). */
  readonly seq: number;
  /** Oldest first, as the server keeps them. */
  readonly items: readonly P2cLiveItem[];
}

export function listFromSnapshot(snapshot: P2cListSnapshot): LiveList {
  return { seq: snapshot.seq, items: snapshot.items };
}

/**
 * `list` after `update`, or null when the list can no longer be trusted and must be asked for
 * again: an update skipped (its `seq` is more than one past ours), or an operation that does not
 * fit the list (a position past its end). An update already applied (`seq` not past ours, e.g.
 * delivered twice) changes nothing. `add` appends; `remove` takes out the item at `pos` as the
 * list stands after the update's earlier operations.
 */
export function applyUpdate(list: LiveList, update: P2cListUpdate): LiveList | null {
  if (update.seq <= list.seq) return list;
  if (update.seq !== list.seq + 1) return null;
  const items = [...list.items];
  for (const operation of update.operations) {
    if (operation.op === 'add') {
      items.push(operation.data);
      continue;
    }
    if (operation.pos >= items.length) return null;
    items.splice(operation.pos, 1);
  }
  return { seq: update.seq, items };
}
