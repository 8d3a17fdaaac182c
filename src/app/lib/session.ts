import type { UseQueryOptions } from '@tanstack/react-query';
import type { UserSettings } from '../../contract/settings.ts';

/** Signed in (with the user's settings) or not. */
export type SessionState =
  | { readonly status: 'signed-in'; readonly settings: UserSettings }
  | { readonly status: 'signed-out' };

/** The settings query doubles as the session check (spec 000 s.4: "an existing session check"). */
export const sessionQueryKey = ['user', 'settings'] as const;

/**
 * What the shell and the routes need of the session, injected through the router context so
 * that no feature imports the session feature. Built by `features/session/session.ts`.
 */
export interface Session {
  readonly queryOptions: UseQueryOptions<SessionState, Error, SessionState, typeof sessionQueryKey>;
  /** The one sign-in entry point (the prompt's button and the header's link). */
  signIn(): void;
}
