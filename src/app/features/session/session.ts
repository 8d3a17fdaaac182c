import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { settingsEndpoints } from '../../../contract/settings.ts';
import { parseResponse, request } from '../../api/call.ts';
import { isUnauthorized } from '../../api/errors.ts';
import { onUnauthorized } from '../../api/http.ts';
import type { Session, SessionState } from '../../lib/session.ts';
import { sessionQueryKey } from '../../lib/session.ts';
import type { Toasts } from '../../lib/toasts.tsx';
import type { Platform } from '../../platform/types.ts';
import '../../lib/queryMeta.ts';

const signedOut: SessionState = { status: 'signed-out' };

function hasUserId(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const id = Reflect.get(body, 'id');
  return id !== undefined && id !== null;
}

/** GET /user/settings: 401 or settings without an id mean signed out (spec 000 s.4). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    const body = await request(settingsEndpoints.getSettings, { signal });
    if (!hasUserId(body)) return signedOut;
    return { status: 'signed-in', settings: parseResponse(settingsEndpoints.getSettings, body) };
  } catch (error) {
    if (isUnauthorized(error)) return signedOut;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    // Spec 000 s.7/s.9: settings are fresh for 60 s; no retries.
    staleTime: 60_000,
    retry: false,
    meta: { errorMessage: msg`Couldn’t reach Kopilka. Check your connection and try again.` },
  });
}

/**
 * Starts signing in: Telegram's OAuth page on the web, init data inside the mini app.
 *
 * NOT YET IMPLEMENTED: the next issue wires the real flows here (see docs/app-shell.md). Until
 * then it says so honestly instead of pretending to sign the person in.
 */
export function startSignIn(_platform: Platform, toasts: Toasts): void {
  toasts.show('info', i18n._(msg`Signing in isn’t available yet. Please try again later.`));
}

/** A 401 from any call while signed in means the session is over: mark it signed out. */
export function watchUnauthorized(queryClient: QueryClient): () => void {
  return onUnauthorized(() => {
    const current = queryClient.getQueryData<SessionState>(sessionQueryKey);
    if (current?.status !== 'signed-in') return;
    queryClient.setQueryData<SessionState>(sessionQueryKey, signedOut);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  });
}

export function createSession(platform: Platform, toasts: Toasts): Session {
  return {
    queryOptions: sessionQueryOptions(),
    signIn: () => startSignIn(platform, toasts),
  };
}
