/**
 * The username change (spec 001 s.2, s.4, s.5, s.8): every path of the machine is generated (the
 * count is a tripwire; the coverage test fails on an untested transition) and played on the
 * username page against hand-written expectations per state in
 * tests/app/p2pUsername/usernamePaths.view.test.tsx. Here the rules get named tests on the
 * machine's real transitions, with literal expectations.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  acceptedUsernameInput,
  p2pUsernameMachine,
  usernameLengthProblem,
} from '../../machines/p2pUsername.machine.ts';
import { coverageOf, DeferredActors, flush, initialModelState } from './support/model.ts';
import { CURRENT, failure, usernamePaths } from './support/p2pUsernameModel.ts';

function run(current = CURRENT) {
  const fakes = new DeferredActors();
  const done: string[] = [];
  const machine = p2pUsernameMachine.provide({
    actors: {
      checkAvailability: fakes.actor<boolean, { username: string }>('checkAvailability', (output) => output === true),
      saveUsername: fakes.actor<void, { username: string }>('saveUsername', () => {}),
    },
    actions: {
      showProfile: () => void done.push('showProfile'),
      showMarket: () => void done.push('showMarket'),
    },
  });
  const actor = createActor(machine, { input: { current } }).start();
  const answer = async (id: string, output: unknown) => {
    fakes.settle({ type: 'actor.done', id, output });
    await flush();
  };
  const refuse = async (id: string, error: unknown) => {
    fakes.settle({ type: 'actor.error', id, error });
    await flush();
  };
  const type = (value: string) => actor.send({ type: 'name.change', value });
  return { actor, fakes, done, answer, refuse, type };
}

describe('username machine model', () => {
  it('has a fixed number of paths (a tripwire for unintended change)', () => {
    expect(usernamePaths().length).toBe(40);
  });

  it('visits every state node and takes every transition', () => {
    const start = initialModelState(p2pUsernameMachine, { current: CURRENT });
    const coverage = coverageOf(p2pUsernameMachine, [start], usernamePaths());
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

describe('the field’s rules (spec 001 s.5)', () => {
  it('accepts letters, digits and underscore only, a letter first', () => {
    expect(acceptedUsernameInput('anna trader!')).toBe('annatrader');
    expect(acceptedUsernameInput('_1anna')).toBe('anna');
    expect(acceptedUsernameInput('Анна_42')).toBe('');
    expect(acceptedUsernameInput('river_fox_7')).toBe('river_fox_7');
  });

  it('names 5 to 15 characters as the only lengths allowed', () => {
    expect(usernameLengthProblem('')).toBe('too_short');
    expect(usernameLengthProblem('abcd')).toBe('too_short');
    expect(usernameLengthProblem('abcde')).toBeNull();
    expect(usernameLengthProblem('abcdefghijklmno')).toBeNull();
    expect(usernameLengthProblem('abcdefghijklmnop')).toBe('too_long');
  });

  it('says nothing while typing until a save is tried, then follows the typing', () => {
    const { actor, fakes, type } = run();
    type('abc');
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.problem).toBe('too_short');
    expect(fakes.inputs('checkAvailability')).toEqual([]);
    type('abcdefghijklmnopq');
    expect(actor.getSnapshot().context.problem).toBe('too_long');
    type('abcdef');
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});

describe('saving', () => {
  it('the current name is not checked nor sent, and returns to the profile', () => {
    const { actor, fakes, done } = run();
    actor.send({ type: 'submit' });
    expect(fakes.inputs('checkAvailability')).toEqual([]);
    expect(fakes.inputs('saveUsername')).toEqual([]);
    expect(done).toEqual(['showProfile']);
  });

  it('a change of case only is a change: it is checked and sent', () => {
    const { actor, fakes, type } = run();
    type('calmotter482');
    actor.send({ type: 'submit' });
    expect(fakes.inputs('checkAvailability')).toEqual([{ username: 'calmotter482' }]);
  });

  it('checks another name first, then saves it and returns to the profile', async () => {
    const { actor, fakes, done, answer, type } = run();
    type('river_fox');
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.inputs('checkAvailability')).toEqual([{ username: 'river_fox' }]);
    await answer('checkAvailability', false);
    expect(fakes.inputs('saveUsername')).toEqual([{ username: 'river_fox' }]);
    expect(done).toEqual([]);
    await answer('saveUsername', undefined);
    expect(done).toEqual(['showProfile']);
  });

  it('a name that exists is taken, and so is a check that failed; nothing is sent', async () => {
    const { actor, fakes, answer, refuse, type } = run();
    type('river_fox');
    actor.send({ type: 'submit' });
    await answer('checkAvailability', true);
    expect(actor.getSnapshot().context.problem).toBe('taken');
    actor.send({ type: 'submit' });
    await refuse('checkAvailability', failure(null));
    expect(actor.getSnapshot().context.problem).toBe('taken');
    expect(fakes.inputs('saveUsername')).toEqual([]);
  });

  it('typing another name clears the server’s verdict; the same name, or a dropped character, keeps it', async () => {
    const { actor, answer, type } = run();
    type('river_fox');
    actor.send({ type: 'submit' });
    await answer('checkAvailability', true);
    type('river_fox');
    type('river_fox!');
    expect(actor.getSnapshot().context.problem).toBe('taken');
    type('river_fox2');
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('NOT_ENOUGH_ORDERS opens the stats modal, whose closing goes to the P2P index', async () => {
    const { actor, done, answer, refuse, type } = run();
    type('river_fox');
    actor.send({ type: 'submit' });
    await answer('checkAvailability', false);
    await refuse('saveUsername', failure(403, 'NOT_ENOUGH_ORDERS'));
    expect(actor.getSnapshot().value).toBe('notEnoughOrders');
    actor.send({ type: 'stats.close' });
    expect(done).toEqual(['showMarket']);
  });

  it('the server’s username codes become the field’s problem; others the toast', async () => {
    const cases = [
      [failure(409, 'USERNAME_TAKEN'), { problem: 'taken', failed: false }],
      [failure(409, 'CANNOT_CHANGE_NOW'), { problem: 'cannot_change_now', failed: false }],
      [failure(422, 'WRONG_USERNAME'), { problem: 'wrong', failed: false }],
      [failure(429, 'rate_limited'), { problem: null, failed: true }],
      [failure(null), { problem: null, failed: true }],
    ] as const;
    for (const [error, expected] of cases) {
      const { actor, answer, refuse, type } = run();
      type('river_fox');
      actor.send({ type: 'submit' });
      await answer('checkAvailability', false);
      await refuse('saveUsername', error);
      const { problem, failed } = actor.getSnapshot().context;
      expect({ problem, failed }, JSON.stringify(error)).toEqual(expected);
      expect(actor.getSnapshot().value).toBe('editing');
    }
  });

  it('a second press while a call is under way sends nothing more', () => {
    const { actor, fakes, type } = run();
    type('river_fox');
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    type('other_name');
    expect(fakes.inputs('checkAvailability')).toHaveLength(1);
    expect(actor.getSnapshot().context.name).toBe('river_fox');
  });
});
