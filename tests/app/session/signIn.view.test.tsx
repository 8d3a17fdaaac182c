/**
 * The sign-in pages along the sign-in machine's paths.
 *
 * The machine's model (tests/machines/support/signInModel.ts) only says which states and
 * transitions exist; its paths walk all of them. The system under test is the rendered session
 * view (`SessionGate`) on the real machine started by the app's own wiring (`startSession`),
 * whose calls are fakes the path settles (a step "the sign-in answers 401" is the server's
 * answer; what goes over the wire is session.test.tsx's subject). The person's steps go through
 * the page where it offers them (the sign-in button; "Try again", the declared main action, which
 * `ScreenActionButtons` stands in for: Telegram's MainButton in the mini app, the shell's on the web).
 *
 * What must hold is written here by hand from spec 000 s.4, s.7, s.8 and docs/app-shell.md:
 * `follow` keeps what the test knows from the path alone (which request is running, how many
 * attempts failed and why), and `expectPage` says, with literal texts, what a person sees then.
 * Nothing here reads the machine's state or context, or compares it with itself.
 *
 * Where the model answers its short settings fixture (`SETTINGS`, only an id, a language and a
 * currency), the fakes answer complete settings (`SIGNED_IN_SETTINGS`, with the same id), because
 * the app checks the settings of a signed-in person against the contract before it renders them.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSettings } from '../../../machines/signIn.machine.ts';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { SessionGate } from '../../../src/app/features/session/SessionGate.tsx';
import { type RunningSession, startSession } from '../../../src/app/features/session/session.ts';
import { createToastActor } from '../../../src/app/lib/toasts.tsx';
import type { UserSettings } from '../../../src/contract/settings.ts';
import { flush, isActorSettle, isTimePass, type ModelPath, type ModelStep } from '../../machines/support/model.ts';
import {
  describeEvent,
  replayMachine,
  SETTINGS,
  type SignInMachine,
  type SignInScenario,
  scenarios,
  signInPaths,
} from '../../machines/support/signInModel.ts';
import { ScreenActionButtons } from '../support/screenActionButtons.tsx';
import { fakePlatform } from '../support.tsx';

const SCENARIOS: readonly SignInScenario[] = ['mini app', 'web redirect', 'web hash result', 'web visit'];

const SIGNED_IN_SETTINGS: UserSettings = {
  id: 42,
  language: 'en',
  local_currency: 'USD',
  timezone: 'Europe/Berlin',
  permissions: {},
  compliance: { lock: false, ban: false, ban_reason: null, pending_actions_from_user: false, soft_ban_until: null },
  is_tester: false,
  feature_flags: {},
};

const paths = Object.fromEntries(SCENARIOS.map((scenario) => [scenario, signInPaths(scenario)])) as Record<
  SignInScenario,
  Array<ModelPath<SignInMachine>>
>;

function asSettings(output: unknown): SessionSettings {
  if (output === SETTINGS) return SIGNED_IN_SETTINGS;
  return typeof output === 'object' && output !== null ? { ...output } : {};
}

function renderSession(scenario: SignInScenario) {
  const { machine, fakes, effects } = replayMachine(asSettings);
  const platform = fakePlatform(scenario === 'mini app' ? 'mini-app' : 'web');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toastActor = createToastActor(platform);
  const session = startSession(machine, { input: scenarios[scenario] });
  render(
    <AppProviders platform={platform} queryClient={queryClient} toastActor={toastActor} session={session}>
      <SessionGate>{(settings) => <h1>Wallet of user {settings.id}</h1>}</SessionGate>
      {/* The declared actions: Telegram's MainButton in the mini app, the shell's buttons on the web. */}
      <ScreenActionButtons />
    </AppProviders>,
  );
  return { session, fakes, effects, queryClient };
}

const headings = () => screen.queryAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);
const buttons = () => screen.queryAllByRole('button').map((button) => button.textContent);

