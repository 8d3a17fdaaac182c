import { useQuery } from '@tanstack/react-query';
import type { BiometricSuggestionFacts } from '../../../../machines/passcode/rules.ts';
import type { PasscodeConfirmInput } from '../../../../machines/passcodeConfirm.machine.ts';
import type { SecurityInfo } from '../../../contract/security-info.ts';
import type { Platform } from '../../platform/types.ts';

/**
 * What a passcode confirmation needs to know about this device before it starts: the biometric
 * facts, the stored date of the last suggestion, the machine's input. Apart from the machine
 * (passcodeConfirm.ts) so that a screen whose confirmation comes later (withdraw) can gather them
 * on its first screen without loading the machine.
 */

/** Local storage: when biometrics were last suggested (spec 001 s.3 "Local storage"). */
export const biometricSuggestedKey = 'kopilka.biometricSuggestedAt';

export function storageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStorage(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * What the suggestion rule needs to know about biometrics: inside the messenger and its version
 * from the platform; whether the device's biometrics can be used (`useBiometricsAvailable`); the
 * server's `biometric` flag for this device; the stored date of the last suggestion.
 */
export function biometricFacts(
  platform: Platform,
  info: SecurityInfo,
  storage: Storage | null,
  available: boolean,
): BiometricSuggestionFacts {
  return {
    inMessenger: platform.kind === 'mini-app',
    version: platform.messenger?.version ?? null,
    available,
    enabled: info.biometric,
    lastSuggested: readStorage(storage, biometricSuggestedKey),
  };
}

/**
 * Whether the device has biometrics the messenger can use: false on the web and below 7.2, and
 * when the messenger has not answered within a second (platform/telegramSession.ts); null while
 * asking, so a screen that needs the answer waits at most that second.
 */
export function useBiometricsAvailable(platform: Platform): boolean | null {
  const biometry = platform.capabilities.biometrics ? platform.biometry : undefined;
  const query = useQuery({
    queryKey: ['platform', 'biometry', 'available'],
    queryFn: () => biometry?.isAvailable() ?? Promise.resolve(false),
    enabled: biometry !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });
  if (biometry === undefined) return false;
  if (query.isError) return false;
  return query.isPending ? null : query.data === true;
}

/** The machine's input for a confirmation of `hash` on this device, now. */
export function confirmInput(
  device: { platform: Platform; storage: Storage | null; biometricsAvailable: boolean },
  info: SecurityInfo,
  transactionType: PasscodeConfirmInput['transactionType'],
  hash: string,
  now: number,
): PasscodeConfirmInput {
  const input: PasscodeConfirmInput = {
    transactionType,
    hash,
    biometric: biometricFacts(device.platform, info, device.storage, device.biometricsAvailable),
    now,
  };
  return info.lockSeconds !== null && info.lockSeconds > 0 ? { ...input, unlockIn: info.lockSeconds } : input;
}
