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
 *
 * Invoked promise actors: a machine's effects are named actors, and in the model they are given
 * implementations that never settle by themselves. The model settles them with two more events,
 * `actor.done` (with an output) and `actor.error` (with an error), naming the invoked child by its
 * invoke `id`. Replaying such an event sends the child the very event a settled promise sends it
 * (`xstate.promise.resolve` / `xstate.promise.reject`), synchronously, so the parent reacts with
 * its real `onDone` / `onError` transitions. A test replaying a path on a real actor settles the
 * pending promise of its fake instead (see `deferredActors` below). These events exist only for
 * machines that invoke something (`ModelEvent` leaves them out otherwise).
 *
 * Machines that take input: pass it as `input` in the model options; replays use it.
 */
import { getShortestPaths } from '@xstate/graph';
import {
  Actor,
  type AnyActorRef,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  fromPromise,
  fromTransition,
  getStateNodes,
  type InputFrom,
  isMachineSnapshot,
  type PromiseActorLogic,
  type SnapshotFrom,
  type StateNode,
} from 'xstate';

export interface TimePass {
  type: 'time.pass';
  /** Milliseconds until the next pending timer of the machine is due. */
  ms: number;
}

/** The invoke ids of a machine's children (`never` for a machine that invokes nothing). */
export type ChildId<TMachine extends AnyStateMachine> = keyof SnapshotFrom<TMachine>['children'] & string;

/** An invoked promise actor settles: it resolves with `output` or rejects with `error`. */
export type ActorSettle<TId extends string = string> =
  | { type: 'actor.done'; id: TId; output: unknown }
  | { type: 'actor.error'; id: TId; error: unknown };

/** The settle events of a machine's children, or `never` when it invokes nothing. */
export type ActorSettleOf<TMachine extends AnyStateMachine> = [ChildId<TMachine>] extends [never]
  ? never
  : ActorSettle<ChildId<TMachine>>;

export type ModelEvent<TMachine extends AnyStateMachine> =
  | EventFromLogic<TMachine>
  | TimePass
  | ActorSettleOf<TMachine>;

export function isTimePass<TEvent extends { type: string }>(event: TEvent | TimePass): event is TimePass {
  return event.type === 'time.pass';
}

export function isActorSettle<TEvent extends { type: string }>(
  event: TEvent | ActorSettle,
): event is Extract<TEvent | ActorSettle, ActorSettle> {
  return event.type === 'actor.done' || event.type === 'actor.error';
}

/**
 * The events a model tries from a snapshot: none once the machine has finished, else the
 * person's events and the ways each running child may settle (children not running left out).
 */
export function eventsWhileActive<TEvent, TSettle extends ActorSettle>(
  snapshot: { readonly status: string; readonly children: Record<string, unknown> },
  userEvents: readonly TEvent[],
  settles: readonly TSettle[],
): Array<TEvent | TSettle> {
  if (snapshot.status !== 'active') return [];
  const { children } = snapshot;
  return [...userEvents, ...settles.filter((settle) => children[settle.id] !== undefined)];
}

