/**
 * Ending sessions from the security page (issue 8): every path of the machine is generated (the
 * count is a tripwire; the coverage test fails on an untested transition) and played on the
 * security page against hand-written expectations per state in
 * tests/app/security/sessionEnd.view.test.tsx; here the rules get named tests with hand-written
 * expectations on the machine's real transitions: nothing is ended without a confirmation,
 * Cancel ends nothing, the call names the session asked about (or all the others), a failure
 * says so.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type SessionTarget, sessionEndMachine } from '../../machines/sessionEnd.machine.ts';
import { coverageOf, DeferredActors, flush, initialModelState } from './support/model.ts';
import { SERVER_ERROR } from './support/passcodeModel.ts';
import { SESSION, sessionEndPaths } from './support/sessionEndModel.ts';

const paths = sessionEndPaths();

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
  it('has 12 paths (a tripwire for unintended change)', () => {
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
