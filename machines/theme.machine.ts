import { assign, setup } from 'xstate';

/**
 * Theme (spec 000 s.4 "Theme"): the preference cycles device → light → dark → device and is
 * stored locally; inside the messenger the theme follows the messenger's colour scheme, live,
 * and the preference neither applies nor changes there.
 *
 * Input: `{ preference, deviceScheme, insideMessenger, messengerScheme }`. The app reads the
 * stored preference from local storage (pass it through `parseThemePreference`), the device
 * scheme from `prefers-color-scheme`, and inside the messenger its current colour scheme.
 *
 * Events: `theme.toggle` (the next preference in the cycle) and `theme.set { preference }` from
 * the settings, on the web only (a view asks `snapshot.can({ type: 'theme.toggle' })` to know
 * whether to offer them); `device.schemeChange { scheme }` when `prefers-color-scheme` changes;
 * `messenger.schemeChange { scheme }` when the messenger's theme changes.
 *
 * Context: `preference` (what the person chose, kept as stored even inside the messenger),
 * `scheme` (the resolved 'light' | 'dark' on screen), and the latest device and messenger
 * schemes. Tags: `followsMessenger`, `followsDevice` (the scheme may change by itself).
 *
 * The app provides, with `themeMachine.provide(...)`:
 * - action `applyScheme(_, { scheme })`: puts the scheme on the page (e.g. `data-theme`); runs on
 *   start and whenever the resolved scheme may have changed. Inert default: nothing.
 * - action `persistPreference(_, { preference })`: writes the preference to local storage; runs
 *   only when the person changes it. Inert default: nothing.
 */

export type ColorScheme = 'light' | 'dark';
export type ThemePreference = 'device' | 'light' | 'dark';

export const themePreferences: readonly ThemePreference[] = ['device', 'light', 'dark'];

/** A stored value (anything local storage may hold) as a preference; unknown values mean device. */
export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'device';
}

export interface ThemeInput {
  preference?: ThemePreference | null;
  deviceScheme?: ColorScheme;
  insideMessenger?: boolean;
  messengerScheme?: ColorScheme | null;
}

export interface ThemeContext {
  preference: ThemePreference;
  /** The scheme on screen. */
  scheme: ColorScheme;
  deviceScheme: ColorScheme;
  /** The messenger's scheme inside the messenger, null outside. */
  messengerScheme: ColorScheme | null;
}

export type ThemeEvent =
  | { type: 'theme.toggle' }
  | { type: 'theme.set'; preference: ThemePreference }
  | { type: 'device.schemeChange'; scheme: ColorScheme }
  | { type: 'messenger.schemeChange'; scheme: ColorScheme };

