/**
 * What the view tests that walk a machine's paths share: one hand-written expectation per state,
 * looked up by the state's path ("entry.invalid"), with the step and the state named when one
 * fails.
 */

/** The leaf states of a state value, as dotted paths (a parallel state gives one per region). */
export function leafStates(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix === '' ? value : `${prefix}.${value}`];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => leafStates(child, prefix === '' ? key : `${prefix}.${key}`));
}

/** Runs the expectation of every state in `states`; a state without one is a test to write. */
export function expectStates<W>(
  expected: Readonly<Record<string, (world: W) => void>>,
  states: readonly string[],
  world: W,
  where: string,
): void {
  for (const state of states) {
    const expectation = expected[state];
    if (expectation === undefined) throw new Error(`No expectation written for the state ${state}`);
    try {
      expectation(world);
    } catch (error) {
      throw new Error(`${where}, in ${state}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Whether arriving in `states` from `previous` starts the person's entry afresh: another stage
 * (the first part of a state's path), or one of `clearing` (the states the spec says clear the
 * input: a wrong repeat, a refused code, a lockout) newly entered.
 */
export function startsFreshEntry(
  states: readonly string[],
  previous: readonly string[],
  clearing: readonly string[],
): boolean {
  const stage = (list: readonly string[]) => list.map((state) => state.split('.')[0]).join();
  if (stage(states) !== stage(previous)) return true;
  return states.some((state) => clearing.includes(state) && !previous.includes(state));
}
