import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type UserSettings, userSettings } from '../../contract/settings.ts';
import { type SessionState, sessionQueryKey, useSession, useSignIn } from './session.ts';

/**
 * The signed-in person's settings for features other than the session itself (account,
 * settings, the blocked guard, the language): one small hook, so that where "signed in" comes
 * from can change in one place. Whether the person is signed in is the sign-in machine's answer
 * (its `signedIn` tag); the settings are the settings query's (seeded by every sign-in, with
 * `PUT /user/settings` answers merged in), else those the sign-in answered.
 *
 * - `signed-in` with the settings;
 * - `loading`: signed in, settings not known yet (rare: sign-in answers them);
 * - `not-signed-in`: any other state of the sign-in machine (checking, signing in, retrying,
 *   signed out, the auth error page), whose pages the session feature shows.
 */
export type SignedInSettings =
  | { readonly status: 'loading' | 'not-signed-in'; readonly settings: null }
  | { readonly status: 'signed-in'; readonly settings: UserSettings };

export function useSignedInSettings(options: { enabled?: boolean } = {}): SignedInSettings {
  const session = useSession();
  const signedIn = useSignIn((snapshot) => snapshot.hasTag('signedIn'));
  const machineSettings = useSignIn((snapshot) => snapshot.context.settings);
  const query = useQuery({ ...session.queryOptions, enabled: signedIn && (options.enabled ?? true) });
  const signInSettings = useMemo(() => {
    const parsed = userSettings.safeParse(machineSettings);
    return parsed.success ? parsed.data : null;
  }, [machineSettings]);
  if (!signedIn) return { status: 'not-signed-in', settings: null };
  const settings = query.data?.status === 'signed-in' ? query.data.settings : signInSettings;
  return settings === null ? { status: 'loading', settings: null } : { status: 'signed-in', settings };
}

/**
 * Spec 000 s.7: a `PUT /user/settings` answer is merged into the cached settings. Nothing
 * happens when the person signed out while the request was on its way.
 */
export function mergeSettings(queryClient: QueryClient, answer: UserSettings): void {
  queryClient.setQueryData<SessionState>(sessionQueryKey, (current) =>
    current?.status === 'signed-in' ? { status: 'signed-in', settings: { ...current.settings, ...answer } } : current,
  );
}
