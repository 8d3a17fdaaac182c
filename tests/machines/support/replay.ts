import { expect, vi } from 'vitest';
import { type ActorSettle, flush, isActorSettle, isTimePass, type TimePass } from './model.ts';

interface ComparableSnapshot {
  readonly value: unknown;
  readonly context: unknown;
  readonly tags: ReadonlySet<string>;
}

/**
 * Plays one model step on a real actor under fake timers: time passes (checking that nothing
 * happens a millisecond early), an invoked fake settles, or the event is sent.
 */
export async function playStep<TEvent extends { type: string }>(
  actor: { send(event: TEvent): void; getSnapshot(): { value: unknown } },
  event: TEvent | TimePass | ActorSettle,
  previousValue: unknown,
  fakes?: { settle(event: ActorSettle): void },
): Promise<void> {
  if (isTimePass(event)) {
    vi.advanceTimersByTime(event.ms - 1);
    expect(actor.getSnapshot().value, 'not 1 ms early').toEqual(previousValue);
    vi.advanceTimersByTime(1);
  } else if (isActorSettle(event)) {
    if (fakes === undefined) throw new Error('This model settles actors but the replay has no fakes');
    fakes.settle(event);
    await flush();
  } else {
    actor.send(event);
  }
}

/** The real snapshot matches the model's: state value, context and tags. */
export function expectSameSnapshot(actual: ComparableSnapshot, expected: ComparableSnapshot): void {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context).toEqual(expected.context);
  expect([...actual.tags].sort()).toEqual([...expected.tags].sort());
}
