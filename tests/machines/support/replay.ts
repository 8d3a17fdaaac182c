import { expect, vi } from 'vitest';
import { passcodeConfirmMachine } from '../../../machines/passcodeConfirm.machine.ts';
import { type ActorSettle, type DeferredActors, flush, isActorSettle, isTimePass, type TimePass } from './model.ts';
import { outputText } from './passcodeModel.ts';

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

/** A running passcodeConfirm child: it takes a pasted passcode. */
export interface PasscodeChild {
  send(event: { type: 'code.paste'; text: string }): void;
}

/** Settles a replay's fakes; `child` finds the running passcodeConfirm child when it is settled. */
export type PasscodeSettler = (child: () => PasscodeChild | undefined) => { settle(event: ActorSettle): void };

/**
 * A flow's passcodeConfirm child in a replay (the child has its own model; the flow's model only
 * ends it with its output): the real machine with a deferred `confirmPasscode`, and a settler that
 * ends the child `childId` the way a person would, pasting `passcode` into it and answering its
 * call with `token`, while every other settle goes to the fakes.
 */
export function passcodeChildReplay(
  fakes: DeferredActors,
  { childId, passcode, token }: { childId: string; passcode: string; token: string },
) {
  const machine = passcodeConfirmMachine.provide({
    actors: { confirmPasscode: fakes.actor('confirmPasscode', outputText) },
  });
  const settler: PasscodeSettler = (child) => ({
    settle(event) {
      if (event.id !== childId) {
        fakes.settle(event);
        return;
      }
      const running = child();
      if (running === undefined) throw new Error(`No ${childId} child to give the passcode to`);
      running.send({ type: 'code.paste', text: passcode });
      fakes.settle({ type: 'actor.done', id: 'confirmPasscode', output: token });
    },
  });
  return { machine, settler };
}
