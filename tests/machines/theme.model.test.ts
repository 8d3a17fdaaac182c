/**
 * Model-based test of the theme machine.
 *
 * Paths come from `transitionPaths` (tests/machines/support/model.ts, where the approach is
 * explained) over the model in tests/machines/support/themeModel.ts: every event with every
 * value (toggle, the three choices, both device and both messenger schemes). The input decides
 * where the machine starts, so the model is built per scenario: on the web with each stored
 * preference (and none stored), and inside the messenger. A model state is the state value and
 * the whole context, so a device change that only matters later is a state of its own.
 *
 * Replaying each path on a second actor of the same machine and comparing snapshots is only a
 * DETERMINISM CHECK (the same events give the same states and effects): the model is the machine,
 * so it says nothing about whether the behaviour is right. What the theme must do is checked
 * against hand-written expectations: per state in tests/app/theme/themeControl.model.test.tsx
 * (the control, <html> and local storage along these paths), and per rule below. The path
 * counts are a tripwire for unintended change only.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { parseThemePreference, themeMachine } from '../../machines/theme.machine.ts';
import { coverageOf, initialModelState, isTimePass, type ModelPath } from './support/model.ts';
import { expectSameSnapshot } from './support/replay.ts';
import {
  describeEvent,
  EFFECTS,
  replayMachine,
  scenarios,
  type ThemeMachine,
  type ThemeScenario,
  themePaths,
} from './support/themeModel.ts';

const SCENARIOS = Object.keys(scenarios).filter((name): name is ThemeScenario => name in scenarios);
const paths = new Map(SCENARIOS.map((scenario) => [scenario, themePaths(scenario)]));
const pathsOf = (scenario: ThemeScenario): Array<ModelPath<ThemeMachine>> => paths.get(scenario) ?? [];
const all = SCENARIOS.flatMap(pathsOf);

function describeState(path: ModelPath<ThemeMachine>): string {
  const snapshot = path.steps.at(-1)?.state.snapshot;
  if (snapshot === undefined) return 'the starting theme';
  const { scheme, preference } = snapshot.context;
  if (snapshot.hasTag('followsMessenger')) return `the ${scheme} scheme, following the messenger`;
  return `the ${scheme} scheme for the ${preference} preference`;
}

describe('theme machine model', () => {
  it('has 36 paths per web scenario and 4 per messenger scenario (a tripwire, not a check of behaviour)', () => {
    expect(SCENARIOS.map((scenario) => [scenario, pathsOf(scenario).length])).toEqual([
      ['web, device preference, light device', 36],
      ['web, light preference, dark device', 36],
      ['web, dark preference, light device', 36],
      ['web, nothing stored', 36],
      ['messenger, dark', 4],
      ['messenger, light, dark stored', 4],
    ]);
  });

  it('visits every state node of the machine', () => {
    const coverage = coverageOf(
      themeMachine,
      SCENARIOS.map((scenario) => initialModelState(themeMachine, scenarios[scenario])),
      all,
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
  });

  it('takes every transition of the machine', () => {
    const coverage = coverageOf(
      themeMachine,
      SCENARIOS.map((scenario) => initialModelState(themeMachine, scenarios[scenario])),
      all,
    );
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('shows the resolved scheme of the preference on the web and the messenger scheme inside it', () => {
    for (const path of all) {
      for (const step of path.steps) {
        const { context } = step.state.snapshot;
        if (step.state.snapshot.hasTag('followsMessenger')) expect(context.scheme).toBe(context.messengerScheme);
        else expect(context.scheme).toBe(context.preference === 'device' ? context.deviceScheme : context.preference);
      }
    }
  });
});

describe.each(SCENARIOS)('determinism check: theme paths replayed on the machine itself (%s)', (scenario) => {
  for (const path of pathsOf(scenario)) {
    describe(`${scenario}: when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      it(`ends with ${describeState(path)} on every replay, with the same effects`, () => {
        const { machine, effects } = replayMachine();
        const actor = createActor(machine, { input: scenarios[scenario] }).start();
        const initial = initialModelState(themeMachine, scenarios[scenario]);
        expect(actor.getSnapshot().context).toEqual(initial.snapshot.context);
        let expectedEffects = initial.actions;
        expect(effects).toEqual(expectedEffects);

        for (const step of path.steps) {
          if (isTimePass(step.event)) throw new Error('The theme machine has no timers.');
          actor.send(step.event);
          const expected = step.state.snapshot;
          const actual = actor.getSnapshot();
          expectSameSnapshot(actual, expected);
          expectedEffects = [
            ...expectedEffects,
            ...step.state.actions.filter((action) => EFFECTS.some((name) => name === action.type)),
          ];
          expect(effects).toEqual(expectedEffects);
        }
        actor.stop();
      });
    });
  }
});

describe('theme rules', () => {
  it('cycles device → light → dark → device by its toggle, storing and applying each step', () => {
    const { machine, effects } = replayMachine();
    const actor = createActor(machine, { input: scenarios['web, device preference, light device'] }).start();
    const preferences: string[] = [];
    for (let turn = 0; turn < 4; turn += 1) {
      actor.send({ type: 'theme.toggle' });
      preferences.push(actor.getSnapshot().context.preference);
    }
    expect(preferences).toEqual(['light', 'dark', 'device', 'light']);
    expect(effects).toEqual([
      { type: 'applyScheme', params: { scheme: 'light' } },
      { type: 'persistPreference', params: { preference: 'light' } },
      { type: 'applyScheme', params: { scheme: 'light' } },
      { type: 'persistPreference', params: { preference: 'dark' } },
      { type: 'applyScheme', params: { scheme: 'dark' } },
      { type: 'persistPreference', params: { preference: 'device' } },
      { type: 'applyScheme', params: { scheme: 'light' } },
      { type: 'persistPreference', params: { preference: 'light' } },
      { type: 'applyScheme', params: { scheme: 'light' } },
    ]);
  });

  it('stores each choice as chosen: device, light, dark', () => {
    const { machine, effects } = replayMachine();
    const actor = createActor(machine, { input: scenarios['web, nothing stored'] }).start();
    for (const preference of ['light', 'dark', 'device'] as const) actor.send({ type: 'theme.set', preference });
    expect(effects.filter((effect) => effect.type === 'persistPreference')).toEqual([
      { type: 'persistPreference', params: { preference: 'light' } },
      { type: 'persistPreference', params: { preference: 'dark' } },
      { type: 'persistPreference', params: { preference: 'device' } },
    ]);
    expect(effects.filter((effect) => effect.type === 'applyScheme').map((effect) => effect.params)).toEqual([
      { scheme: 'dark' },
      { scheme: 'light' },
      { scheme: 'dark' },
      { scheme: 'dark' },
    ]);
  });

  it('reads an unknown stored value as the device preference', () => {
    expect(['light', 'dark', 'device', 'blue', null, undefined, 3].map(parseThemePreference)).toEqual([
      'light',
      'dark',
      'device',
      'device',
      'device',
      'device',
      'device',
    ]);
  });

  it('applies the stored preference at start without storing it again', () => {
    const { machine, effects } = replayMachine();
    createActor(machine, { input: scenarios['web, light preference, dark device'] }).start();
    expect(effects).toEqual([{ type: 'applyScheme', params: { scheme: 'light' } }]);
  });

  it('offers no theme choice inside the messenger', () => {
    const actor = createActor(themeMachine, { input: scenarios['messenger, dark'] }).start();
    expect(actor.getSnapshot().can({ type: 'theme.toggle' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'theme.set', preference: 'light' })).toBe(false);
    actor.send({ type: 'theme.toggle' });
    expect(actor.getSnapshot().context).toMatchObject({ preference: 'device', scheme: 'dark' });
  });

  it('uses the device scheme that changed while light or dark was chosen when device is chosen again', () => {
    const actor = createActor(themeMachine, { input: scenarios['web, dark preference, light device'] }).start();
    actor.send({ type: 'device.schemeChange', scheme: 'dark' });
    expect(actor.getSnapshot().context.scheme).toBe('dark');
    actor.send({ type: 'theme.set', preference: 'light' });
    expect(actor.getSnapshot().context.scheme).toBe('light');
    actor.send({ type: 'theme.toggle' });
    actor.send({ type: 'theme.toggle' });
    expect(actor.getSnapshot().context).toMatchObject({ preference: 'device', scheme: 'dark' });
  });
});
