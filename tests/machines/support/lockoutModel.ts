/**
 * The lockout machine's model, shared by tests/machines/lockout.model.test.ts and by view tests
 * of the keypad's locked state: a 429 of a few seconds, counted down by `time.pass`.
 */
import { lockoutMachine } from '../../../machines/lockout.machine.ts';
import { type ModelPath, transitionPaths } from './model.ts';
import { LOCK_SECONDS } from './passcodeModel.ts';

export type LockoutMachine = typeof lockoutMachine;
export type LockoutScenario = 'a 429 with seconds' | 'a 429 with zero seconds';

export const scenarios: Record<LockoutScenario, { seconds: number }> = {
  'a 429 with seconds': { seconds: LOCK_SECONDS + 1 },
  'a 429 with zero seconds': { seconds: 0 },
};

export function lockoutPaths(scenario: LockoutScenario): Array<ModelPath<LockoutMachine>> {
  return transitionPaths(lockoutMachine, {
    input: scenarios[scenario],
    events: () => [],
    key: (snapshot) => [snapshot.value, snapshot.context.secondsLeft],
  });
}
