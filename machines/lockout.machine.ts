import { assign, setup } from 'xstate';
import { formatCountdown } from './passcode/rules.ts';

/**
 * Keypad lockout countdown (spec 001 s.4 "Lockout", s.8 "429 errors").
 *
 * After a 429 that carries a seconds count, the passcode machines (passcodeConfirm,
 * setPasscode, changePasscode) go to their `locked` state, which invokes this machine with
 * `{ seconds }` as the child `lockout`. It counts down once a second; when the count reaches zero
 * it finishes, and the parent unlocks the input (its `onDone`). Leaving the parent's `locked`
 * state stops it. A 429 without a seconds count is not a countdown: the parents show
 * `too_many_attempts` with a support link themselves (see docs/passcode.md).
 *
 * Views read `context.secondsLeft` (render it with `formatCountdown`, hh:mm:ss) while the snapshot
 * has the `locked` tag; the keypad is hidden meanwhile. Nothing to provide: the only delay,
 * `tick` (1000 ms), may be changed for tests.
 */

export interface LockoutInput {
  /** The 429's seconds count. */
  seconds: number;
}

export interface LockoutContext {
  /** Whole seconds until the keypad unlocks. */
  secondsLeft: number;
}

export type LockoutTag = 'locked';

export const LOCKOUT_TICK_MS = 1000;

/** The countdown as the view shows it. */
export function lockoutText(context: LockoutContext): string {
  return formatCountdown(context.secondsLeft);
}

export const lockoutMachine = setup({
  types: {
    context: {} as LockoutContext,
    input: {} as LockoutInput,
    tags: {} as LockoutTag,
  },
  actions: {
    countDown: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
  },
  guards: {
    isOver: ({ context }) => context.secondsLeft <= 0,
  },
  delays: {
    tick: LOCKOUT_TICK_MS,
  },
}).createMachine({
  id: 'lockout',
  description: 'Counts a 429 lockout down to zero, once a second, then finishes.',
  context: ({ input }) => ({
    secondsLeft: Number.isFinite(input.seconds) ? Math.max(0, Math.ceil(input.seconds)) : 0,
  }),
  initial: 'counting',
  states: {
    counting: {
      tags: ['locked'],
      always: { guard: 'isOver', target: 'unlocked' },
      after: {
        tick: { target: 'counting', reenter: true, actions: 'countDown' },
      },
    },
    unlocked: {
      description: 'The count reached zero: the parent shows the keypad again.',
      type: 'final',
    },
  },
});
