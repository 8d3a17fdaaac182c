import { Trans } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { EmailChangeInput } from '../../../../machines/emailChange.machine.ts';
import { type SetPasscodeInput, setPasscodeMachine } from '../../../../machines/setPasscode.machine.ts';
import type { SecurityInfo } from '../../../contract/security.ts';
import type { UserSettings } from '../../../contract/settings.ts';
import { refreshSecurity, securityQueryOptions } from '../../api/securityQueries.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import type { Platform } from '../../platform/types.ts';
import { LoadFailed } from '../../ui/LoadStates.tsx';
import {
  confirmInput,
  freshHash,
  storageOrNull,
  useBiometricsAvailable,
} from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { BiometricEnrolmentView } from './BiometricEnrolmentView.tsx';
import { biometricEnrolmentSteps, enrolmentConfirmInput, provideBiometricEnrolment } from './biometricEnrolment.ts';
import { EmailChangeView } from './EmailChangeView.tsx';
import { SetPasscodeView } from './SetPasscodeView.tsx';
import { provideEmailChange, securityCalls } from './securityApi.ts';

/**
 * The set-passcode machine with the app's calls and effects (docs/passcode.md). Its biometric
 * stage runs the shared enrolment steps (biometricEnrolment.ts); without `platform.biometry` they
 * fail, which the machine shows as `biometric_failed` (the stage is only entered when biometrics
 * are usable).
 */
export function provideSetPasscode(deps: { queryClient: QueryClient; platform: Platform }) {
  const { queryClient, platform } = deps;
  const biometrics = biometricEnrolmentSteps(deps);
  return setPasscodeMachine.provide({
    actors: {
      verifyEmail: fromPromise<string, { email: string }>(({ input }) =>
        securityCalls.verifyEmail({ email: input.email }),
      ),
      confirmEmail: fromPromise<unknown, { code: string; id: string }>(({ input }) =>
        securityCalls.confirmEmail(input.code, input.id),
      ),
      setPasscode: fromPromise<unknown, { code: string }>(async ({ input }) => {
        const result = await securityCalls.setPasscode(input.code);
        void refreshSecurity(queryClient);
        return result;
      }),
      fetchSettings: fromPromise<unknown, void>(({ signal }) => securityCalls.settings(queryClient, signal)),
      checkBiometricAccess: fromPromise<boolean, void>(() => biometrics.checkAccess()),
      requestBiometricAccess: fromPromise<boolean, void>(() => biometrics.requestAccess()),
      confirmPasscode: fromPromise<string, { code: string; transactionType: 'addBiometric' }>(({ input }) =>
        securityCalls.addBiometricToken(input.code),
      ),
      addBiometric: fromPromise<string, { passCodeConfirmationToken: string }>(({ input }) =>
        biometrics.add(input.passCodeConfirmationToken),
      ),
      storeBiometricToken: fromPromise<unknown, { token: string }>(({ input }) => biometrics.store(input.token)),
    },
    actions: {
      errorHaptics: () => platform.haptic('error'),
      openBiometricSettings: () => biometrics.openSettings(),
    },
  });
}

/**
 * /account/security/passcode/new: starts the set-passcode machine with the app's calls; with the
 * `strict` suggestion (from the take-offer form) its first screen explains why, and cannot be dismissed.
 */
export function SetPasscodeFlow({
  settings,
  suggestion,
  onDone,
}: {
  settings: UserSettings;
  suggestion: 'none' | 'strict';
  onDone: () => void;
}) {
  const platform = usePlatform();
  const available = useBiometricsAvailable(platform);
  if (available === null) return null;
  return (
    <RunningSetPasscode
      input={{
        suggestion,
        isEmailConfirmed: settings.isEmailConfirmed === true,
        email: settings.email ?? null,
        biometric: {
          inMessenger: platform.kind === 'mini-app',
          version: platform.messenger?.version ?? null,
          available,
        },
      }}
      onDone={onDone}
    />
  );
}