/** A model state: the machine's snapshot after some history of events, and what it took. */
export interface ModelState<TMachine extends AnyStateMachine> {
  history: Array<ModelEvent<TMachine>>;
  snapshot: SnapshotFrom<TMachine>;
  /** Ids (see `transitionId`) of the transitions the last event made the machine take. */
  taken: string[];
  /**
   * The named actions the last event made the machine execute, in order, with their params
   * (xstate's built-ins left out; `assign` actions are not executed, so they are not listed).
   */
  actions: Array<{ type: string; params: unknown }>;
  /** Ids of the state nodes active in `snapshot`, the root included. */
  active: string[];
  /**
   * `active` plus the sources of the transitions the last event made the machine take: a
   * transient state (left at once by an eventless transition) is visited without ever being active.
   */
  visited: string[];
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

/**
 * Settles an invoked promise actor the way its own promise would (see the header). An invoked
 * machine (a child flow the parent only waits for) finishes as xstate reports it: the parent gets
 * `xstate.done.actor.<id>` with the output (or `xstate.error.actor.<id>`), and leaving the
 * invoking state stops the child. A replay on a real actor drives the child itself instead.
 */
function settleChild(root: AnyActorRef, snapshot: unknown, event: ActorSettle): void {
  if (!isMachineSnapshot(snapshot)) throw new Error('Only state machines can be modelled.');
  const child = snapshot.children[event.id];
  if (child === undefined)
    throw new Error(`No invoked actor "${event.id}" to settle in ${JSON.stringify(snapshot.value)}`);
  if (isMachineSnapshot(child.getSnapshot())) {
    if (event.type === 'actor.done') root.send({ type: `xstate.done.actor.${event.id}`, output: event.output });
    else root.send({ type: `xstate.error.actor.${event.id}`, error: event.error });
    return;
  }
  if (event.type === 'actor.done') child.send({ type: 'xstate.promise.resolve', data: event.output });
  else child.send({ type: 'xstate.promise.reject', data: event.error });
}

/** Replays `history` on a fresh actor with a manual clock and describes where it ends. */
export function replayOnModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  history: Array<ModelEvent<TMachine>>,
  input?: InputFrom<TMachine>,
): ModelState<TMachine> {
  const clock = new ManualClock();
  let taken: string[] = [];
  let sources: string[] = [];
  let actions: Array<{ type: string; params: unknown }> = [];
  // `new Actor` rather than `createActor`: the latter's optional-options check cannot be resolved
  // for a generic machine type; both build the same actor.
  const actor = new Actor(machine, {
    clock,
    ...(input === undefined ? {} : { input }),
    inspect: (inspection) => {
      // The root actor's own steps, children's left out. Compared by session id rather than with
      // `actor`: a machine with eventless transitions out of its initial state takes them while
      // the actor is being constructed.
      const isRoot = inspection.actorRef.sessionId === inspection.rootId;
      if (inspection.type === '@xstate.microstep' && isRoot) {
        taken.push(...inspection._transitions.map(transitionId));
        sources.push(...inspection._transitions.map((transition) => transition.source.id));
      }
      if (inspection.type === '@xstate.action' && isRoot && !inspection.action.type.startsWith('xstate.')) {
        actions.push({ type: inspection.action.type, params: inspection.action.params });
      }
    },
  });
  actor.start();
  for (const event of history) {
    taken = [];
    sources = [];
    actions = [];
    if (isTimePass(event)) clock.advance(event.ms);
    else if (isActorSettle(event)) settleChild(actor, actor.getSnapshot(), event);
    else actor.send(event);
  }
  const snapshot = actor.getSnapshot();
  const pending = clock.pending();
  actor.stop();
  const machineSnapshot: unknown = snapshot;
  if (!isMachineSnapshot(machineSnapshot)) throw new Error('Only state machines can be modelled.');
  const active = getStateNodes(machine.root, machineSnapshot.value).map((node) => node.id);
  const activeIds = [machine.root.id, ...active];
  const visited = [...new Set([...activeIds, ...sources])];
  return { history, snapshot, taken, actions, active: activeIds, visited, pending };
}

export interface ModelOptions<TMachine extends AnyStateMachine> {
  /**
   * The machine's own events worth trying from a snapshot, and for a machine that invokes actors
   * the ways its running children may settle (`time.pass` is added when a timer is pending).
   */
  events: (snapshot: SnapshotFrom<TMachine>) => Array<EventFromLogic<TMachine> | ActorSettleOf<TMachine>>;
  /** What makes two snapshots the same model state (pending timers are added to it). */
  key: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /** The machine's input, for machines that take one. */
  input?: InputFrom<TMachine>;
}

