/**
 * The theme machine's model, shared by its model-based test (tests/machines/theme.model.test.ts)
 * and by any test that drives the theme views along the same paths.
 */
import { type ThemeEvent, type ThemeInput, themeMachine } from '../../../machines/theme.machine.ts';
import { isTimePass, type ModelEvent, type ModelPath, transitionPaths } from './model.ts';

export type ThemeMachine = typeof themeMachine;
export type ThemeScenario =
  | 'web, device preference, light device'
  | 'web, light preference, dark device'
  | 'web, dark preference, light device'
  | 'web, nothing stored'
  | 'messenger, dark'
  | 'messenger, light, dark stored';

export const scenarios: Record<ThemeScenario, ThemeInput> = {
  'web, device preference, light device': { preference: 'device', deviceScheme: 'light', insideMessenger: false },
  'web, light preference, dark device': { preference: 'light', deviceScheme: 'dark', insideMessenger: false },
  'web, dark preference, light device': { preference: 'dark', deviceScheme: 'light', insideMessenger: false },
  'web, nothing stored': { preference: null, deviceScheme: 'dark' },
  'messenger, dark': { preference: 'device', deviceScheme: 'light', insideMessenger: true, messengerScheme: 'dark' },
  'messenger, light, dark stored': {
    preference: 'dark',
    deviceScheme: 'dark',
    insideMessenger: true,
    messengerScheme: 'light',
  },
};

export const themeEvents: ThemeEvent[] = [
  { type: 'theme.toggle' },
  { type: 'theme.set', preference: 'device' },
  { type: 'theme.set', preference: 'light' },
  { type: 'theme.set', preference: 'dark' },
  { type: 'device.schemeChange', scheme: 'light' },
  { type: 'device.schemeChange', scheme: 'dark' },
  { type: 'messenger.schemeChange', scheme: 'light' },
  { type: 'messenger.schemeChange', scheme: 'dark' },
];

export function themePaths(scenario: ThemeScenario): Array<ModelPath<ThemeMachine>> {
  return transitionPaths(themeMachine, {
    input: scenarios[scenario],
    events: () => themeEvents,
    key: (snapshot) => [snapshot.value, snapshot.context],
  });
}

/** The effects a replay records: the named actions the app provides, with their params. */
export const EFFECTS = ['applyScheme', 'persistPreference'] as const;

export function replayMachine(): { machine: ThemeMachine; effects: Array<{ type: string; params: unknown }> } {
  const effects: Array<{ type: string; params: unknown }> = [];
  const machine = themeMachine.provide({
    actions: {
      applyScheme: (_, params) => void effects.push({ type: 'applyScheme', params }),
      persistPreference: (_, params) => void effects.push({ type: 'persistPreference', params }),
    },
  });
  return { machine, effects };
}

export function describeEvent(event: ModelEvent<ThemeMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  switch (event.type) {
    case 'theme.toggle':
      return 'the person toggles the theme';
    case 'theme.set':
      return `the person chooses ${event.preference}`;
    case 'device.schemeChange':
      return `the device turns ${event.scheme}`;
    case 'messenger.schemeChange':
      return `the messenger turns ${event.scheme}`;
  }
}