function RunningSetPasscode({ input, onDone }: { input: SetPasscodeInput; onDone: () => void }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const machine = useMemo(() => provideSetPasscode({ queryClient, platform }), [queryClient, platform]);
  const actor = useActorRef(machine, { input });
  const dismissed = useSelector(actor, (snapshot) => snapshot.matches('dismissed'));
  useEffect(() => {
    if (dismissed) onDone();
  }, [dismissed, onDone]);
  return <SetPasscodeView actor={actor} onHaptic={platform.haptic} onDone={onDone} />;
}

/** /account/security/email: starts the e-mail change machine with the app's calls. */
export function EmailChangeFlow({ onDone }: { onDone: () => void }) {
  const platform = usePlatform();
  const security = useQuery(securityQueryOptions(deviceId()));
  // Decided once, from the first answer: the info refreshes when the new address is confirmed.
  const [started, setStarted] = useState<EmailChangeInput | null>(null);
  const info = security.data;
  if (started === null && info !== undefined) setStarted(emailChangeInput(platform, info, Date.now()));
  if (started === null && security.isError) {
    return (
      <LoadFailed
        message={<Trans>Couldn’t load your security settings.</Trans>}
        onRetry={() => void security.refetch()}
      />
    );
  }
  return started === null ? null : <RunningEmailChange input={started} onDone={onDone} />;
}

/**
 * The flow's input: a first address (create_email) without a confirmed one; otherwise a change
 * (change_email), with the passcode first when one is active (transaction type change_email, a
 * fresh hash, no biometric offer: this confirmation is a step of the change).
 */
export function emailChangeInput(platform: Platform, info: SecurityInfo, now: number): EmailChangeInput {
  if (!info.isEmailConfirmed) return { email: info.email };
  if (!info.passCode) return { email: info.email, change: { confirm: null } };
  const device = { platform, storage: storageOrNull(), biometricsAvailable: false };
  return { email: info.email, change: { confirm: confirmInput(device, info, 'change_email', freshHash(), now) } };
}

function RunningEmailChange({ input, onDone }: { input: EmailChangeInput; onDone: () => void }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const [storage] = useState(storageOrNull);
  const machine = useMemo(
    () => provideEmailChange({ queryClient, platform, storage }),
    [queryClient, platform, storage],
  );
  const actor = useActorRef(machine, { input });
  return <EmailChangeView actor={actor} onDone={onDone} />;
}

/**
 * /account/security/biometrics: turns biometrics on for this device (the passcode first, then the
 * enrolment steps). Leaves at once (`onDone`) where there is nothing to turn on: no biometrics the
 * messenger can use, no passcode, or biometrics already on.
 */
export function BiometricEnrolmentFlow({ onDone }: { onDone: () => void }) {
  const platform = usePlatform();
  const available = useBiometricsAvailable(platform);
  const security = useQuery(securityQueryOptions(deviceId()));
  const info = security.data;
  const ready = available !== null && info !== undefined;
  const eligible = ready && available && info.passCode && !info.biometric;
  // Decided once: the info refreshes (biometric on) while the enrolment is still storing the token.
  const [started, setStarted] = useState<SecurityInfo | null>(null);
  if (started === null && eligible) setStarted(info);
  const leave = started === null && ((ready && !eligible) || security.isError);
  useEffect(() => {
    if (leave) onDone();
  }, [leave, onDone]);
  return started ? <RunningEnrolment info={started} onDone={onDone} /> : null;
}

function RunningEnrolment({ info, onDone }: { info: SecurityInfo; onDone: () => void }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const [storage] = useState(storageOrNull);
  const [input] = useState(() => ({
    confirm: enrolmentConfirmInput(platform, info, storage, freshHash(), Date.now()),
  }));
  const machine = useMemo(
    () => provideBiometricEnrolment({ queryClient, platform, storage }),
    [queryClient, platform, storage],
  );
  const actor = useActorRef(machine, { input });
  const finished = useSelector(actor, (snapshot) => snapshot.status === 'done');
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);
  return <BiometricEnrolmentView actor={actor} />;
}
