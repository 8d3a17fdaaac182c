import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { biometricEnrolmentMachine } from '../../../../machines/biometricEnrolment.machine.ts';
import type { PasscodeConfirmInput } from '../../../../machines/passcodeConfirm.machine.ts';
import type { SecurityInfo } from '../../../contract/security.ts';
import { refreshSecurity } from '../../api/securityQueries.ts';
import type { Platform } from '../../platform/types.ts';
import { confirmInput, providePasscodeConfirm } from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { securityCalls } from './securityApi.ts';

/**
 * Turning biometrics on for this device (docs/security-app.md "Biometric enrolment"): the steps
 * shared by the set-passcode flow's biometric stage and the security page's enrolment. Access
 * goes through `platform.biometry` (without it every step fails: the flows only start where
 * biometrics are usable); the biometric token comes from `POST /security/biometric` with an
 * `addBiometric` confirmation token, and the security info is refreshed once it is added.
 */
export function biometricEnrolmentSteps(deps: { queryClient: QueryClient; platform: Platform }) {
  const { queryClient, platform } = deps;
  const biometry = () => {
    if (!platform.biometry) throw new Error('Biometrics are not available here');
    return platform.biometry;
  };
  const steps = {
    /** The person already let the mini app use biometrics. */
    checkAccess: async () => biometry().accessGranted(),
    /** Asks the person for access; true when granted. */
    requestAccess: async () => biometry().requestAccess(),
    /** `POST /security/biometric` → the biometric token; the security info is refreshed. */
    add: async (passCodeConfirmationToken: string) => {
      const token = await securityCalls.addBiometric(passCodeConfirmationToken);
      void refreshSecurity(queryClient);
      return token;
    },
    /** The messenger's secure storage; true when stored. */
    store: async (token: string) => biometry().storeToken(token),
    /** Access was refused: the messenger's biometric settings. */
    openSettings: () => platform.biometry?.openSettings(),
    /** Access already granted, or granted when asked (a failed check asks as well). */
    ensureAccess: async () => (await steps.checkAccess().catch(() => false)) || steps.requestAccess(),
    /** Adds the biometric token and stores it on the device; a token the device did not keep fails. */
    enrol: async (passCodeConfirmationToken: string) => {
      const stored = await steps.store(await steps.add(passCodeConfirmationToken));
      if (!stored) throw new Error('The biometric token was not stored');
    },
  };
  return steps;
}

/**
 * The passcodeConfirm input for the enrolment: `addBiometric` bound to `hash` (any hash works for
 * this type on the server; the page uses a fresh random one per visit, `freshHash()`), the
 * lockout carried over from the security info, and no biometric offer or biometric
 * authentication (`available: false`): this confirmation IS the enrolment.
 */
export function enrolmentConfirmInput(
  platform: Platform,
  info: SecurityInfo,
  storage: Storage | null,
  hash: string,
  now: number,
): PasscodeConfirmInput {
  return confirmInput({ platform, storage, biometricsAvailable: false }, info, 'addBiometric', hash, now);
}

/** The enrolment machine with the app's calls: passcodeConfirm as the app wires it, then the shared steps. */
export function provideBiometricEnrolment(deps: {
  queryClient: QueryClient;
  platform: Platform;
  storage: Storage | null;
}) {
  const steps = biometricEnrolmentSteps(deps);
  return biometricEnrolmentMachine.provide({
    actors: {
      passcodeConfirm: providePasscodeConfirm(deps.platform, deps.storage),
      ensureAccess: fromPromise<boolean, void>(() => steps.ensureAccess()),
      enrol: fromPromise<void, { passCodeConfirmationToken: string }>(({ input }) =>
        steps.enrol(input.passCodeConfirmationToken),
      ),
    },
    actions: {
      openBiometricSettings: () => steps.openSettings(),
      enrolled: () => deps.platform.haptic('success'),
    },
  });
}
