/**
 * The sign-in machine's model, shared by its model-based test (tests/machines/signIn.model.test.ts)
 * and by any test that drives the sign-in views along the same paths: the scenarios (inputs), the
 * events tried from each state, the fakes, and how a step reads as a sentence.
 */
import {
  type SessionSettings,
  type SignInEvent,
  type SignInInput,
  signInMachine,
  type TelegramLoginData,
} from '../../../machines/signIn.machine.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
  unsettledActor,
} from './model.ts';

export type SignInMachine = typeof signInMachine;
export type SignInScenario = 'mini app' | 'web redirect' | 'web hash result' | 'web visit';

export const INIT_DATA =
  'query_id=AAH&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Ada%22%7D&auth_date=1700000000&hash=c0ffee';

export const LOGIN_DATA: TelegramLoginData = {
  id: '42',
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  auth_date: '1700000000',
  hash: 'c0ffee',
};

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const scenarios: Record<SignInScenario, SignInInput> = {
  'mini app': { initData: INIT_DATA },
  'web redirect': { redirectParams: { ...LOGIN_DATA, back: '/account' } },
  'web hash result': {
    hashResult: `#tgAuthResult=${base64Url(JSON.stringify({ ...LOGIN_DATA, id: 42, auth_date: 1700000000 }))}`,
  },
  'web visit': {},
};

export const SETTINGS: SessionSettings = { id: 42, language: 'en', local_currency: 'USD' };
export const SETTINGS_WITHOUT_ID: SessionSettings = { language: 'en' };

type Settle = ActorSettleOf<SignInMachine>;
type SignInActorId = 'signInWithInitData' | 'signInWithLoginWidget' | 'checkSession';

function signInSettles(id: SignInActorId): Settle[] {
  return [
    { type: 'actor.done', id, output: SETTINGS },
    { type: 'actor.done', id, output: SETTINGS_WITHOUT_ID },
    { type: 'actor.error', id, error: { status: 401 } },
    { type: 'actor.error', id, error: { status: 500 } },
    { type: 'actor.error', id, error: { status: null } },
  ];
}

export const userEvents: SignInEvent[] = [
  { type: 'signIn.start' },
  { type: 'signIn.retry' },
  { type: 'session.unauthorized' },
  { type: 'session.logout' },
];

export function modelEvents(snapshot: ReturnType<SignInMachine['getInitialSnapshot']>): Array<SignInEvent | Settle> {
  const events: Array<SignInEvent | Settle> = [...userEvents];
  const ids: SignInActorId[] = ['signInWithInitData', 'signInWithLoginWidget', 'checkSession'];
  for (const id of ids) if (snapshot.children[id] !== undefined) events.push(...signInSettles(id));
  if (snapshot.children.endSession !== undefined) {
    events.push(
      { type: 'actor.done', id: 'endSession', output: undefined },
      { type: 'actor.error', id: 'endSession', error: { status: null } },
    );
  }
  if (snapshot.children.redirectToLogin !== undefined) {
    // Done only when the page comes back instead of unloading (the back-forward cache).
    events.push(
      { type: 'actor.done', id: 'redirectToLogin', output: undefined },
      { type: 'actor.error', id: 'redirectToLogin', error: { status: 500 } },
      { type: 'actor.error', id: 'redirectToLogin', error: { status: null } },
    );
  }
  return events;
}

/** The machine as the model sees it: actors that only the model's events settle. */
export const modelMachine = signInMachine.provide({
  actors: {
    signInWithInitData: unsettledActor(),
    signInWithLoginWidget: unsettledActor(),
    checkSession: unsettledActor(),
    endSession: unsettledActor(),
    redirectToLogin: unsettledActor(),
  },
});

export function signInPaths(scenario: SignInScenario): Array<ModelPath<SignInMachine>> {
  return transitionPaths(modelMachine, {
    input: scenarios[scenario],
    events: modelEvents,
    // The error code and the settings follow from the path; failures change what happens next.
    key: (snapshot) => [snapshot.value, snapshot.context.failures],
  });
}

function asSettings(output: unknown): SessionSettings {
  return typeof output === 'object' && output !== null ? { ...output } : {};
}

/** The effects a replay records: the named actions the app provides, in order. */
export const EFFECTS = ['logOut', 'sessionStarted', 'retryScheduled'] as const;

/** An effect the app provides, with the params the machine gave it. */
export interface Effect {
  type: (typeof EFFECTS)[number];
  params: unknown;
}

/** The effects a model step predicts (the named actions of `EFFECTS` among the step's actions). */
export function effectsOf(actions: ReadonlyArray<{ type: string; params: unknown }>): Effect[] {
  const effects: Effect[] = [];
  for (const { type, params } of actions) {
    const effect = EFFECTS.find((name) => name === type);
    if (effect !== undefined) effects.push({ type: effect, params });
  }
  return effects;
}

/** The machine with deferred fakes and recorded effects, for replaying a path on a real actor. */
export function replayMachine(accept: (output: unknown) => SessionSettings = asSettings): {
  machine: SignInMachine;
  fakes: DeferredActors;
  effects: Effect[];
} {
  const fakes = new DeferredActors();
  const effects: Effect[] = [];
  const machine = signInMachine.provide({
    actors: {
      signInWithInitData: fakes.actor('signInWithInitData', accept),
      signInWithLoginWidget: fakes.actor('signInWithLoginWidget', accept),
      checkSession: fakes.actor('checkSession', accept),
      endSession: fakes.actor<void, void>('endSession', () => {}),
      redirectToLogin: fakes.actor<void, void>('redirectToLogin', () => {}),
    },
    actions: {
      logOut: () => void effects.push({ type: 'logOut', params: undefined }),
      sessionStarted: (_, params) => void effects.push({ type: 'sessionStarted', params }),
      retryScheduled: (_, params) => void effects.push({ type: 'retryScheduled', params }),
    },
  });
  return { machine, fakes, effects };
}

function describeSettle(event: Settle): string {
  const who =
    event.id === 'checkSession'
      ? 'the session check'
      : event.id === 'endSession'
        ? 'the logout call'
        : event.id === 'redirectToLogin'
          ? 'the trip to the login page'
          : event.id === 'signInWithInitData'
            ? 'the init-data sign-in'
            : 'the login-page sign-in';
  if (event.type === 'actor.done') {
    if (event.id === 'endSession') return `${who} succeeds`;
    if (event.id === 'redirectToLogin') return `${who} ends with the page back from the cache`;
    return event.output === SETTINGS ? `${who} answers settings` : `${who} answers settings without an id`;
  }
  const status: unknown =
    typeof event.error === 'object' && event.error !== null ? Reflect.get(event.error, 'status') : null;
  return status === null ? `${who} gets no response` : `${who} fails with ${String(status)}`;
}

export function describeEvent(event: ModelEvent<SignInMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) return describeSettle(event);
  switch (event.type) {
    case 'signIn.start':
      return 'the person presses sign in';
    case 'signIn.retry':
      return 'the person retries';
    case 'session.unauthorized':
      return 'a later call gets a 401';
    case 'session.logout':
      return 'the person logs out';
  }
}