/** One path per edge of the model graph: the shortest way to a state, then one handled event. */
export function transitionPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine>,
): Array<ModelPath<TMachine>> {
  const { input } = options;
  const replay = (history: Array<ModelEvent<TMachine>>): ModelState<TMachine> => replayOnModel(machine, history, input);
  const modelEvents = (state: ModelState<TMachine>): Array<ModelEvent<TMachine>> => {
    const next = state.pending[0];
    const events: Array<ModelEvent<TMachine>> = [...options.events(state.snapshot)];
    if (next !== undefined) events.push({ type: 'time.pass', ms: next });
    return events;
  };
  const logic = fromTransition(
    (state: ModelState<TMachine>, event: ModelEvent<TMachine>) => replay([...state.history, event]),
    () => replay([]),
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
    const prefix = events.map((event, index) => ({ event, state: replay(events.slice(0, index + 1)) }));
    const end = prefix.at(-1)?.state ?? replay([]);
    if (serialize(end) !== serialize(path.state.context)) {
      throw new Error(`Replaying ${JSON.stringify(events)} does not reach ${serialize(path.state.context)}`);
    }
    for (const event of modelEvents(end)) {
      const state = replay([...events, event]);
      if (state.taken.length > 0) paths.push({ steps: [...prefix, { event, state }] });
    }
  }
  return paths;
}

/** The initial model state, for assertions before the first step. */
export function initialModelState<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input?: InputFrom<TMachine>,
): ModelState<TMachine> {
  return replayOnModel(machine, [], input);
}

/** A promise actor for models: it never settles by itself; the model's `actor.done`/`actor.error` do. */
export function unsettledActor<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

/** One call of a deferred fake: the input it got, and the means to settle it. */
export interface DeferredCall<TInput> {
  input: TInput;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

/**
 * Fakes for replaying model paths on real actors: each call of `actor(src)` records its input
 * and returns a promise that stays pending until `settle` applies an `actor.done` / `actor.error`
 * model event to the newest unsettled call of that actor. After settling, `await flush()` lets
 * the promise reactions run so the machine has received the result.
 */
export class DeferredActors {
  readonly calls = new Map<string, Array<DeferredCall<unknown>>>();

  actor<TOutput, TInput>(src: string, accept: (output: unknown) => TOutput): PromiseActorLogic<TOutput, TInput> {
    return fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call: DeferredCall<unknown> = {
            input,
            settled: false,
            resolve: (output) => {
              call.settled = true;
              resolve(accept(output));
            },
            reject: (error) => {
              call.settled = true;
              reject(error);
            },
          };
          this.calls.set(src, [...(this.calls.get(src) ?? []), call]);
        }),
    );
  }

  /** The inputs `src` was called with, in order. */
  inputs(src: string): unknown[] {
    return (this.calls.get(src) ?? []).map((call) => call.input);
  }

  settle(event: ActorSettle): void {
    const call = (this.calls.get(event.id) ?? []).findLast((candidate) => !candidate.settled);
    if (call === undefined) throw new Error(`No pending call of "${event.id}" to settle`);
    if (event.type === 'actor.done') call.resolve(event.output);
    else call.reject(event.error);
  }
}

/** Lets pending promise reactions run (works under fake timers: no timer involved). */
export async function flush(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

export interface Coverage {
  /** Ids of the state nodes the starts and paths visit, sorted. */
  visitedStates: string[];
  /** Ids of every state node of the machine, sorted. */
  allStates: string[];
  /** Ids of the transitions the starts and paths take, sorted. */
  takenTransitions: string[];
  /** Ids of every transition of the machine, sorted. */
  allTransitions: string[];
}

/**
 * What a set of generated paths covers of a machine, next to everything the machine has, both
 * computed from its definition: a transition added without a path to take it fails the test.
 * `starts` are the initial model states of each scenario (what starting alone visits and takes).
 */
export function coverageOf<TMachine extends AnyStateMachine>(
  machine: AnyStateMachine,
  starts: ReadonlyArray<ModelState<TMachine>>,
  paths: ReadonlyArray<ModelPath<TMachine>>,
): Coverage {
  const states = [...starts, ...paths.flatMap((path) => path.steps.map((step) => step.state))];
  return {
    visitedStates: [...new Set(states.flatMap((state) => state.visited))].sort(),
    allStates: allStateNodes(machine)
      .map((node) => node.id)
      .sort(),
    takenTransitions: [...new Set(states.flatMap((state) => state.taken))].sort(),
    allTransitions: allTransitions(machine).sort(),
  };
}
