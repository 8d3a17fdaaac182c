/**
 * The session-end machine's model, shared by tests/machines/sessionEnd.model.test.ts and the
 * security page's test along the same paths (tests/app/security/sessionEnd.view.test.tsx).
 */
import { sessionEndMachine } from '../../../machines/sessionEnd.machine.ts';
import { type ActorSettleOf, eventsWhileActive, isActorSettle, type ModelEvent, transitionPaths } from './model.ts';
import { SERVER_ERROR } from './passcodeModel.ts';

export type SessionEndMachine = typeof sessionEndMachine;
type Settle = ActorSettleOf<SessionEndMachine>;

/** The other device's session the paths end (the fixtures' "Telegram iOS"). */
export const SESSION = '22222222-2222-4222-8222-222222222222';

export function sessionEndPaths() {
  return transitionPaths(sessionEndMachine, {
    events: (snapshot) =>
      eventsWhileActive(
        snapshot,
        [
          { type: 'session.end', id: SESSION },
          { type: 'sessions.endOthers' },
          { type: 'confirm.accept' },
          { type: 'confirm.cancel' },
        ],
        [
          { type: 'actor.done', id: 'endSessions', output: { result: true } },
          { type: 'actor.error', id: 'endSessions', error: SERVER_ERROR },
        ] satisfies Settle[],
      ),
    key: (snapshot) => [snapshot.value, snapshot.context],
  });
}

export function describeEvent(event: ModelEvent<SessionEndMachine>): string {
  if (isActorSettle(event)) return event.type === 'actor.error' ? 'the server fails to end it' : 'the server ends it';
  switch (event.type) {
    case 'session.end':
      return 'the person taps End on Telegram iOS';
    case 'sessions.endOthers':
      return 'the person taps "End all other sessions"';
    case 'confirm.accept':
      return 'the person confirms';
    case 'confirm.cancel':
      return 'the person cancels';
    default:
      return 'time passes';
  }
}
