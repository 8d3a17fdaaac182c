/**
 * The theme choice as a person sees it, driven along THE SAME generated paths as the machine's
 * model-based test (tests/machines/theme.model.test.ts, over tests/machines/support/themeModel.ts).
 *
 * Each path starts the app's own theme actor (`createThemeActor`, as the platforms do) from the
 * scenario's stored preference and schemes, renders the settings' theme control on it, and
 * replays the path: a person's choice (`theme.set`) is a tap on the option; the rest comes from
 * outside the view (`device.schemeChange` from `prefers-color-scheme`, `messenger.schemeChange`
 * from Telegram, `theme.toggle` from no control of this page) and is sent to the actor as the
 * platform would. After the start and every step the screen must show what the model predicts:
 * the options only where a choice is possible, the chosen one checked, `data-theme` on <html>,
 * and the stored preference.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ThemePreference, themeMachine } from '../../../machines/theme.machine.ts';
import { ThemeControl } from '../../../src/app/features/theme/ThemeControl.tsx';
import { createThemeActor, themeStorageKey, themeStore } from '../../../src/app/platform/theme.ts';
import type { Platform } from '../../../src/app/platform/types.ts';
import { initialModelState, type ModelPath, type ModelState } from '../../machines/support/model.ts';
import {
  describeEvent,
  scenarios,
  type ThemeMachine,
  type ThemeScenario,
  themePaths,
} from '../../machines/support/themeModel.ts';
import { fakePlatform, renderWithProviders } from '../support.tsx';

const SCENARIOS = Object.keys(scenarios).filter((name): name is ThemeScenario => name in scenarios);
const paths = new Map(SCENARIOS.map((scenario) => [scenario, themePaths(scenario)]));
const pathsOf = (scenario: ThemeScenario): Array<ModelPath<ThemeMachine>> => paths.get(scenario) ?? [];

const labels: Record<ThemePreference, string> = { device: 'Same as device', light: 'Light', dark: 'Dark' };

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

/** What local storage holds after the model's steps: the last persisted preference, else what was stored. */
function storedAfter(initial: string | null, states: ReadonlyArray<ModelState<ThemeMachine>>): string | null {
  let stored = initial;
  for (const state of states)
    for (const action of state.actions)
      if (action.type === 'persistPreference') {
        const params = action.params;
        if (
          typeof params === 'object' &&
          params !== null &&
          'preference' in params &&
          typeof params.preference === 'string'
        )
          stored = params.preference;
      }
  return stored;
}

function expectScreen(state: ModelState<ThemeMachine>, stored: string | null): void {
  const expected = state.snapshot;
  expect(document.documentElement.dataset.theme).toBe(expected.context.scheme);
  expect(document.documentElement.style.colorScheme).toBe(expected.context.scheme);
  const group = screen.queryByRole('radiogroup', { name: 'Theme' });
  if (expected.can({ type: 'theme.toggle' })) {
    expect(group).not.toBeNull();
    const checked = within(group ?? document.body)
      .getAllByRole('radio')
      .filter((option) => option.getAttribute('aria-checked') === 'true')
      .map((option) => option.textContent);
    expect(checked).toEqual([labels[expected.context.preference]]);
  } else {
    expect(group).toBeNull();
  }
  expect(localStorage.getItem(themeStorageKey)).toBe(stored);
}

describe('the theme control along the theme model', () => {
  it('replays as many paths as the model test: 36 per web scenario and 4 per messenger scenario', () => {
    expect(SCENARIOS.map((scenario) => [scenario, pathsOf(scenario).length])).toEqual([
      ['web, device preference, light device', 36],
      ['web, light preference, dark device', 36],
      ['web, dark preference, light device', 36],
      ['web, nothing stored', 36],
      ['messenger, dark', 4],
      ['messenger, light, dark stored', 4],
    ]);
  });
});

describe.each(SCENARIOS)('the theme control (%s)', (scenario) => {
  for (const path of pathsOf(scenario)) {
    it(`shows what the model predicts when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      const input = scenarios[scenario];
      const stored = input.preference ?? null;
      if (stored !== null) localStorage.setItem(themeStorageKey, stored);
      const deviceScheme = input.deviceScheme ?? 'light';
      const insideMessenger = input.insideMessenger === true;
      const base = fakePlatform(insideMessenger ? 'mini-app' : 'web');
      const theme = createThemeActor({
        root: document.documentElement,
        storage: localStorage,
        deviceScheme,
        messengerScheme: insideMessenger ? (input.messengerScheme ?? deviceScheme) : null,
      });
      const platform: Platform = { ...base, theme, ...themeStore(theme) };
      renderWithProviders(<ThemeControl />, { platform });

      expectScreen(initialModelState(themeMachine, input), stored);
      const states: Array<ModelState<ThemeMachine>> = [];
      for (const step of path.steps) {
        const event = step.event;
        if (event.type === 'theme.set') {
          fireEvent.click(screen.getByRole('radio', { name: labels[event.preference] }));
        } else if (
          event.type === 'theme.toggle' ||
          event.type === 'device.schemeChange' ||
          event.type === 'messenger.schemeChange'
        ) {
          act(() => theme.send(event));
        } else {
          throw new Error('The theme machine has no timers and invokes nothing.');
        }
        states.push(step.state);
        expectScreen(step.state, storedAfter(stored, states));
      }
      theme.stop();
    });
  }
});