type Method = 'initData' | 'loginWidget' | 'session';
type Failure = 'unauthorized' | 'network' | 'server' | 'invalid_settings';
type Page = 'signingIn' | 'loading' | 'retrying' | 'signedOut' | 'redirecting' | 'wallet' | 'authError';

/** What the test knows from the path alone (spec 000 s.4, s.8: 5 failures, 401, retry after 5 s). */
interface World {
  method: Method;
  page: Page;
  failures: number;
  lastError: Failure | null;
}

function methodOf(scenario: SignInScenario): Method {
  if (scenario === 'mini app') return 'initData';
  return scenario === 'web visit' ? 'session' : 'loginWidget';
}

function failureOf(error: unknown): Failure {
  const status: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : null;
  if (status === 401) return 'unauthorized';
  return typeof status === 'number' ? 'server' : 'network';
}

/** A failed attempt: counted; the fifth is the auth error page; a 401 signs out; others retry. */
function failed(world: World, failure: Failure): void {
  world.failures += 1;
  world.lastError = failure;
  if (world.failures >= 5) world.page = 'authError';
  else world.page = failure === 'unauthorized' ? 'signedOut' : 'retrying';
}

function follow(world: World, scenario: SignInScenario, event: ModelStep<SignInMachine>['event']): void {
  const attempting = () => {
    world.page = world.method === 'session' ? 'loading' : 'signingIn';
  };
  if (isTimePass(event)) {
    // Spec 000 s.8: a failed attempt is tried again after 5 s.
    if (world.page === 'retrying' && event.ms >= 5000) attempting();
    return;
  }
  if (isActorSettle(event)) {
    if (event.id === 'redirectToLogin') {
      // The login page did not open (or the page came back from it): the button again.
      if (event.type === 'actor.error') world.lastError = failureOf(event.error) === 'network' ? 'network' : 'server';
      world.page = 'signedOut';
      return;
    }
    if (event.id === 'endSession') {
      world.page = 'signedOut';
      return;
    }
    if (event.type === 'actor.done') {
      if (event.output === SETTINGS) {
        world.page = 'wallet';
        world.failures = 0;
        world.lastError = null;
      } else failed(world, 'invalid_settings');
      return;
    }
    const failure = failureOf(event.error);
    if (world.method === 'session' && failure === 'unauthorized') {
      // No session yet: not a failed attempt.
      world.page = 'signedOut';
      world.lastError = null;
      return;
    }
    failed(world, failure);
    return;
  }
  switch (event.type) {
    case 'signIn.start':
      if (world.page !== 'signedOut') return;
      if (scenario === 'mini app') {
        world.method = 'initData';
        attempting();
      } else world.page = 'redirecting';
      return;
    case 'signIn.retry':
      if (world.page === 'retrying') attempting();
      else if (world.page === 'signedOut') {
        world.method = methodOf(scenario);
        attempting();
      }
      return;
    case 'session.unauthorized':
      if (world.page === 'wallet') world.page = 'signedOut';
      return;
    case 'session.logout':
      if (world.page === 'wallet') world.page = 'loading';
      return;
  }
}

const REASONS: Record<Failure, string> = {
  unauthorized: 'Couldn’t sign you in. Telegram’s sign-in details weren’t accepted.',
  network: 'Couldn’t sign you in. Kopilka couldn’t be reached. Check your internet connection.',
  server: 'Couldn’t sign you in. Something went wrong on our side.',
  invalid_settings: 'Couldn’t sign you in. Something went wrong on our side.',
};

