/**
 * The theme as a person meets it: the settings' theme control, the colours on <html> and what
 * local storage keeps, driven along the paths of the theme machine (tests/machines/support/
 * themeModel.ts).
 *
 * The machine only says which states and transitions exist. What must hold is written here by
 * hand from spec 000 s.3–s.4 ("Theme preference: device, light or dark, stored locally"; "cycles
 * device, light, dark, device; inside the messenger the theme follows the messenger colour
 * scheme"): one expectation per state in `EXPECTED` below, plus what a person's choice must do
 * whatever state it leads to. The system under test is the app's own theme actor
 * (`createThemeActor`, as the platforms start it) writing to this page's <html> and localStorage,
 * and the rendered `ThemeControl`. Nothing here reads the machine's context.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ColorScheme, ThemePreference } from '../../../machines/theme.machine.ts';
import { ThemeControl } from '../../../src/app/features/theme/ThemeControl.tsx';
import { createThemeActor, type ThemeActor, themeStorageKey, themeStore } from '../../../src/app/platform/theme.ts';
import type { Platform } from '../../../src/app/platform/types.ts';
import type { ModelPath } from '../../machines/support/model.ts';
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

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  document.documentElement.style.colorScheme = '';
});

/** What the test knows of the world: what came in from outside, and whether the person chose. */
interface World {
  /** What was in local storage before the app started. */
  storedAtStart: ThemePreference | null;
  /** `prefers-color-scheme`, as last reported. */
  device: ColorScheme;
  /** The messenger's colour scheme, as last reported. */
  messenger: ColorScheme;
  /** The person picked a theme at least once. */
  chose: boolean;
}

interface Screen {
  /** The checked option of the "Theme" group, or null when no group is shown. */
  checked: string | null;
  /** `data-theme` and `color-scheme` on <html>. */
  scheme: ColorScheme;
  /** `localStorage['kopilka.theme']`. */
  stored: string | null;
}

/** One hand-written expectation per state of the theme machine. */
const EXPECTED: Record<string, (world: World) => Screen> = {
  // Inside the messenger: its colours, no choice offered, the stored web preference untouched.
  messenger: (world) => ({ checked: null, scheme: world.messenger, stored: world.storedAtStart }),
  // Same as device: the device's scheme; "device" is stored once the person has chosen anything.
  'web.device': (world) => ({
    checked: 'Same as device',
    scheme: world.device,
    stored: world.chose ? 'device' : world.storedAtStart,
  }),
  'web.light': () => ({ checked: 'Light', scheme: 'light', stored: 'light' }),
  'web.dark': () => ({ checked: 'Dark', scheme: 'dark', stored: 'dark' }),
};

const LABELS: Record<ThemePreference, 'Same as device' | 'Light' | 'Dark'> = {
  device: 'Same as device',
  light: 'Light',
  dark: 'Dark',
};

function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'web' in value) return `web.${String(value.web)}`;
  throw new Error(`Unexpected theme state ${JSON.stringify(value)}`);
}

function screenNow(): Screen {
  const group = screen.queryByRole('radiogroup', { name: 'Theme' });
  const checked =
    group === null
      ? null
      : within(group)
          .getAllByRole('radio')
          .filter((option) => option.getAttribute('aria-checked') === 'true')
          .map((option) => option.textContent);
  if (checked !== null && checked.length !== 1) throw new Error(`Options checked: ${JSON.stringify(checked)}`);
  const root = document.documentElement;
  expect(root.style.colorScheme, 'color-scheme follows data-theme').toBe(root.dataset.theme);
  return {
    checked: checked === null ? null : (checked[0] ?? null),
    scheme: root.dataset.theme === 'dark' ? 'dark' : 'light',
    stored: localStorage.getItem(themeStorageKey),
  };
}

function startTheme(scenario: ThemeScenario): { theme: ThemeActor; world: World } {
  const input = scenarios[scenario];
  const storedAtStart = input.preference ?? null;
  if (storedAtStart !== null) localStorage.setItem(themeStorageKey, storedAtStart);
  const device = input.deviceScheme ?? 'light';
  const insideMessenger = input.insideMessenger === true;
  const messenger = input.messengerScheme ?? device;
  // First: the fake platform starts a theme actor of its own on <html>, which ours then replaces.
  const base = fakePlatform(insideMessenger ? 'mini-app' : 'web');
  base.theme.stop();
  const theme = createThemeActor({
    root: document.documentElement,
    storage: localStorage,
    deviceScheme: device,
    messengerScheme: insideMessenger ? messenger : null,
  });
  const platform: Platform = { ...base, theme, ...themeStore(theme) };
  renderWithProviders(<ThemeControl />, { platform });
  return { theme, world: { storedAtStart, device, messenger, chose: false } };
}