export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
    tags: {} as 'followsMessenger' | 'followsDevice',
  },
  actions: {
    choosePreference: assign((_, params: { preference: ThemePreference }) => ({ preference: params.preference })),
    useScheme: assign((_, params: { scheme: ColorScheme }) => ({ scheme: params.scheme })),
    useDeviceScheme: assign(({ context }) => ({ scheme: context.deviceScheme })),
    useMessengerScheme: assign(({ context }) => ({ scheme: context.messengerScheme ?? context.deviceScheme })),
    storeDeviceScheme: assign((_, params: { scheme: ColorScheme }) => ({ deviceScheme: params.scheme })),
    storeMessengerScheme: assign((_, params: { scheme: ColorScheme }) => ({ messengerScheme: params.scheme })),
    // Inert: the app sets the page's colour scheme.
    applyScheme: (_, _params: { scheme: ColorScheme }) => {},
    // Inert: the app writes the preference to local storage.
    persistPreference: (_, _params: { preference: ThemePreference }) => {},
  },
  guards: {
    isInsideMessenger: ({ context }) => context.messengerScheme !== null,
    prefers: ({ context }, params: { preference: ThemePreference }) => context.preference === params.preference,
    isChoice: (_, params: { chosen: ThemePreference; preference: ThemePreference }) =>
      params.chosen === params.preference,
  },
}).createMachine({
  id: 'theme',
  description: 'Device → light → dark → device, stored locally; the messenger colour scheme inside the messenger.',
  context: ({ input }) => {
    const deviceScheme = input.deviceScheme ?? 'light';
    const messengerScheme = input.insideMessenger === true ? (input.messengerScheme ?? deviceScheme) : null;
    return { preference: parseThemePreference(input.preference), scheme: deviceScheme, deviceScheme, messengerScheme };
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Inside the messenger, or the stored preference on the web.',
      always: [
        { guard: 'isInsideMessenger', target: 'messenger' },
        { guard: { type: 'prefers', params: { preference: 'light' } }, target: 'web.light' },
        { guard: { type: 'prefers', params: { preference: 'dark' } }, target: 'web.dark' },
        { target: 'web.device' },
      ],
    },
    messenger: {
      description: "Follows the messenger's colour scheme; the preference is kept but not used.",
      tags: ['followsMessenger'],
      entry: ['useMessengerScheme', { type: 'applyScheme', params: ({ context }) => ({ scheme: context.scheme }) }],
      on: {
        'messenger.schemeChange': {
          actions: [
            { type: 'storeMessengerScheme', params: ({ event }) => ({ scheme: event.scheme }) },
            'useMessengerScheme',
            { type: 'applyScheme', params: ({ context }) => ({ scheme: context.scheme }) },
          ],
        },
      },
    },
    web: {
      initial: 'device',
      on: {
        'device.schemeChange': {
          description: 'Remembered for when the preference is device again.',
          actions: { type: 'storeDeviceScheme', params: ({ event }) => ({ scheme: event.scheme }) },
        },
        'theme.set': [
          {
            guard: { type: 'isChoice', params: ({ event }) => ({ chosen: event.preference, preference: 'device' }) },
            target: '.device',
            actions: { type: 'persistPreference', params: { preference: 'device' } },
          },
          {
            guard: { type: 'isChoice', params: ({ event }) => ({ chosen: event.preference, preference: 'light' }) },
            target: '.light',
            actions: { type: 'persistPreference', params: { preference: 'light' } },
          },
          {
            target: '.dark',
            actions: { type: 'persistPreference', params: { preference: 'dark' } },
          },
        ],
      },
      states: {
        device: {
          description: 'Follows prefers-color-scheme.',
          tags: ['followsDevice'],
          entry: [
            { type: 'choosePreference', params: { preference: 'device' } },
            'useDeviceScheme',
            { type: 'applyScheme', params: ({ context }) => ({ scheme: context.scheme }) },
          ],
          on: {
            'theme.toggle': {
              target: 'light',
              actions: { type: 'persistPreference', params: { preference: 'light' } },
            },
            'device.schemeChange': {
              actions: [
                { type: 'storeDeviceScheme', params: ({ event }) => ({ scheme: event.scheme }) },
                'useDeviceScheme',
                { type: 'applyScheme', params: ({ context }) => ({ scheme: context.scheme }) },
              ],
            },
          },
        },
        light: {
          entry: [
            { type: 'choosePreference', params: { preference: 'light' } },
            { type: 'useScheme', params: { scheme: 'light' } },
            { type: 'applyScheme', params: ({ context }) => ({ scheme: context.scheme }) },
          ],
          on: {
            'theme.toggle': { target: 'dark', actions: { type: 'persistPreference', params: { preference: 'dark' } } },
          },
        },
        dark: {
          entry: [
            { type: 'choosePreference', params: { preference: 'dark' } },
            { type: 'useScheme', params: { scheme: 'dark' } },
            { type: 'applyScheme', params: ({ context }) => ({ scheme: context.scheme }) },
          ],
          on: {
            'theme.toggle': {
              target: 'device',
              actions: { type: 'persistPreference', params: { preference: 'device' } },
            },
          },
        },
      },
    },
  },
});
