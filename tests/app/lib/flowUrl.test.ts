/**
 * The pure parts of the flow-URL pattern (src/app/lib/flowUrl.ts): the trail each history entry
 * carries, and how far back a step's entry is. The hook itself is tested through the withdraw
 * pages (tests/app/withdraw/withdraw.test.tsx) and in Chromium (e2e/withdraw-steps.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { entriesBackTo, nextTrail, searchKey } from '../../../src/app/lib/flowUrl.ts';

describe('the trail of a flow’s history entries', () => {
  it('grows by one with a new entry and swaps its last step when the entry is replaced', () => {
    expect(nextTrail(['address'], 'amount', false)).toEqual(['address', 'amount']);
    expect(nextTrail(['address', 'amount', 'confirm'], 'review', true)).toEqual(['address', 'amount', 'review']);
  });

  it('keeps the last 20 steps only', () => {
    const long = Array.from({ length: 20 }, (_, index) => `step${index}`);
    expect(nextTrail(long, 'next', false)).toEqual([...long.slice(1), 'next']);
  });

  it('finds the nearest earlier entry of a step, counted back from the current one', () => {
    expect(entriesBackTo(['address', 'amount', 'review'], 'amount')).toBe(1);
    expect(entriesBackTo(['address', 'amount', 'review'], 'address')).toBe(2);
    expect(entriesBackTo(['address', 'amount', 'address', 'amount'], 'address')).toBe(1);
  });

  it('finds nothing for a step the flow has no entry of behind this one', () => {
    expect(entriesBackTo(['review'], 'amount')).toBeNull();
    expect(entriesBackTo(['amount', 'review'], 'review')).toBeNull();
  });
});

describe('comparing searches', () => {
  it('leaves empty fields out and ignores the order of fields', () => {
    expect(searchKey({ step: 'amount', address: 'T1', amount: '' })).toBe(searchKey({ address: 'T1', step: 'amount' }));
    expect(searchKey({ step: 'amount' })).not.toBe(searchKey({ step: 'review' }));
  });
});