describe.each(SCENARIOS)('the theme control (%s)', (scenario) => {
  for (const path of pathsOf(scenario)) {
    it(`shows and stores what the state calls for when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, () => {
      const { theme, world } = startTheme(scenario);
      const startState = stateName(theme.getSnapshot().value);
      expect(screenNow(), `at the start (${startState})`).toEqual(EXPECTED[startState]?.(world));

      for (const step of path.steps) {
        const event = step.event;
        let chosen: ThemePreference | null = null;
        switch (event.type) {
          case 'theme.set':
            fireEvent.click(screen.getByRole('radio', { name: LABELS[event.preference] }));
            chosen = event.preference;
            world.chose = true;
            break;
          case 'theme.toggle':
            // No control sends it on this page; a toggle is a choice too when the machine takes it.
            if (theme.getSnapshot().can(event)) world.chose = true;
            act(() => theme.send(event));
            break;
          case 'device.schemeChange':
            world.device = event.scheme;
            act(() => theme.send(event));
            break;
          case 'messenger.schemeChange':
            world.messenger = event.scheme;
            act(() => theme.send(event));
            break;
          default:
            throw new Error('The theme machine has no timers and invokes nothing.');
        }
        const state = stateName(theme.getSnapshot().value);
        const expected = EXPECTED[state];
        if (expected === undefined) throw new Error(`No expectation written for the state ${state}`);
        const shown = screenNow();
        expect(shown, `after "${describeEvent(event)}" (${state})`).toEqual(expected(world));
        // Whatever state it leads to, a choice is checked, applied and stored as chosen.
        if (chosen !== null) {
          expect(shown.checked).toBe(LABELS[chosen]);
          expect(shown.stored).toBe(chosen);
          expect(shown.scheme).toBe(chosen === 'device' ? world.device : chosen);
        }
      }
      theme.stop();
    });
  }
});

describe('theme rules (spec 000 s.4)', () => {
  it('cycles device → light → dark → device through the machine’s own toggle, storing each step', () => {
    const { theme } = startTheme('web, device preference, light device');
    const seen: Array<[string | null, string | undefined]> = [];
    for (let turn = 0; turn < 3; turn += 1) {
      act(() => theme.send({ type: 'theme.toggle' }));
      seen.push([localStorage.getItem(themeStorageKey), document.documentElement.dataset.theme]);
    }
    expect(seen).toEqual([
      ['light', 'light'],
      ['dark', 'dark'],
      ['device', 'light'],
    ]);
    theme.stop();
  });

  it('stores exactly the option the person picks, and the control shows it checked', () => {
    const { theme } = startTheme('web, nothing stored');
    const seen: Array<[string | null, string | undefined, string | null]> = [];
    for (const label of ['Light', 'Dark', 'Same as device', 'Dark', 'Light'] as const) {
      fireEvent.click(screen.getByRole('radio', { name: label }));
      seen.push([localStorage.getItem(themeStorageKey), document.documentElement.dataset.theme, screenNow().checked]);
    }
    expect(seen).toEqual([
      ['light', 'light', 'Light'],
      ['dark', 'dark', 'Dark'],
      ['device', 'dark', 'Same as device'],
      ['dark', 'dark', 'Dark'],
      ['light', 'light', 'Light'],
    ]);
    theme.stop();
  });

  it('reads the stored preference back when the app starts again (a reload)', () => {
    const first = startTheme('web, nothing stored');
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    first.theme.stop();
    delete document.documentElement.dataset.theme;
    const again = createThemeActor({
      root: document.documentElement,
      storage: localStorage,
      deviceScheme: 'light',
      messengerScheme: null,
    });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    again.stop();
  });

  it('starts from the device scheme when storage holds nothing it knows', () => {
    localStorage.setItem(themeStorageKey, 'blue');
    const theme = createThemeActor({
      root: document.documentElement,
      storage: localStorage,
      deviceScheme: 'dark',
      messengerScheme: null,
    });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('blue');
    theme.stop();
  });

  it('inside the messenger follows its scheme, offers no choice and keeps the stored preference', () => {
    const { theme } = startTheme('messenger, light, dark stored');
    expect(screenNow()).toEqual({ checked: null, scheme: 'light', stored: 'dark' });
    act(() => theme.send({ type: 'theme.toggle' }));
    act(() => theme.send({ type: 'messenger.schemeChange', scheme: 'dark' }));
    expect(screenNow()).toEqual({ checked: null, scheme: 'dark', stored: 'dark' });
    act(() => theme.send({ type: 'messenger.schemeChange', scheme: 'light' }));
    expect(screenNow()).toEqual({ checked: null, scheme: 'light', stored: 'dark' });
    theme.stop();
  });

  it('follows the device live only while “Same as device” is chosen', () => {
    const { theme } = startTheme('web, device preference, light device');
    act(() => theme.send({ type: 'device.schemeChange', scheme: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    act(() => theme.send({ type: 'device.schemeChange', scheme: 'light' }));
    act(() => theme.send({ type: 'device.schemeChange', scheme: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(screen.getByRole('radio', { name: 'Same as device' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    theme.stop();
  });
});
