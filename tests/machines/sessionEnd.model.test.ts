/**
 * Model-based test of ending sessions from the security page (issue 8): every path of the
 * machine is generated (the count is a tripwire; the coverage test fails on an untested
 * transition), and the rules get named tests with hand-written expectations: nothing is ended
 * without a confirmation, Cancel ends nothing, the call names the session asked about (or all the
 * others), a failure says so. The screens are checked in tests/app/security/securityPage.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type SessionTarget, sessionEndMachine } from '../../machines/sessionEnd.machine.ts';
import {
  type ActorSettleOf,
  coverageOf,
  DeferredActors,
  eventsWhileActive,
  flush,
  initialModelState,
  transitionPaths,
} from './support/model.ts';
import { SERVER_ERROR } from './support/passcodeModel.ts';

type Settle = ActorSettleOf<typeof sessionEndMachine>;
const SESSION = '22222222-2222-4222-8222-222222222222';

const paths = transitionPaths(sessionEndMachine, {
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

function run() {
  const fakes = new DeferredActors();
  const ended: string[] = [];
  const machine = sessionEndMachine.provide({
    actors: { endSessions: fakes.actor<unknown, SessionTarget>('endSessions', (output) => output) },
    actions: { ended: () => void ended.push('ended') },
  });
  return { actor: createActor(machine).start(), fakes, ended };
}

describe('session end machine model', () => {
  it('has 12 paths', () => {
    expect(paths.length).toBe(12);
  });

  it('visits every state node and takes every transition', () => {
    const coverage = coverageOf(sessionEndMachine, [initialModelState(sessionEndMachine)], paths);
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('never calls the server from a path that was not confirmed', () => {
    for (const path of paths) {
      const accepted = path.steps.some((step) => step.event.type === 'confirm.accept');
      const calling = path.steps.some((step) => step.state.snapshot.matches('ending'));
      expect(calling).toBe(accepted);
    }
  });
});

describe('ending sessions', () => {
  it('asks first, and Cancel ends nothing', () => {
    const { actor, fakes } = run();
    actor.send({ type: 'session.end', id: SESSION });
    expect(actor.getSnapshot().hasTag('confirm')).toBe(true);
    expect(actor.getSnapshot().context.target).toEqual({ kind: 'one', id: SESSION });
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(fakes.inputs('endSessions')).toEqual([]);
  });

  it('ends the one session asked about once confirmed, then refreshes the list', async () => {
    const { actor, fakes, ended } = run();
    actor.send({ type: 'session.end', id: SESSION });
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'confirm.cancel' })).toBe(false);
    expect(fakes.inputs('endSessions')).toEqual([{ kind: 'one', id: SESSION }]);
    fakes.settle({ type: 'actor.done', id: 'endSessions', output: { result: true } });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(ended).toEqual(['ended']);
  });

  it('ends all the others once confirmed; a failure is shown and nothing is refreshed', async () => {
    const { actor, fakes, ended } = run();
    actor.send({ type: 'sessions.endOthers' });
    actor.send({ type: 'confirm.accept' });
    expect(fakes.inputs('endSessions')).toEqual([{ kind: 'others' }]);
    fakes.settle({ type: 'actor.error', id: 'endSessions', error: SERVER_ERROR });
    await flush();
    expect(actor.getSnapshot().context).toEqual({ target: null, error: 'end_failed' });
    expect(ended).toEqual([]);
    actor.send({ type: 'sessions.endOthers' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('does not start a second ending while one is asked about', () => {
    const { actor } = run();
    actor.send({ type: 'sessions.endOthers' });
    expect(actor.getSnapshot().can({ type: 'session.end', id: SESSION })).toBe(false);
  });
});
