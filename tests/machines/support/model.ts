/**
 * Model-based testing support for machines with delayed (`after`) transitions.
 *
 * Why not feed `xstate.after.*` events to @xstate/graph directly: they are internal events, not
 * part of a machine's typed events, and sending one by hand skips the very thing worth testing,
 * the timer (when it is scheduled, restarted, cancelled). So the model has one extra event,
 * `time.pass` with the milliseconds until the next pending timer is due, and each model state is
 * reached by replaying its event history on a real actor whose clock is a manual one. A delayed
 * transition therefore happens in the model exactly when the running machine's own timer fires.
 *
 * Why not only `getShortestPaths` / `getSimplePaths`: a shortest path reaches every state but
 * takes only one transition into each, and a simple path never returns to a state it has
 * visited, so transitions back to the initial state (dismiss, timeout, finish) and self
 * transitions (a new toast replacing the visible one) would go untested. Here
 * `getShortestPaths` finds every reachable model state and the shortest way there; each path is
 * then that prefix plus one more event that the machine handles from that state. One path per
 * (reachable state, handled event) edge: every edge of the model graph is taken, hence every
 * transition the machine can take. `allTransitions` / `allStateNodes` read the sets to cover
 * from the machine definition, so the coverage test fails when someone adds an unreachable or
 * untested transition.
 */
import { getShortestPaths } from '@xstate/graph';
import {
  Actor,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  fromTransition,
  getStateNodes,
  isMachineSnapshot,
  type SnapshotFrom,
  type StateNode,
} from 'xstate';

export interface TimePass {
  type: 'time.pass';
  /** Milliseconds until the next pending timer of the machine is due. */
  ms: number;
}

export type ModelEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | TimePass;

export function isTimePass<TEvent extends { type: string }>(event: TEvent | TimePass): event is TimePass {
  return event.type === 'time.pass';
}

/** A model state: the machine's snapshot after some history of events, and what it took. */
export interface ModelState<TMachine extends AnyStateMachine> {
  history: Array<ModelEvent<TMachine>>;
  snapshot: SnapshotFrom<TMachine>;
  /** Ids (see `transitionId`) of the transitions the last event made the machine take. */
  taken: string[];
  /** Ids of the state nodes active in `snapshot`, the root included. */
  active: string[];
  /** Milliseconds until each pending timer is due, soonest first. */
  pending: number[];
}

export interface ModelStep<TMachine extends AnyStateMachine> {
  event: ModelEvent<TMachine>;
  state: ModelState<TMachine>;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  steps: Array<ModelStep<TMachine>>;
}

/** A clock that only moves when told to; xstate schedules its delayed events on it. */
class ManualClock {
  private now = 0;
  private lastId = 0;
  private readonly timers = new Map<number, { dueAt: number; fire: () => void }>();

  setTimeout = (fire: () => void, timeout: number): number => {
    this.lastId += 1;
    this.timers.set(this.lastId, { dueAt: this.now + timeout, fire });
    return this.lastId;
  };

  clearTimeout = (id: number): void => {
    this.timers.delete(id);
  };

  pending(): number[] {
    return [...this.timers.values()].map((timer) => timer.dueAt - this.now).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, firing due timers in order (a fired timer may schedule more). */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let next: [number, { dueAt: number; fire: () => void }] | undefined;
      for (const entry of this.timers) {
        if (entry[1].dueAt <= end && (next === undefined || entry[1].dueAt < next[1].dueAt)) next = entry;
      }
      if (next === undefined) break;
      this.timers.delete(next[0]);
      this.now = next[1].dueAt;
      next[1].fire();
    }
    this.now = end;
  }
}

export function transitionId(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const siblings =
    transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id} on ${transition.eventType || '(always)'} #${siblings.indexOf(transition)}`;
}