/** What a person sees on each page, in literal texts. */
function expectPage(world: World, scenario: SignInScenario): void {
  switch (world.page) {
    case 'wallet':
      expect(headings()).toEqual(['Wallet of user 42']);
      expect(buttons()).toEqual([]);
      return;
    case 'signedOut':
      expect(headings()).toEqual(['Kopilka']);
      expect(buttons()).toEqual(['Sign in with Telegram']);
      expect(screen.getByRole('button', { name: 'Sign in with Telegram' }).hasAttribute('disabled')).toBe(false);
      expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
        world.lastError === null ? null : REASONS[world.lastError],
      );
      return;
    case 'redirecting': {
      // The same prompt, its button busy until the page goes; no reason while it tries.
      expect(headings()).toEqual(['Kopilka']);
      expect(buttons()).toEqual(['Opening Telegram…']);
      const button = screen.getByRole('button', { name: 'Opening Telegram…' });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByRole('alert')).toBeNull();
      return;
    }
    case 'authError':
      expect(headings()).toEqual(['Couldn’t sign you in']);
      expect(screen.getByText(/Your money is safe\./)).toBeTruthy();
      expect(
        screen.getByText(
          scenario === 'mini app'
            ? 'Close Kopilka and open it again from Telegram. If that doesn’t help, try again later.'
            : 'Reload the page and sign in again. If that doesn’t help, try again later.',
        ),
      ).toBeTruthy();
      expect(screen.getByText(/If this keeps happening, write to Kopilka support in Telegram/)).toBeTruthy();
      expect(buttons()).toEqual(['Reload']);
      return;
    case 'retrying':
      expect(headings()).toEqual([world.method === 'session' ? 'Couldn’t reach Kopilka' : 'Couldn’t sign you in yet']);
      expect(screen.getByText(/Trying again in a few seconds\./)).toBeTruthy();
      expect(buttons()).toEqual(['Try again']);
      return;
    case 'signingIn':
      expect(headings()).toEqual([world.method === 'initData' ? 'Signing you in…' : 'Finishing sign-in…']);
      expect(screen.getByRole('status', { name: 'Signing in' })).toBeTruthy();
      expect(buttons()).toEqual([]);
      return;
    case 'loading':
      // The session check or logging out: nothing yet; the shell's indicator shows after 1 s.
      expect(headings()).toEqual([]);
      expect(buttons()).toEqual([]);
      return;
  }
}

describe('the sign-in paths', () => {
  it('are 47 in the mini app and 62 in each web scenario (a tripwire for unintended change)', () => {
    expect(SCENARIOS.map((scenario) => paths[scenario].length)).toEqual([47, 62, 62, 62]);
    expect(SCENARIOS.reduce((total, scenario) => total + paths[scenario].length, 0)).toBe(233);
  });
});

describe.each(SCENARIOS)('sign-in views (%s)', (scenario) => {
  let session: RunningSession | null = null;
  beforeEach(() => {
    vi.useFakeTimers();
    // Signed in, the settings query asks GET /user/settings (the session is still there).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(SIGNED_IN_SETTINGS)),
    );
  });
  afterEach(() => {
    session?.stop();
    session = null;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  for (const path of paths[scenario]) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const rendered = renderSession(scenario);
      session = rendered.session;
      const { fakes } = rendered;
      const world: World = {
        method: methodOf(scenario),
        page: scenario === 'web visit' ? 'loading' : 'signingIn',
        failures: 0,
        lastError: null,
      };
      expectPage(world, scenario);

      for (const step of path.steps) {
        const { event } = step;
        if (isTimePass(event)) {
          act(() => vi.advanceTimersByTime(event.ms));
        } else if (isActorSettle(event)) {
          await act(async () => {
            fakes.settle(event);
            await flush();
          });
        } else if (event.type === 'signIn.start') {
          // Only the sign-in page offers it: press its button.
          fireEvent.click(screen.getByRole('button', { name: 'Sign in with Telegram' }));
        } else if (event.type === 'signIn.retry' && screen.queryByRole('button', { name: 'Try again' })) {
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        } else {
          // A 401 of a later call, logging out, a retry with no control on the page: sent as the app does.
          act(() => rendered.session.actor.send(event));
        }
        follow(world, scenario, event);
        try {
          expectPage(world, scenario);
        } catch (error) {
          throw new Error(`after "${describeEvent(event)}", expecting the ${world.page} page: ${String(error)}`);
        }
      }
    });
  }
});
