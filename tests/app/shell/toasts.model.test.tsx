/**
 * Toasts as a person meets them, along the paths of the toast machine
 * (tests/machines/support/toastModel.ts, which only says which states and transitions exist).
 *
 * The system under test is the app's toast actor (`createToastActor`, as the app starts it) with
 * the rendered `ToastHost`, on the web and in a mini app that has native alerts (8.0). Raising a
 * toast is what the app's code does (`toastsOf(actor).show`); dismissing is a tap on Dismiss;
 * closing the alert is the messenger settling its promise; time passes on fake timers.
 *
 * What must hold is written here by hand from spec 000 s.8 and spec 001 s.8 ("only one toast is
 * visible at a time; on the web a toast lasts 3 s; in the mini app errors show as an alert"):
 * what the test knows it raised and when, and one expectation per state of the machine.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastKind } from '../../../machines/toast.machine.ts';
import { ToastHost } from '../../../src/app/features/shell/ToastHost.tsx';
import { toastsOf } from '../../../src/app/lib/toasts.tsx';
import { isTimePass, type ModelPath } from '../../machines/support/model.ts';
import { describeEvent, type ToastMachine, type ToastPlatform, toastPaths } from '../../machines/support/toastModel.ts';
import { fakePlatform, renderWithProviders } from '../support.tsx';

const PLATFORMS: readonly ToastPlatform[] = ['web', 'mini app'];
const paths = new Map(PLATFORMS.map((platform) => [platform, toastPaths(platform)]));
const pathsOf = (platform: ToastPlatform): Array<ModelPath<ToastMachine>> => paths.get(platform) ?? [];

/** What the test knows: what it raised, what should be on screen, what went to the messenger. */
interface World {
  platform: ToastPlatform;
  /** The toast that should be on screen if one is. */
  current: { kind: ToastKind; message: string } | null;
  /** Milliseconds since `current` was raised. */
  shownFor: number;
  /** A native alert is open (the messenger has not answered yet). */
  alertOpen: boolean;
  /** The messages that must have gone to the messenger's alert, in order. */
  alerts: string[];
}

interface Shown {
  toasts: Array<{ message: string; kind: string | undefined; dismiss: boolean }>;
  alerts: string[];
}

function shownNow(alert: ReturnType<typeof vi.fn>): Shown {
  return {
    toasts: screen.queryAllByRole('status').map((toast) => ({
      message: toast.querySelector('.ui-toast-message')?.textContent ?? '',
      kind: [...toast.classList].find((name) => name.startsWith('ui-toast--'))?.slice('ui-toast--'.length),
      dismiss: toast.querySelector('button[aria-label="Dismiss"]') !== null,
    })),
    alerts: alert.mock.calls.map((call) => String(call[0])),
  };
}

/** One hand-written expectation per state. */
const EXPECTED: Record<string, (shown: Shown, world: World) => void> = {
  hidden: (shown, world) => {
    expect(shown.toasts).toEqual([]);
    expect(world.alertOpen).toBe(false);
  },
  visible: (shown, world) => {
    // One toast, the last one raised, with its kind and a Dismiss button, for less than 3 s.
    expect(shown.toasts).toEqual([{ message: world.current?.message, kind: world.current?.kind, dismiss: true }]);
    expect(world.shownFor).toBeLessThan(3000);
    expect(world.alertOpen).toBe(false);
  },
  alerting: (shown, world) => {
    // The messenger's alert instead of a toast: only inside the mini app, only for errors.
    expect(world.platform).toBe('mini app');
    expect(shown.toasts).toEqual([]);
    expect(world.alertOpen).toBe(true);
    expect(shown.alerts.at(-1)).toBe("Couldn't change time zone");
  },
};

describe.each(PLATFORMS)('the toast host (%s)', (platformName) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const path of pathsOf(platformName)) {
    it(`shows what the state calls for when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const base = fakePlatform(platformName === 'web' ? 'web' : 'mini-app', '8.0');
      let closeAlert: () => void = () => {};
      const alert = vi.fn(
        () =>
          new Promise<void>((resolve) => {
            closeAlert = resolve;
          }),
      );
      const { toastActor } = renderWithProviders(<ToastHost />, { platform: { ...base, alert } });
      const toasts = toastsOf(toastActor);
      const world: World = { platform: platformName, current: null, shownFor: 0, alertOpen: false, alerts: [] };

      const check = (where: string) => {
        const value = String(toastActor.getSnapshot().value);
        const expectation = EXPECTED[value];
        if (expectation === undefined) throw new Error(`No expectation written for the state ${value}`);
        const shown = shownNow(alert);
        expect(shown.alerts, `${where}: alerts`).toEqual(world.alerts);
        try {
          expectation(shown, world);
        } catch (error) {
          throw new Error(`${where}, in ${value}: ${error instanceof Error ? error.message : String(error)}`);
        }
      };
      check('at the start');

      for (const step of path.steps) {
        const event = step.event;
        if (isTimePass(event)) {
          act(() => void vi.advanceTimersByTime(event.ms));
          world.shownFor += event.ms;
          if (world.shownFor >= 3000) world.current = null;
        } else if (event.type === 'toast.show') {
          act(() => toasts.show(event.kind, event.message));
          if (world.alertOpen) {
            // Dropped while the alert is open (docs: one popup at a time, nothing queued).
          } else if (platformName === 'mini app' && event.kind === 'error') {
            world.alertOpen = true;
            world.alerts.push(event.message);
            world.current = null;
          } else {
            world.current = { kind: event.kind, message: event.message };
            world.shownFor = 0;
          }
        } else if (event.type === 'toast.dismiss') {
          fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
          world.current = null;
        } else {
          await act(async () => {
            closeAlert();
            await Promise.resolve();
          });
          world.alertOpen = false;
        }
        check(`after "${describeEvent(event)}"`);
      }
      toastActor.stop();
    });
  }
});

describe('toast rules (spec 000 s.8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a toast exactly 3 s on the web, and a replacement its own full 3 s', () => {
    const { toastActor } = renderWithProviders(<ToastHost />);
    act(() => toastsOf(toastActor).show('info', 'Copied'));
    act(() => void vi.advanceTimersByTime(2000));
    act(() => toastsOf(toastActor).show('success', 'Address saved'));
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status').textContent).toContain('Address saved');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends errors to the messenger’s alert in the mini app, but shows other toasts', () => {
    const platform = fakePlatform('mini-app', '8.0');
    const { toastActor } = renderWithProviders(<ToastHost />, { platform });
    act(() => toastsOf(toastActor).show('success', 'Address saved'));
    expect(screen.getByRole('status').textContent).toContain('Address saved');
    act(() => toastsOf(toastActor).show('error', 'Couldn’t change language'));
    expect(platform.alert).toHaveBeenCalledWith('Couldn’t change language');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