export function allStateNodes(machine: AnyStateMachine): StateNode[] {
  const nodes: StateNode[] = [];
  const walk = (node: StateNode): void => {
    nodes.push(node);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return nodes;
}

/** Every transition written in the machine definition (events, delays, eventless), by id. */
export function allTransitions(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  for (const node of allStateNodes(machine)) {
    for (const transitions of node.transitions.values()) ids.push(...transitions.map(transitionId));
    ids.push(...(node.always ?? []).map(transitionId));
  }
  return ids;
}

/** Replays `history` on a fresh actor with a manual clock and describes where it ends. */
export function replayOnModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  history: Array<ModelEvent<TMachine>>,
): ModelState<TMachine> {
  const clock = new ManualClock();
  let taken: string[] = [];
  // `new Actor` rather than `createActor`: the latter's optional-options check cannot be resolved
  // for a generic machine type; both build the same actor.
  const actor = new Actor(machine, {
    clock,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep' && inspection.actorRef === actor) {
        taken.push(...inspection._transitions.map(transitionId));
      }
    },
  });
  actor.start();
  for (const event of history) {
    taken = [];
    if (isTimePass(event)) clock.advance(event.ms);
    else actor.send(event);
  }
  const snapshot = actor.getSnapshot();
  const pending = clock.pending();
  actor.stop();
  const machineSnapshot: unknown = snapshot;
  if (!isMachineSnapshot(machineSnapshot)) throw new Error('Only state machines can be modelled.');
  const active = getStateNodes(machine.root, machineSnapshot.value).map((node) => node.id);
  return { history, snapshot, taken, active: [machine.root.id, ...active], pending };
}

export interface ModelOptions<TMachine extends AnyStateMachine> {
  /** The machine's own events worth trying from a snapshot (`time.pass` is added when a timer is pending). */
  events: (snapshot: SnapshotFrom<TMachine>) => Array<EventFromLogic<TMachine>>;
  /** What makes two snapshots the same model state (pending timers are added to it). */
  key: (snapshot: SnapshotFrom<TMachine>) => unknown;
}

/** One path per edge of the model graph: the shortest way to a state, then one handled event. */
export function transitionPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine>,
): Array<ModelPath<TMachine>> {
  const modelEvents = (state: ModelState<TMachine>): Array<ModelEvent<TMachine>> => {
    const next = state.pending[0];
    const events: Array<ModelEvent<TMachine>> = [...options.events(state.snapshot)];
    if (next !== undefined) events.push({ type: 'time.pass', ms: next });
    return events;
  };
  const logic = fromTransition(
    (state: ModelState<TMachine>, event: ModelEvent<TMachine>) => replayOnModel(machine, [...state.history, event]),
    () => replayOnModel(machine, []),
  );
  const serialize = (state: ModelState<TMachine>): string =>
    JSON.stringify([options.key(state.snapshot), state.pending]);
  const shortest = getShortestPaths(logic, {
    events: (model) => modelEvents(model.context),
    serializeState: (model) => serialize(model.context),
  });

  const paths: Array<ModelPath<TMachine>> = [];
  for (const path of shortest) {
    // The graph keeps one representative state per key, so its steps may carry another history
    // than the path's own; only the events are used, and each state is replayed from them. The
    // first step is the initial state, reached by `xstate.init` rather than a model event.
    const events = path.steps.slice(1).map((step) => step.event);
    const prefix = events.map((event, index) => ({ event, state: replayOnModel(machine, events.slice(0, index + 1)) }));
    const end = prefix.at(-1)?.state ?? replayOnModel(machine, []);
    if (serialize(end) !== serialize(path.state.context)) {
      throw new Error(`Replaying ${JSON.stringify(events)} does not reach ${serialize(path.state.context)}`);
    }
    for (const event of modelEvents(end)) {
      const state = replayOnModel(machine, [...events, event]);
      if (state.taken.length > 0) paths.push({ steps: [...prefix, { event, state }] });
    }
  }
  return paths;
}

/** The initial model state, for assertions before the first step. */
export function initialModelState<TMachine extends AnyStateMachine>(machine: TMachine): ModelState<TMachine> {
  return replayOnModel(machine, []);
}
