/**
 * The p2pUsername machine's model, shared by tests/machines/p2pUsername.model.test.ts and the
 * username page along the same paths (tests/app/p2pUsername/usernamePaths.view.test.tsx). The
 * person's name is now "CalmOtter482"; they may type a name too short, a free one, a taken one,
 * or their own name again, and each call may answer or fail the ways the server answers.
 */
import type { EventFrom } from 'xstate';
import { p2pUsernameMachine } from '../../../machines/p2pUsername.machine.ts';
import { type ActorSettleOf, eventsWhileActive, isActorSettle, type ModelEvent, transitionPaths } from './model.ts';

export type UsernameMachine = typeof p2pUsernameMachine;
type Settle = ActorSettleOf<UsernameMachine>;
type Event = EventFrom<UsernameMachine>;

export const CURRENT = 'CalmOtter482';
export const NEW_NAME = 'river_fox';

/** A failure as the app's actors reject: the HTTP status and the server's code (null: no answer). */
export const failure = (status: number | null, reason: string | null = null) => ({ status, reason });

const events: Event[] = [
  { type: 'name.change', value: NEW_NAME },
  { type: 'name.change', value: 'abc' },
  { type: 'name.change', value: CURRENT },
  { type: 'submit' },
  { type: 'stats.close' },
];

const settles: Settle[] = [
  { type: 'actor.done', id: 'checkAvailability', output: false },
  { type: 'actor.done', id: 'checkAvailability', output: true },
  { type: 'actor.error', id: 'checkAvailability', error: failure(null) },
  { type: 'actor.done', id: 'saveUsername', output: undefined },
  { type: 'actor.error', id: 'saveUsername', error: failure(403, 'NOT_ENOUGH_ORDERS') },
  { type: 'actor.error', id: 'saveUsername', error: failure(409, 'USERNAME_TAKEN') },
  { type: 'actor.error', id: 'saveUsername', error: failure(409, 'CANNOT_CHANGE_NOW') },
  { type: 'actor.error', id: 'saveUsername', error: failure(422, 'WRONG_USERNAME') },
  { type: 'actor.error', id: 'saveUsername', error: failure(null) },
];

export function usernamePaths() {
  return transitionPaths(p2pUsernameMachine, {
    input: { current: CURRENT },
    events: (snapshot) => eventsWhileActive(snapshot, events, settles),
    key: (snapshot) => [snapshot.value, snapshot.context],
  });
}

export function describeEvent(event: ModelEvent<UsernameMachine>): string {
  if (isActorSettle(event)) {
    if (event.type === 'actor.done') return `${event.id} answers ${JSON.stringify(event.output)}`;
    return `${event.id} fails (${JSON.stringify(event.error)})`;
  }
  switch (event.type) {
    case 'time.pass':
      return `${event.ms} ms pass`;
    case 'name.change':
      return `the person types "${event.value}"`;
    default:
      return `the person does ${event.type}`;
  }
}
