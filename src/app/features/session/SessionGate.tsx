import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { signInPageTags } from '../../../../machines/signIn.machine.ts';
import { type UserSettings, userSettings } from '../../../contract/settings.ts';
import { type SignInSnapshot, useSession, useSignIn } from '../../lib/session.ts';
import { AuthErrorPage, MiniAppAuthPage, RetryPage, WebLoginPage } from './SignInPages.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';

type SignInPage = (typeof signInPageTags)[number];

/** The page the machine's state names (every state carries exactly one page tag). */
function pageOf(snapshot: SignInSnapshot): SignInPage {
  return signInPageTags.find((tag) => snapshot.hasTag(tag)) ?? 'loading';
}

/**
 * Screens for signed-in users, and the sign-in pages otherwise, rendered from the sign-in
 * machine's snapshot only: `loading` (the session check or logging out: nothing, the shell's
 * indicator shows after 1 s), `miniAppAuth` / `webLogin` (signing in), `retrying` (a failed
 * attempt, tried again after 5 s), `signedOut` (the sign-in prompt, with why the last attempt
 * failed if it did), `redirecting` (the same prompt, its button busy while the login page opens),
 * `authError` (the auth error page). Signed in, `children` get the settings from the settings query, which sign-in seeded.
 */
export function SessionGate({ children }: { children: (settings: UserSettings) => ReactNode }) {
  const session = useSession();
  const page = useSignIn(pageOf);
  const retrying = useSignIn((snapshot) => snapshot.hasTag('retrying'));
  const lastError = useSignIn((snapshot) => snapshot.context.lastError);
  const machineSettings = useSignIn((snapshot) => snapshot.context.settings);
  const query = useQuery({ ...session.queryOptions, enabled: page === 'signedIn' });
  // The query's copy follows later changes (PUT /user/settings); the machine's is the sign-in's.
  const signInSettings = useMemo(() => {
    const parsed = userSettings.safeParse(machineSettings);
    return parsed.success ? parsed.data : null;
  }, [machineSettings]);

  switch (page) {
    case 'signedIn': {
      const settings = query.data?.status === 'signed-in' ? query.data.settings : signInSettings;
      return settings === null ? null : children(settings);
    }
    case 'signedOut':
      return <SignInPrompt onSignIn={session.signIn} error={lastError} />;
    case 'redirecting':
      return <SignInPrompt onSignIn={session.signIn} opening />;
    case 'authError':
      return <AuthErrorPage error={lastError} />;
    case 'miniAppAuth':
    case 'webLogin':
    case 'loading':
      if (retrying) return <RetryPage checking={page === 'loading'} error={lastError} onRetry={session.retry} />;
      if (page === 'miniAppAuth') return <MiniAppAuthPage />;
      if (page === 'webLogin') return <WebLoginPage />;
      return null;
  }
}
