import type { UseQueryOptions } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { signInMachine } from '../../../machines/signIn.machine.ts';
import type { UserSettings } from '../../contract/settings.ts';

/** Signed in (with the user's settings) or not. */
export type SessionState =
  | { readonly status: 'signed-in'; readonly settings: UserSettings }
  | { readonly status: 'signed-out' };

/**
 * The settings query (`GET /user/settings`, fresh for 60 s). The sign-in machine seeds it with
 * the settings every sign-in answers, so a signed-in screen never waits for a second request;
 * `PUT /user/settings` answers are merged into it.
 */
export const sessionQueryKey = ['user', 'settings'] as const;

export type SignInActor = ActorRefFrom<typeof signInMachine>;
export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

/**
 * What the shell, the routes and other features need of the session, injected through the
 * router context and `SessionContext`, so that no feature imports the session feature. Built by
 * `features/session/session.ts`.
 *
 * Whether the person is signed in is the sign-in machine's answer (`actor`, see
 * machines/signIn.machine.ts): render from its snapshot (`useSignIn`). The settings of the
 * signed-in person live in the query cache under `sessionQueryKey` (`queryOptions`).
 */
export interface Session {
  readonly actor: SignInActor;
  readonly queryOptions: UseQueryOptions<SessionState, Error, SessionState, typeof sessionQueryKey>;
  /** The one sign-in entry point (the prompt's button and the header's link): `signIn.start`. */
  signIn(): void;
  /** Skips the 5 s wait after a failed attempt: `signIn.retry`. */
  retry(): void;
  /** Ends the session on the server and here: `session.logout`. */
  logOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('The session needs a <SessionContext.Provider>');
  return session;
}

/** Selects from the sign-in machine's snapshot (re-renders only when the selection changes). */
export function useSignIn<T>(select: (snapshot: SignInSnapshot) => T): T {
  return useSelector(useSession().actor, select);
}

/** True once the machine says the person is signed in. */
export function useSignedIn(): boolean {
  return useSignIn((snapshot) => snapshot.hasTag('signedIn'));
}
