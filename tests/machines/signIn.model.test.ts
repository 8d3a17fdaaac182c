/**
 * The sign-in machine (spec 000 s.4, s.7, s.8).
 *
 * Paths come from `transitionPaths` over the model in tests/machines/support/signInModel.ts: the
 * person's events, the 5 s retry timer as `time.pass`, and the ways each running request settles
 * (settings, settings without an id, 401, 500, no response), once per scenario (the mini app, the
 * web back from the login page with query parameters or with a hash result, a plain web visit).
 * Their count is a tripwire and their coverage must be complete; what a person sees along them is
 * checked against hand-written expectations in tests/app/session/signIn.view.test.tsx.
 *
 * Replaying the paths on the machine itself (value, context, tags, effects, emitted events equal
 * the model's after every step) is only a determinism check. The rules the spec states are named
 * tests below with literal expectations: the method choice, 5000 ms retries, the auth error page
 * at the fifth failure, what a 401 means where.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  chooseSignInMethod,
  classifyFailure,
  classifyRedirectFailure,
  hasUserId,
  MAX_SIGN_IN_FAILURES,
  parseHashResult,
  parseRedirectParams,
  SIGN_IN_RETRY_MS,
  signInMachine,
  signInPageTags,
} from '../../machines/signIn.machine.ts';
import { coverageOf, flush, initialModelState, type ModelPath } from './support/model.ts';
import { expectSameSnapshot, playStep } from './support/replay.ts';
import {
  describeEvent,
  type Effect,
  effectsOf,
  INIT_DATA,
  LOGIN_DATA,
  modelMachine,
  replayMachine,
  type SignInMachine,
  type SignInScenario,
  scenarios,
  signInPaths,
} from './support/signInModel.ts';

const SCENARIOS: readonly SignInScenario[] = ['mini app', 'web redirect', 'web hash result', 'web visit'];
const SCENARIO_NAMES: Record<SignInScenario, string> = {
  'mini app': 'in the mini app',
  'web redirect': 'on the web back from the login page with query parameters',
  'web hash result': 'on the web back from the login page with a hash result',
  'web visit': 'on a plain web visit',
};

const paths = Object.fromEntries(SCENARIOS.map((scenario) => [scenario, signInPaths(scenario)])) as Record<
  SignInScenario,
  Array<ModelPath<SignInMachine>>
>;
const all = SCENARIOS.flatMap((scenario) => paths[scenario]);

function describeState(path: ModelPath<SignInMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined) return 'the first request in flight';
  const failures = `${snapshot.context.failures} failure${snapshot.context.failures === 1 ? '' : 's'}`;
  if (snapshot.hasTag('authError')) return 'the auth error page';
  if (snapshot.hasTag('signedIn')) return 'the person signed in';
  if (snapshot.hasTag('signedOut')) return `the sign-in button and ${failures}`;
  if (snapshot.hasTag('redirecting')) return `the busy sign-in button, off to the login page, and ${failures}`;
  const page = snapshot.hasTag('miniAppAuth')
    ? 'the mini-app auth page'
    : snapshot.hasTag('webLogin')
      ? 'the web login page'
      : 'the loading page';
  return `${page}, ${snapshot.hasTag('retrying') ? 'waiting to retry' : 'a request in flight'}, and ${failures}`;
}

describe('sign-in machine model', () => {
  it('has 47 paths in the mini app and 62 in each web scenario (the trip to the login page)', () => {
    expect(SCENARIOS.map((scenario) => paths[scenario].length)).toEqual([47, 62, 62, 62]);
  });

  it('visits every state node of the machine', () => {
    const coverage = coverageOf(
      signInMachine,
      SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario])),
      all,
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
  });

  it('takes every transition of the machine', () => {
    const coverage = coverageOf(
      signInMachine,
      SCENARIOS.map((scenario) => initialModelState(modelMachine, scenarios[scenario])),
      all,
    );
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('shows exactly one page in every state it reaches', () => {
    for (const path of all) {
      for (const step of path.steps) {
        const pages = signInPageTags.filter((tag) => step.state.snapshot.hasTag(tag));
        expect(pages, JSON.stringify(step.state.snapshot.value)).toHaveLength(1);
      }
    }
  });

  it('never counts more than 5 failures and shows the auth error page exactly at 5', () => {
    for (const path of all) {
      for (const step of path.steps) {
        const { snapshot } = step.state;
        expect(snapshot.context.failures).toBeLessThanOrEqual(MAX_SIGN_IN_FAILURES);
        expect(snapshot.hasTag('authError')).toBe(snapshot.context.failures === MAX_SIGN_IN_FAILURES);
      }
    }
  });
});

describe.each(SCENARIOS)('determinism check: sign-in paths replayed on the machine itself (%s)', (scenario) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of paths[scenario]) {
    describe(`${SCENARIO_NAMES[scenario]}, when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      it(`ends with ${describeState(path)}, as the model predicts after every step`, async () => {
        const { machine, fakes, effects } = replayMachine();
        const actor = createActor(machine, { input: scenarios[scenario] });
        let announced = 0;
        actor.on('session.signedIn', () => {
          announced += 1;
        });
        actor.start();
        const initial = initialModelState(modelMachine, scenarios[scenario]);
        expect(actor.getSnapshot().value).toEqual(initial.snapshot.value);
        let previous = initial.snapshot;
        let expectedEffects: Effect[] = effectsOf(initial.actions);
        let expectedAnnounced = 0;

        for (const step of path.steps) {
          await playStep(actor, step.event, previous.value, fakes);
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          expectedEffects = [...expectedEffects, ...effectsOf(step.state.actions)];
          expect(effects).toEqual(expectedEffects);
          if (expected.hasTag('signedIn') && !previous.hasTag('signedIn')) expectedAnnounced += 1;
          expect(announced, 'session.signedIn emitted').toBe(expectedAnnounced);
          previous = expected;
        }

        for (const input of fakes.inputs('signInWithInitData')) expect(input).toEqual({ initData: INIT_DATA });
        for (const input of fakes.inputs('signInWithLoginWidget')) expect(input).toEqual(LOGIN_DATA);
        for (const input of fakes.inputs('checkSession')) expect(input).toBeUndefined();
        for (const input of fakes.inputs('redirectToLogin')) expect(input).toBeUndefined();
        actor.stop();
      });
    });
  }
});

describe('sign-in method choice', () => {
  it('prefers the init data over login data of either form', () => {
    expect(
      chooseSignInMethod({ ...scenarios['web redirect'], ...scenarios['web hash result'], initData: 'x' }).method,
    ).toBe('initData');
  });

  it('prefers the redirect parameters over a hash result', () => {
    expect(chooseSignInMethod({ ...scenarios['web redirect'], ...scenarios['web hash result'] }).method).toBe(
      'redirect',
    );
  });

  it('reads the hash result when there are no redirect parameters', () => {
    expect(chooseSignInMethod(scenarios['web hash result'])).toEqual({
      method: 'hashResult',
      initData: null,
      loginData: LOGIN_DATA,
    });
  });

  it('checks the existing session when nothing else is given', () => {
    expect(chooseSignInMethod({ initData: '', redirectParams: {}, hashResult: '' }).method).toBe('session');
  });

  it.each(['id', 'first_name', 'auth_date', 'hash'])('needs %s among the redirect parameters', (field) => {
    const params: Record<string, string> = { ...LOGIN_DATA };
    delete params[field];
    expect(parseRedirectParams(params)).toBeNull();
    expect(parseRedirectParams({ ...params, [field]: '' })).toBeNull();
  });

  it('does without last_name, username and photo_url, and ignores unknown parameters', () => {
    expect(parseRedirectParams({ id: '1', first_name: 'A', auth_date: '2', hash: 'h', back: '/x' })).toEqual({
      id: '1',
      first_name: 'A',
      auth_date: '2',
      hash: 'h',
    });
  });

  it('keeps non-Latin names from the hash result intact', () => {
    const json = JSON.stringify({ id: 7, first_name: 'Дарья', auth_date: 1, hash: 'h' });
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(json)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(parseHashResult(`#tgAuthResult=${encoded}`)?.first_name).toBe('Дарья');
  });

  it.each([
    ['a hash without tgAuthResult', '#other=1'],
    ['the cancelled form', '#tgAuthResult=false'],
    ['text that is not base64url', '#tgAuthResult=!!!'],
    ['JSON that is not an object', `#tgAuthResult=${btoa('[1,2]')}`],
    ['an object missing the hash', `#tgAuthResult=${btoa(JSON.stringify({ id: 1, first_name: 'A', auth_date: 2 }))}`],
  ])('reads nothing from %s', (_, hash) => {
    expect(parseHashResult(hash)).toBeNull();
  });

  it('classifies failures by status: 401, other statuses, no response', () => {
    expect(
      [{ status: 401 }, { status: 429 }, { status: 403 }, { status: 500 }, { status: null }, new Error('x'), null].map(
        classifyFailure,
      ),
    ).toEqual(['unauthorized', 'rate_limited', 'server', 'server', 'network', 'network', 'network']);
  });

  it('says why the trip to the login page failed: no response, or any status at all', () => {
    expect([{ status: null }, { status: 500 }, { status: 401 }, new Error('x')].map(classifyRedirectFailure)).toEqual([
      'network',
      'server',
      'server',
      'network',
    ]);
  });

  it('counts only settings with an id as a signed-in user', () => {
    expect([{ id: 1 }, { id: 'u1' }, { id: '' }, { id: null }, {}, null].map(hasUserId)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('sign-in timing and defaults', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries exactly 5000 ms after a failure that is not a 401', async () => {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, { input: scenarios['mini app'] }).start();
    fakes.settle({ type: 'actor.error', id: 'signInWithInitData', error: { status: 503 } });
    await flush();
    vi.advanceTimersByTime(SIGN_IN_RETRY_MS - 1);
    expect(fakes.inputs('signInWithInitData')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fakes.inputs('signInWithInitData')).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
  });

  it('shows the auth error page after the fifth rejected init data, pressing sign in each time', async () => {
    const { machine, fakes, effects } = replayMachine();
    const actor = createActor(machine, { input: scenarios['mini app'] }).start();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      fakes.settle({ type: 'actor.error', id: 'signInWithInitData', error: { status: 401 } });
      await flush();
      if (attempt < 5) {
        expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
        actor.send({ type: 'signIn.start' });
      }
    }
    expect(actor.getSnapshot().hasTag('authError')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failures: 5, lastError: 'unauthorized' });
    expect(effects.map((effect) => effect.type)).toEqual(['logOut', 'logOut', 'logOut', 'logOut', 'logOut']);
    actor.send({ type: 'signIn.start' });
    actor.send({ type: 'signIn.retry' });
    expect(actor.getSnapshot().value).toBe('authError');
  });

  it('a 401 on the web session check means no session yet: signed out, not a failed attempt', async () => {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, { input: scenarios['web visit'] }).start();
    fakes.settle({ type: 'actor.error', id: 'checkSession', error: { status: 401 } });
    await flush();
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, lastError: null });
  });

  it('a 401 from any later call while signed in signs out, without counting a failure', async () => {
    const { machine, fakes, effects } = replayMachine();
    const actor = createActor(machine, { input: scenarios['mini app'] }).start();
    fakes.settle({ type: 'actor.done', id: 'signInWithInitData', output: { id: 42 } });
    await flush();
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, settings: null });
    expect(effects.map((effect) => effect.type)).toEqual(['sessionStarted', 'logOut']);
  });

  it('a 401 that arrives while signing in changes nothing (only a signed-in session can end)', () => {
    const { machine } = replayMachine();
    const actor = createActor(machine, { input: scenarios['mini app'] }).start();
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().value).toEqual({ initData: 'submitting' });
  });

  it('settings without an id are a failed sign-in, tried again after 5 s', async () => {
    const { machine, fakes } = replayMachine();
    const actor = createActor(machine, { input: scenarios['web redirect'] }).start();
    fakes.settle({ type: 'actor.done', id: 'signInWithLoginWidget', output: { language: 'en' } });
    await flush();
    expect(actor.getSnapshot().hasTag('retrying')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failures: 1, lastError: 'invalid_settings' });
  });

  it('waits quietly when the app provides nothing (inert defaults)', () => {
    const actor = createActor(signInMachine, { input: {} }).start();
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toEqual({ session: 'submitting' });
  });
});
