import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { getSecurityEndpoint } from '../../contract/security-info.ts';
import { settingsEndpoints, type UserSettings } from '../../contract/settings.ts';
import { sessionQueryKey } from '../lib/session.ts';
import { mergeSettings } from '../lib/signedInSettings.ts';
import { call } from './call.ts';

/**
 * The security queries shared by the security page, the set-passcode flow, the
 * confirmation/recovery pages (features/security/confirm, features/security/recovery) and the
 * withdraw flow's passcode step (features/withdraw):
 *
 * - `securityQueryOptions(deviceId)`: `GET /security?deviceId=` (passcode on / pending, e-mail
 *   and whether it is confirmed, biometrics for this device, `lockSeconds`, `attemptsExhausted`).
 *   Never cached for long: a lockout or a bot confirmation changes it behind our back.
 * - `sessionsQueryOptions()` (api/sessionsQueries.ts, with the security pages): the signed-in devices;
 * - `fetchSettings(queryClient)`: `GET /user/settings`, merged into the session's settings query
 *   (`['user', 'settings']`) so every screen sees the new `passCode` / `email` flags.
 * - `refreshSecurity(queryClient)`: after any change, both are refetched.
 */
export const securityQueryKey = ['security'] as const;

export function securityQueryOptions(deviceId: string | null = null) {
  return queryOptions({
    queryKey: [...securityQueryKey, deviceId ?? ''] as const,
    queryFn: ({ signal }) => call(getSecurityEndpoint, { query: deviceId ? { deviceId } : {}, signal }),
    staleTime: 0,
  });
}

/** GET /user/settings; the answer is merged into the cached settings and returned. */
export async function fetchSettings(queryClient: QueryClient, signal?: AbortSignal): Promise<UserSettings> {
  const settings = await call(settingsEndpoints.getSettings, { signal });
  mergeSettings(queryClient, settings);
  return settings;
}

/** Refetches the security info and the settings after a change (passcode, e-mail, biometrics). */
export async function refreshSecurity(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([
    queryClient.invalidateQueries({ queryKey: securityQueryKey }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  ]);
}
