import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';

/**
 * Changing the market username (`/p2p/profile/name`; spec 001 s.2 "Username screen", s.4
 * "Username change", s.5 "P2P username", s.8 "Username errors"; docs/p2p.md "Orders list,
 * username, quiet hours and verified merchant screens").
 *
 * `editing` holds the typed name (`name.change` keeps only what the field accepts: a letter
 * first, then letters, digits or underscore). `submit` checks the rules of s.5: a problem is
 * shown and nothing is sent; the current name (exactly) finishes at once with no call
 * (`unchanged`); any other name is first checked (`checkAvailability`: POST
 * /p2p/profile/check-username), where `exists` or a failed check counts as taken (s.5), then
 * saved (`saveUsername`: PATCH /p2p/profile {username}). Saved, the screen goes to the profile
 * (`showProfile`). The server's NOT_ENOUGH_ORDERS opens the stats modal (`notEnoughOrders`),
 * whose closing goes to the P2P index (`showMarket`); its other username codes are the field's
 * problem, and anything else is the toast "Failed to change market username." (`failed`).
 *
 * Actors reject with `{ status, reason }` (the HTTP status and the server's code, null without
 * an answer). Tag: `busy` (a call under way).
 */

export const usernameMinLength = 5;
export const usernameMaxLength = 15;

/** What is wrong with the name, shown under the field (the view words it, s.5 and s.8). */
export type UsernameProblem =
  | 'too_short'
  | 'too_long'
  | 'taken'
  /** The server's WRONG_USERNAME: a name passing its holder off as staff. */
  | 'wrong'
  /** CANNOT_CHANGE_NOW: already changed twice in the last year. */
  | 'cannot_change_now';

/** The field's input rule (s.5): letters, digits and underscore only, and a letter first. */
export function acceptedUsernameInput(typed: string): string {
  return typed.replace(/[^A-Za-z0-9_]/g, '').replace(/^[^A-Za-z]+/, '');
}

/** The length rules of s.5 (the characters are already the field's). */
export function usernameLengthProblem(name: string): 'too_short' | 'too_long' | null {
  if (name.length < usernameMinLength) return 'too_short';
  if (name.length > usernameMaxLength) return 'too_long';
  return null;
}

/** How actors reject: the HTTP status and the server's code. */
export interface CallFailure {
  status: number | null;
  reason: string | null;
}

function reasonOf(error: unknown): string | null {
  const reason = typeof error === 'object' && error !== null ? Reflect.get(error, 'reason') : undefined;
  return typeof reason === 'string' ? reason : null;
}

/** The server's username codes (src/contract/p2p-profile.ts `profileErrorCodes`) that name a field problem. */
const problemOfCode: Readonly<Record<string, UsernameProblem>> = {
  USERNAME_TAKEN: 'taken',
  WRONG_USERNAME: 'wrong',
  CANNOT_CHANGE_NOW: 'cannot_change_now',
};

export interface UsernameInput {
  /** The username the person has now. */
  current: string;
}

export interface UsernameContext {
  current: string;
  name: string;
  /** Shown once the person has tried to save; a change of the name clears a server's verdict. */
  problem: UsernameProblem | null;
  /** Whether a save was tried: length problems show live from then on. */
  submitted: boolean;
  /** The last save failed for no reason the field can show (the toast). */
  failed: boolean;
}

export type UsernameEvent = { type: 'name.change'; value: string } | { type: 'submit' } | { type: 'stats.close' };

function pending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

export const p2pUsernameMachine = setup({
  types: {
    context: {} as UsernameContext,
    events: {} as UsernameEvent,
    input: {} as UsernameInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Resolves with `exists`. */
    checkAvailability: pending<boolean, { username: string }>(),
    saveUsername: pending<void, { username: string }>(),
  },
  actions: {
    /** Saved (or nothing to save): the own profile. */
    showProfile: () => {},
    /** The stats modal closed: the P2P index. */
    showMarket: () => {},
  },
  guards: {
    changesName: ({ context, event }) =>
      event.type === 'name.change' && acceptedUsernameInput(event.value) !== context.name,
    breaksLengthRule: ({ context }) => usernameLengthProblem(context.name) !== null,
    isCurrentName: ({ context }) => context.name === context.current,
    exists: ({ event }) => 'output' in event && event.output === true,
    isNotEnoughOrders: ({ event }) => 'error' in event && reasonOf(event.error) === 'NOT_ENOUGH_ORDERS',
    namesAProblem: ({ event }) => 'error' in event && problemOfCode[reasonOf(event.error) ?? ''] !== undefined,
  },
}).createMachine({
  id: 'p2pUsername',
  context: ({ input }) => ({
    current: input.current,
    name: input.current,
    problem: null,
    submitted: false,
    failed: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'name.change': {
          // The same name again (or only characters the field drops) changes nothing: a verdict on it still holds.
          guard: 'changesName',
          actions: assign(({ context, event }) => {
            const name = acceptedUsernameInput(event.value);
            return {
              name,
              problem: context.submitted ? usernameLengthProblem(name) : null,
              failed: false,
            };
          }),
        },
        submit: [
          {
            guard: 'breaksLengthRule',
            actions: assign(({ context }) => ({ submitted: true, problem: usernameLengthProblem(context.name) })),
          },
          { guard: 'isCurrentName', target: 'saved' },
          { target: 'checking', actions: assign({ submitted: true, problem: null, failed: false }) },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkAvailability',
        src: 'checkAvailability',
        input: ({ context }) => ({ username: context.name }),
        onDone: [{ guard: 'exists', target: 'editing', actions: assign({ problem: 'taken' }) }, { target: 'saving' }],
        // Spec 001 s.5: a failed availability check counts as taken.
        onError: { target: 'editing', actions: assign({ problem: 'taken' }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveUsername',
        src: 'saveUsername',
        input: ({ context }) => ({ username: context.name }),
        onDone: 'saved',
        onError: [
          { guard: 'isNotEnoughOrders', target: 'notEnoughOrders' },
          {
            guard: 'namesAProblem',
            target: 'editing',
            actions: assign({ problem: ({ event }) => problemOfCode[reasonOf(event.error) ?? ''] ?? null }),
          },
          { target: 'editing', actions: assign({ failed: true }) },
        ],
      },
    },
    notEnoughOrders: {
      on: { 'stats.close': 'closedToMarket' },
    },
    saved: { type: 'final', entry: 'showProfile' },
    closedToMarket: { type: 'final', entry: 'showMarket' },
  },
});
